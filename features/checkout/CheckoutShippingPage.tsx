import { useState } from 'react';
import { CheckoutFrame } from './CheckoutFrame';
import { initialShippingChoice, ShippingStep } from './ShippingStep';
import type { CheckoutData } from './types';
import type { PageProps } from '../../client/router/types';

export type { CheckoutData };
/** The locker picker's chunk when the step starts on it, loaded before the page renders (client/page-modules.ts `loadPageComponent`). */
export { prepareLockerPicker as prepare } from './deferred-locker';

/**
 * `/checkout/shipping` (issue 11): the step the worker allowed, with its data. The summary beside
 * it follows the step's choice before it is saved (issue 29).
 */
export default function CheckoutShippingPage({ data }: PageProps<CheckoutData>) {
  const [choice, setChoice] = useState(() => initialShippingChoice(data));
  return (
    <CheckoutFrame data={data} shipping={choice}>
      {/* A fresh form per order, so nothing typed for another order is shown. */}
      <ShippingStep key={data.order.id} data={data} onChoice={setChoice} />
    </CheckoutFrame>
  );
}
