import { deferredIsland } from '../deferred-island';
import type { LockerPicker as Picker } from './LockerPicker';

/**
 * The parcel-locker picker, from its own chunk (client/components/deferred-island.ts): only a
 * shopper who chooses delivery to a locker needs it. Wrap it in `<Suspense>`.
 */
const picker = deferredIsland<Parameters<typeof Picker>[0]>(() => import('./LockerPicker').then((m) => m.LockerPicker));

/**
 * Shown by the server (a locker chosen already): its chunk is loaded before the page renders
 * (`ready`, awaited by loadPageComponent in client/routes.ts), so the page hydrates whole.
 */
export const lockerReady: Promise<unknown> =
  typeof document !== 'undefined' && document.querySelector('.locker-picker') ? picker.preload().catch(() => undefined) : Promise.resolve();

export const LockerPicker = picker.Component;
export const provideLockerPicker = picker.provide;
