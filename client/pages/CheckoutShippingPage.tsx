import { CheckoutFrame } from '../components/checkout/CheckoutFrame';
import { ShippingStep } from '../components/checkout/ShippingStep';
import type { CheckoutData } from '../components/checkout/types';
import type { PageProps } from '../router/types';

export type { CheckoutData };
/** The locker picker's chunk when the step starts on it, loaded before the page renders (client/page-modules.ts `loadPageComponent`). */
export { prepareLockerPicker as prepare } from '../components/checkout/deferred-locker';

/** `/checkout/shipping` (issue 11): the step the worker allowed, with its data. */
export default function CheckoutShippingPage({ data }: PageProps<CheckoutData>) {
  return (
    <CheckoutFrame data={data}>
      {/* A fresh form per order, so nothing typed for another order is shown. */}
      <ShippingStep key={data.order.id} data={data} />
    </CheckoutFrame>
  );
}
