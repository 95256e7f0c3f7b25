export const loggerCtx = 'AccountSecurityPlugin';

/** The header the storefront worker sends on every Shop API call (worker/shop/backend.ts repeats the name). */
export const SHOP_API_SECRET_HEADER = 'x-shop-api-secret';

/** The error code of a Shop API request without the worker's secret (403). */
export const SHOP_API_FORBIDDEN_CODE = 'SHOP_API_CLIENT_REFUSED';

/** The error code of a login refused because of too many failed attempts on that account. */
export const LOGIN_BLOCKED_CODE = 'LOGIN_TEMPORARILY_BLOCKED';
