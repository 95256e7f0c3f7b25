import type { InpostSettings } from '../../env';

export const loggerCtx = 'InpostShipments';
export const INPOST_OPTIONS = Symbol('INPOST_OPTIONS');
/** At most this many open shipments are re-read per poll round (oldest check first). */
export const POLL_BATCH = 50;

/** The plugin's settings: ShipX's address (resolved), organisation, token and webhook secret; undefined = off. */
export type InpostOptions = (Omit<InpostSettings, 'url'> & { url: string }) | undefined;
