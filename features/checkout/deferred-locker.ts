import { deferredIsland } from '../../client/lib/chunks/deferred-island';
import type { LockerPicker as Picker } from './LockerPicker';
import { initialShippingMethod, isLockerMethod } from './shipping';
import type { CheckoutData } from './types';

/**
 * The parcel-locker picker, from its own chunk (client/lib/chunks/deferred-island.ts): only a
 * shopper who chooses delivery to a locker needs it. Wrap it in `<Suspense>`.
 */
const picker = deferredIsland<Parameters<typeof Picker>[0]>(() => import('./LockerPicker').then((m) => m.LockerPicker));

/**
 * The picker's chunk when the step starts on the locker method, loaded before the page renders
 * with `data` (a page module's `prepare`, awaited by loadPageComponent in client/page-modules.ts): the
 * page hydrates whole, and a client navigation to the step never shows it half loaded.
 */
export function prepareLockerPicker(data: Pick<CheckoutData, 'shippingMethods' | 'order'>): Promise<unknown> {
  return isLockerMethod(initialShippingMethod(data)?.code) ? picker.preload().catch(() => undefined) : Promise.resolve();
}

export const LockerPicker = picker.Component;
export const provideLockerPicker = picker.provide;
