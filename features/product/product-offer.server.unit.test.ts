import { describe, expect, it } from 'vitest';
import { handlingDays, madeToSpecification, statedReduction, transitDays, variantLink, variantPrices } from './product-offer.server';

describe("a variant's offer, as the page, the feeds and the structured data state it", () => {
  it('takes the old price only above the price, and stock out only when the backend says so', () => {
    const v = { id: '1', priceWithTax: 4900, stockLevel: 'LOW_STOCK', omnibusPrice: 4500 };
    expect(variantPrices({ ...v, customFields: { staracena: 5900 } })).toEqual({
      price: 4900,
      oldPrice: 5900,
      omnibusPrice: 4500,
      inStock: true,
    });
    expect(variantPrices({ ...v, customFields: { staracena: 4900 }, stockLevel: 'OUT_OF_STOCK' })).toMatchObject({
      oldPrice: null,
      inStock: false,
    });
  });

  it('states a reduction only against the lowest price of the 30 days before it (Omnibus), when that is higher', () => {
    expect(statedReduction({ price: 4900, oldPrice: 5900, omnibusPrice: 5500 })).toEqual({ regular: 5500, sale: 4900 });
    expect(statedReduction({ price: 4900, oldPrice: 5900, omnibusPrice: 4900 })).toBeNull();
    expect(statedReduction({ price: 4900, oldPrice: 5900, omnibusPrice: null })).toBeNull();
    expect(statedReduction({ price: 4900, oldPrice: null, omnibusPrice: 5500 })).toBeNull();
  });

  it('links a variant of several to the page with it chosen, the only one to the page', () => {
    expect(variantLink('/p/16/obroza', '42', 3)).toBe('/p/16/obroza?wariant=42');
    expect(variantLink('/p/16/obroza', '42', 1)).toBe('/p/16/obroza');
  });

  it("takes the production time of the page 'Czas realizacji' by collection, and transit days from a delivery time", () => {
    const days = (...slugs: string[]) => handlingDays([{ slug: slugs.at(-1)!, breadcrumbs: slugs.map((slug) => ({ slug })) }]);
    expect(days('dla-psa', 'akcesoria', 'szelki', 'szelki-typu-guard')).toEqual({ min: 3, max: 7 });
    expect(days('dla-psa', 'akcesoria', 'dodatki', 'pasy-do-samochodu')).toEqual({ min: 3, max: 7 });
    expect(days('dla-psa', 'legowiska', 'maty')).toEqual({ min: 5, max: 10 });
    expect(days('dla-psa', 'przysmaki', 'suszone-mieso')).toEqual({ min: 1, max: 2 });
    expect(transitDays('1–2 dni robocze')).toEqual({ min: 1, max: 2 });
    expect(transitDays('2-3 dni')).toEqual({ min: 2, max: 3 });
    expect(transitDays('24 h')).toEqual({ min: 24, max: 24 });
    expect(transitDays('jutro')).toBeNull();
    expect(transitDays('5–2 dni')).toBeNull();
  });

  it('calls only the guard harness with its design made to the shopper’s specification', () => {
    const guard = { collections: [{ slug: 'szelki-typu-guard' }], variants: [{ configurator: { parts: [] } }] };
    expect(madeToSpecification(guard)).toBe(true);
    expect(madeToSpecification({ ...guard, variants: [{ configurator: null }] })).toBe(false);
    expect(
      madeToSpecification({ collections: [{ slug: 'szelki-bezuciskowe-pro-fit' }], variants: [{ configurator: { parts: [] } }] }),
    ).toBe(false);
  });
});
