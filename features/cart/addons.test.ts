import { describe, expect, it } from 'vitest';
import { parseAddonSlugs, toAddons } from './addons';

const variant = (id: string, priceWithTax: number, option: string, stockLevel = 'IN_STOCK') => ({
  id,
  name: `X – ${option}`,
  priceWithTax,
  stockLevel,
  options: option ? [{ name: option }] : [],
});

const bags = {
  id: '56',
  name: 'Worki na odchody – zestaw 3x15',
  slug: 'worki-na-odchody-zestaw-3x15',
  featuredAsset: { preview: '/b.jpg' },
  variants: [variant('367', 1470, '')],
};
const cover = {
  id: '52',
  name: 'Pokrowiec na worki Classic',
  slug: 'pokrowiec-na-worki-classic',
  featuredAsset: null,
  variants: [variant('357', 3500, 'Granatowy'), variant('358', 3500, 'Czerwony'), variant('359', 3500, 'Zielony', 'OUT_OF_STOCK')],
};
const treat = {
  id: '74',
  name: 'Suszone żwacze wołowe',
  slug: 'suszone-zwacze-wolowe',
  featuredAsset: { preview: '/t.jpg' },
  variants: [variant('419', 1399, '100 g'), variant('418', 749, '50 g')],
};

describe('cart add-ons', () => {
  it('offers them in the configured order, with their cheapest price in stock', () => {
    const addons = toAddons([treat, cover, bags], ['worki-na-odchody-zestaw-3x15', 'pokrowiec-na-worki-classic', 'suszone-zwacze-wolowe']);
    expect(addons.map((a) => [a.name, a.price, a.from])).toEqual([
      ['Worki na odchody – zestaw 3x15', 1470, false],
      ['Pokrowiec na worki Classic', 3500, true],
      ['Suszone żwacze wołowe', 749, true],
    ]);
    expect(addons[0]!.href).toBe('/p/56/worki-na-odchody-zestaw-3x15');
  });

  it('adds with one click the only cheapest variant, naming it when there are several', () => {
    const [bagsOffer, treatOffer] = toAddons([bags, treat], ['worki-na-odchody-zestaw-3x15', 'suszone-zwacze-wolowe']);
    expect(bagsOffer).toMatchObject({ variantId: '367', variantLabel: null });
    expect(treatOffer).toMatchObject({ variantId: '418', variantLabel: '50 g' });
  });

  it('links to the product when several variants share the cheapest price (a colour must be chosen)', () => {
    expect(toAddons([cover], ['pokrowiec-na-worki-classic'])[0]).toMatchObject({
      variantId: null,
      href: '/p/52/pokrowiec-na-worki-classic',
    });
  });

  it('leaves out products that are sold out or were not found', () => {
    const soldOut = { ...bags, variants: [variant('367', 1470, '', 'OUT_OF_STOCK')] };
    expect(toAddons([soldOut], ['worki-na-odchody-zestaw-3x15', 'nie-ma'])).toEqual([]);
  });

  it('reads the comma-separated slugs of the configuration', () => {
    expect(parseAddonSlugs(' a-b, c ,,d ')).toEqual(['a-b', 'c', 'd']);
    expect(parseAddonSlugs('')).toEqual([]);
    expect(parseAddonSlugs(undefined)).toEqual([]);
  });
});
