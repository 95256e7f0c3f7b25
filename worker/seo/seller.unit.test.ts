import { describe, expect, it } from 'vitest';
import terms from '../../content/pages/pomoc/regulamin.md?raw';
import contact from '../../content/pages/kontakt/index.md?raw';
import returnsPage from '../../content/pages/obsluga-klienta/zwrot.md?raw';
import logo from '../../client/public/favicon.svg?raw';
import { SELLER } from './seller';

/** The seller's data in code (the home page's Organization) and on the pages a shopper reads must be the same. */
describe('the seller', () => {
  const a = SELLER.address;
  const address = `${a.streetAddress}, ${a.postalCode} ${a.addressLocality}`;

  it('is the one the terms of sale name (§ 1): legal name, address, tax id, e-mail, phone', () => {
    for (const fact of [SELLER.legalName, address, `NIP ${SELLER.taxID}`, SELLER.email, SELLER.telephone])
      expect(terms, fact).toContain(fact);
  });

  it('is the one the contact page names: shop name and address, e-mail, phone, company, tax id, hours', () => {
    for (const fact of [`${SELLER.name}, ${address}`, SELLER.email, SELLER.telephone, SELLER.legalName, `NIP: ${SELLER.taxID}`, '9–16'])
      expect(contact, fact).toContain(fact);
    expect(SELLER.hours).toEqual({ days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '16:00' });
  });

  it('links to files that exist: the logo (client/public/) and the returns page (content/pages/)', () => {
    expect(SELLER.logo).toBe('/favicon.svg');
    expect(logo).toContain('<svg');
    expect(SELLER.returnsPage).toBe('/obsluga-klienta/zwrot');
    expect(returnsPage).toMatch(/14 dni/);
  });
});
