/**
 * The pages of the account area (spec §2 `/my-account/{pageName?}`) and their capitalised
 * legacy names under `/MyAccount` (route aliases): `/MyAccount/MyProfile` shows the same page
 * as `/my-account/profile`, which is the canonical link of both. `/my-account` alone is the
 * profile.
 */
export const ACCOUNT_PAGES = [
  { slug: 'profile', legacy: 'MyProfile' },
  { slug: 'shipping', legacy: 'ShippingDetails' },
  { slug: 'billing', legacy: 'BillingDetails' },
  { slug: 'orders', legacy: 'OrderHistory' },
  { slug: 'newsletter', legacy: 'MyNewsletter' },
] as const;

export type AccountPageSlug = (typeof ACCOUNT_PAGES)[number]['slug'];

/** The page a `pageName` route param names (canonical slug or legacy name), or null (→ 404). */
export function accountPageOf(pageName: string | undefined): AccountPageSlug | null {
  if (!pageName) return 'profile';
  return ACCOUNT_PAGES.find((p) => p.slug === pageName || p.legacy === pageName)?.slug ?? null;
}

export const accountPath = (slug: AccountPageSlug) => `/my-account/${slug}`;
