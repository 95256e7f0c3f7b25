import type { LockerPicker as Picker } from './LockerPicker';
import { deferredIsland } from '../deferred-island';

/**
 * The parcel-locker picker, from its own chunk (client/components/deferred-island.ts): only a
 * shopper who chooses delivery to a locker needs it. Wrap it in `<Suspense>`.
 */
const picker = deferredIsland<Parameters<typeof Picker>[0]>(() => import('./LockerPicker').then((m) => m.LockerPicker));

export const LockerPicker = picker.Component;
export const provideLockerPicker = picker.provide;
