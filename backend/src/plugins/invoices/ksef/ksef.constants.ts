import type { KsefSettings } from '../../../env';

export const KSEF_OPTIONS = Symbol('KSEF_OPTIONS');
export const loggerCtx = 'KSeF';

/** The KSeF plugin's options: the settings with the URL resolved (the stand-in's when KSEF_URL is empty); undefined = KSeF off. */
export type KsefOptions = (KsefSettings & { standIn: boolean }) | undefined;

/** Retry delays: base × 2^(attempt−1), at most 6 hours. */
export const MAX_RETRY_SECONDS = 6 * 3600;
/** How long an attempt holds a submission before another process may take it over. */
export const LEASE_SECONDS = 15 * 60;
/** How long one attempt polls an invoice's status before leaving it for the next attempt. */
export const STATUS_POLL_SECONDS = 60;
