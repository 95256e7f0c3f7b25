/** A second sign-up of a pending address within this time sends no second e-mail (no mail bombing through the form). */
export const RESEND_INTERVAL_MS = 10 * 60 * 1000;
/** An opt-in link older than this is refused; signing up again sends a fresh one. */
export const TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
