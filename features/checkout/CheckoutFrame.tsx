import type { ReactNode } from 'react';
import type { ShippingChoice } from './summary';
import { CheckoutShell } from './CheckoutShell';
import { OrderSummary } from './OrderSummary';
import { StepNav } from './StepNav';
import type { CheckoutData } from './types';

/**
 * One step of the checkout with the step navigation above and the order summary beside it.
 * Each step is its own page module (CheckoutCustomerPage …), so a step loads only its own form.
 * A page outside the steps (the payment return) gives no `step` and shows no step navigation.
 * `shipping`: the shipping step's unsaved choice, which the summary shows at once.
 */
export function CheckoutFrame({
  data,
  shipping,
  children,
}: {
  data: Pick<CheckoutData, 'order'> & Partial<Pick<CheckoutData, 'step' | 'done'>>;
  shipping?: ShippingChoice | null;
  children: ReactNode;
}) {
  return (
    <CheckoutShell>
      <div className="checkout">
        {data.step && data.done && <StepNav current={data.step} done={data.done} order={data.order} />}
        <div className="checkout__body">
          <div className="checkout__main">{children}</div>
          <OrderSummary order={data.order} shipping={shipping} />
        </div>
      </div>
    </CheckoutShell>
  );
}
