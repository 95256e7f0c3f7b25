import { CheckoutFrame } from './CheckoutFrame';
import { CustomerStep } from './CustomerStep';
import type { CheckoutData } from './types';
import type { PageProps } from '../../client/router/types';

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
