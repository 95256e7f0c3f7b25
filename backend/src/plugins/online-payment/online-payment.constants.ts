/** Payment method code of online payments (backend/README.md, the storefront contract). */
export const ONLINE_METHOD_CODE = 'online';
export const ONLINE_HANDLER_CODE = 'online-gateway';
/** Largest notification body accepted (a real P24 one is ~300 bytes). */
export const MAX_NOTIFICATION_BYTES = 16 * 1024;
/** How long Przelewy24 may take to answer any call (registration, verification, status, refund). */
export const P24_CALL_TIMEOUT_MS = 10_000;
/** Injection token of the plugin's options (OnlinePaymentPlugin.init). */
export const ONLINE_PAYMENT_OPTIONS = Symbol('ONLINE_PAYMENT_OPTIONS');
export const loggerCtx = 'OnlinePayment';
