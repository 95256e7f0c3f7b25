/**
 * Texts of the shop's frame that every page shows at once: top bar, bottom
 * navigation, and the cookie banner every first visit shows (kept here so the
 * banner's chunk does not pull in all the modals' texts). The footer (static
 * server HTML) and the modals load theirs with their code (shell-modals.ts).
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
  consent: {
    label: 'Zgoda na pliki cookie',
    text: 'Używamy plików cookie niezbędnych do działania sklepu. Za Twoją zgodą także funkcjonalnych, analitycznych i marketingowych.',
    policy: 'Polityka cookies',
    acceptAll: 'Akceptuj wszystkie',
    rejectOptional: 'Odrzuć opcjonalne',
    settings: 'Ustawienia',
  },
} as const;
