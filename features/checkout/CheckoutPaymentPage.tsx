import { CheckoutFrame } from './CheckoutFrame';
import { PaymentStep } from './PaymentStep';
import type { CheckoutData } from './types';
import type { PageProps } from '../../client/router/types';

export type { CheckoutData };

/** `/checkout/payment` (issue 11): the step the worker allowed, with its data. */
export default function CheckoutPaymentPage({ data }: PageProps<CheckoutData>) {
  return (
    <CheckoutFrame data={data}>
      {/* A fresh form per order, so nothing typed for another order is shown. */}
      <PaymentStep key={data.order.id} data={data} />
    </CheckoutFrame>
  );
}
