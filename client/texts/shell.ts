/**
 * Texts of the shop's frame that every page shows at once: top bar and bottom
 * navigation. The footer (hydrated when near the viewport), the cookie banner
 * and the modals load their texts with their code (shell-modals.ts).
 */
export const shellTexts = {
  topBar: {
    label: 'Pasek informacyjny',
    help: 'Pomoc i FAQ',
    polishProduct: 'Polski produkt',
    countdown: 'Do końca promocji',
    days: 'd',
    units: { days: 'dni', hours: 'godz.', minutes: 'min', seconds: 's' },
  },
  bottomNav: {
    label: 'Nawigacja mobilna',
    home: 'Start',
    menu: 'Menu',
    wishlist: 'Wishlista',
    account: 'Konto',
    cart: 'Koszyk',
  },
} as const;
