import type { AccountPageSlug } from '../components/account/pages';

/**
 * The few account texts every page needs (header account icon and menu, bottom-nav item);
 * everything else of the account area is in ./account.ts and loads with it.
 */
export const accountMenuTexts = {
  account: 'Konto',
  myAccount: 'Moje konto',
  login: 'Zaloguj się',
  register: 'Załóż konto',
  logout: 'Wyloguj',
  menu: 'Menu konta',
  hello: (name: string) => `Cześć, ${name}!`,
  pages: {
    profile: 'Mój profil',
    shipping: 'Dane do wysyłki',
    billing: 'Dane do faktury',
    orders: 'Historia zamówień',
    newsletter: 'Newsletter',
  } satisfies Record<AccountPageSlug, string>,
  loginUnavailable: 'Nie udało się otworzyć logowania. Sprawdź połączenie i spróbuj ponownie.',
} as const;
