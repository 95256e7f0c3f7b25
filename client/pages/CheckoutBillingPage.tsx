import { CheckoutFrame } from '../components/checkout/CheckoutFrame';
import { BillingStep } from '../components/checkout/BillingStep';
import type { CheckoutData } from '../components/checkout/types';
import type { PageProps } from '../router/types';

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
