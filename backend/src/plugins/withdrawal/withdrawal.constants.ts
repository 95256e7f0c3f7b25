/** Where the shop is told of a withdrawal (SHOP_NOTIFY_EMAIL). */
export const DEFAULT_SHOP_NOTIFY_EMAIL = 'sklep@psiaki.example';
