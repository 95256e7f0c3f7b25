import { BillingStep } from './BillingStep';
import { CustomerStep } from './CustomerStep';
import { OrderSummary } from './OrderSummary';
import { PaymentStep } from './PaymentStep';
import { ShippingStep } from './ShippingStep';
import { StepNav } from './StepNav';
import type { CheckoutData } from './types';

/** One step of the checkout with the step navigation above and the order summary beside it. */
export function CheckoutSteps({ data }: { data: CheckoutData }) {
  const Step = { customer: CustomerStep, shipping: ShippingStep, billing: BillingStep, payment: PaymentStep }[data.step];
  return (
    <div className="checkout">
      <StepNav current={data.step} done={data.done} order={data.order} />
      <div className="checkout__body">
        <div className="checkout__main">
          {/* A fresh form per step and order state, so a step's local state never leaks into the next. */}
          <Step key={`${data.step}:${data.order.id}`} data={data} />
        </div>
        <OrderSummary order={data.order} />
      </div>
    </div>
  );
}
