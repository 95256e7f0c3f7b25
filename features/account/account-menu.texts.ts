import type { AccountPageSlug } from './account-pages';

/**
 * Texts of the signed-in account menu and the account area's navigation (loaded with them,
 * never with a guest's first page load); the rest of the account area is in ./account.ts.
 */
export const accountMenuTexts = {
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
} as const;
