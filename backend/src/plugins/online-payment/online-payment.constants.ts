/** Payment method code of online payments (backend/README.md, the storefront contract). */
export const ONLINE_METHOD_CODE = 'online';
export const ONLINE_HANDLER_CODE = 'online-gateway';
/** Largest notification body accepted (a real one is ~200 bytes). */
export const MAX_NOTIFICATION_BYTES = 16 * 1024;
/** How long the gateway may take to answer a registration. */
export const REGISTER_TIMEOUT_MS = 5000;
/** Injection token of the plugin's options (OnlinePaymentPlugin.init). */
export const ONLINE_PAYMENT_OPTIONS = Symbol('ONLINE_PAYMENT_OPTIONS');
export const loggerCtx = 'OnlinePayment';
