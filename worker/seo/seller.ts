/**
 * The seller: who runs the shop, as the terms (content/pages/pomoc/regulamin.md, § 1) and the contact
 * page (content/pages/kontakt/index.md) state it. The one place code reads it from: the
 * Organization of the home page's structured data (worker/seo/json-ld.ts). A unit test
 * (worker/seo/seller.unit.test.ts) holds the two pages to these values, so an edit of one side
 * without the other fails.
 */
export const SELLER = {
  /** the shop's name, as every page's title says it */
  name: 'Psiaki',
  legalName: 'Psiaki Anna Nowak',
  email: 'sklep@psiaki.test',
  telephone: '+48 12 345 67 89',
  /** Polish tax id (NIP) */
  taxID: '000-000-00-00',
  address: { streetAddress: 'ul. Psia 5', postalCode: '30-001', addressLocality: 'Kraków', addressCountry: 'PL' },
  /** customer service hours: Monday to Friday, 9–16 */
  hours: { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '16:00' },
  /** the logo, a path on the shop's host */
  logo: '/favicon.svg',
  /** the page that explains returns (the statutory withdrawal) */
  returnsPage: '/obsluga-klienta/zwrot',
} as const;
