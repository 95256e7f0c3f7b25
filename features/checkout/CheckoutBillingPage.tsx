import { CheckoutFrame } from './CheckoutFrame';
import { BillingStep } from './BillingStep';
import type { CheckoutData } from './types';
import type { PageProps } from '../../client/router/types';

export type { CheckoutData };

/** `/checkout/billing` (issue 11): the step the worker allowed, with its data. */
export default function CheckoutBillingPage({ data }: PageProps<CheckoutData>) {
  return (
    <CheckoutFrame data={data}>
      {/* A fresh form per order, so nothing typed for another order is shown. */}
      <BillingStep key={data.order.id} data={data} />
    </CheckoutFrame>
  );
}
