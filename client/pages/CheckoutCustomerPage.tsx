import { CheckoutFrame } from '../components/checkout/CheckoutFrame';
import { CustomerStep } from '../components/checkout/CustomerStep';
import type { CheckoutData } from '../components/checkout/types';
import type { PageProps } from '../router/types';

export type { CheckoutData };

/** `/checkout/customer` (issue 11): the step the worker allowed, with its data. */
export default function CheckoutCustomerPage({ data }: PageProps<CheckoutData>) {
  return (
    <CheckoutFrame data={data}>
      {/* A fresh form per order, so nothing typed for another order is shown. */}
      <CustomerStep key={data.order.id} data={data} />
    </CheckoutFrame>
  );
}
