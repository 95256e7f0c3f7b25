import { describe, expect, it } from 'vitest';
import { type CardSource, toProductCard } from './product-card.server';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const variant = (id: string, price: number, extra: Partial<CardSource['variants'][number]> = {}): CardSource['variants'][number] => ({
  id,
  sku: `SKU-${id}`,
  priceWithTax: price,
  stockLevel: 'IN_STOCK',
  customFields: { staracena: null },
  omnibusPrice: null,
  options: [],
  ...extra,
});
const product = (variants: CardSource['variants']): CardSource => ({
  id: '7',
  name: 'Obroża',
  slug: 'obroza',
  createdAt: '2026-01-01T00:00:00Z',
  featuredAsset: null,
  assets: [],
  facetValues: [],
  optionGroups: [],
  variants,
  reviewSummary: { average: null, count: 0 },
});

describe('product card Omnibus price', () => {
  it('carries the 30-day minimum of the cheapest variant when that variant is reduced', () => {
    const card = toProductCard(
      product([
        variant('1', 7990, { customFields: { staracena: 9990 }, omnibusPrice: 8490 }),
        variant('2', 8990, { customFields: { staracena: 10990 }, omnibusPrice: 9490 }),
      ]),
      NOW,
    );
    expect(card).toMatchObject({ priceMin: 7990, oldPrice: 9990, omnibusPrice: 8490, badge: 'SALE' });
  });

  it('has no Omnibus price without a reduction, even if the backend sent one', () => {
    expect(toProductCard(product([variant('1', 7990, { omnibusPrice: 7000 })]), NOW).omnibusPrice).toBeNull();
    expect(toProductCard(product([variant('1', 7990, { customFields: { staracena: 9990 } })]), NOW).omnibusPrice).toBeNull();
  });
});

describe('product card rating', () => {
  it('carries the average and count of the approved reviews, and nothing for a product without reviews', () => {
    expect(toProductCard({ ...product([variant('1', 7990)]), reviewSummary: { average: 4.33, count: 3 } }, NOW).rating).toEqual({
      average: 4.33,
      count: 3,
    });
    expect(toProductCard(product([variant('1', 7990)]), NOW).rating).toBeNull();
  });
});
