import { CheckoutFrame } from '../components/checkout/CheckoutFrame';
import { PaymentStep } from '../components/checkout/PaymentStep';
import type { CheckoutData } from '../components/checkout/types';
import type { PageProps } from '../router/types';

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
