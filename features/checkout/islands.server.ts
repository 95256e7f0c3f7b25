import { provideLockerPicker } from './deferred-locker';
import { LockerPicker } from './LockerPicker';

// The locker picker, loaded by the shipping step from its own chunk; the server renders it in place.
provideLockerPicker(LockerPicker);
