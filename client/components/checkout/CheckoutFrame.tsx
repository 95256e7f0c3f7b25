import type { ReactNode } from 'react';
import { CheckoutShell } from './CheckoutShell';
import { OrderSummary } from './OrderSummary';
import { StepNav } from './StepNav';
import type { CheckoutData } from './types';

/**
 * One step of the checkout with the step navigation above and the order summary beside it.
 * Each step is its own page module (CheckoutCustomerPage …), so a step loads only its own form.
 */
export function CheckoutFrame({ data, children }: { data: CheckoutData; children: ReactNode }) {
  return (
    <CheckoutShell>
      <div className="checkout">
        <StepNav current={data.step} done={data.done} order={data.order} />
        <div className="checkout__body">
          <div className="checkout__main">{children}</div>
          <OrderSummary order={data.order} />
        </div>
      </div>
    </CheckoutShell>
  );
}
