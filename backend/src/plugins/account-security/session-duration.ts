/**
 * How long a session lives without use: Vendure's `authOptions.sessionDuration` (backend/src/vendure-config.ts)
 * and the storefront worker's session cookie `Max-Age` (worker/shop/session.ts, which repeats the number;
 * scripts/production/session-duration.test.ts proves they agree). Vendure slides a session forward
 * when it is used with less than half of this left (SessionService), so a shopper who comes back
 * within 30 days stays logged in on the backend; the cookie is written at login. Decision 105.
 * Plain TypeScript without imports: the worker's test reads it too.
 */
export const SESSION_DURATION_SECONDS = 30 * 24 * 60 * 60;
