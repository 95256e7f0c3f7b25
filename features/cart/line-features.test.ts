import { describe, expect, it } from 'vitest';
import { type FeatureLine, type LineFeature, lineFeatures } from './line-features';

/** As LineFeatures.tsx shows a feature's value. */
const featureText = (f: LineFeature) => (f.unit ? `${f.value} ${f.unit}` : f.value);

const facet = (id: string, code: string, name: string) => ({ id, code, name });
const KOLOR = facet('1', 'kolor', 'Kolor');
const SZEROKOSC = facet('2', 'szerokosc-tasmy', 'Szerokość taśmy');
const PROMOCJA = facet('3', 'promocja', 'Promocja');
const RODZAJ = facet('5', 'rodzaj-tasmy', 'Rodzaj taśmy');
const DLUGOSC = facet('6', 'dlugosc', 'Długość');

/** A cart line (its `catalogue`, the backend's read model). */
function line(options: string[], values: Array<[typeof KOLOR, string]>): FeatureLine {
  return {
    catalogue: {
      options: options.map((code) => ({ group: { code } })),
      product: { facetValues: values.map(([f, name], i) => ({ id: `v${i}`, name, facet: f })) },
    },
  };
}

describe('cart line features (spec §3 features list)', () => {
  it('lists the product facets with one value, with id, name, value and unit apart', () => {
    const features = lineFeatures(
      line(
        ['rozmiar'],
        [
          [SZEROKOSC, '20 mm'],
          [RODZAJ, 'Taśma nylonowa'],
          [DLUGOSC, '1,5 m'],
        ],
      ),
    );
    expect(features).toEqual([
      { id: '2', name: 'Szerokość taśmy', description: null, value: '20', unit: 'mm' },
      { id: '5', name: 'Rodzaj taśmy', description: null, value: 'Taśma nylonowa', unit: null },
      { id: '6', name: 'Długość', description: null, value: '1,5', unit: 'm' },
    ]);
    expect(features.map((f) => `${f.name}: ${featureText(f)}`)).toEqual([
      'Szerokość taśmy: 20 mm',
      'Rodzaj taśmy: Taśma nylonowa',
      'Długość: 1,5 m',
    ]);
  });

  it('leaves out badges, facets the shopper chose as an option, and facets with several values', () => {
    const features = lineFeatures(
      line(
        ['szerokosc-tasmy', 'kolor'],
        [
          [SZEROKOSC, '15 mm'],
          [SZEROKOSC, '20 mm'],
          [KOLOR, 'Czarny'],
          [PROMOCJA, 'Wyprzedaż'],
          [RODZAJ, 'Biothane'],
        ],
      ),
    );
    expect(features.map((f) => f.name)).toEqual(['Rodzaj taśmy']);
    expect(
      lineFeatures(
        line(
          [],
          [
            [KOLOR, 'Czarny'],
            [KOLOR, 'Czerwony'],
          ],
        ),
      ),
    ).toEqual([]);
    expect(lineFeatures(line([], [[KOLOR, 'Czarny']])).map(featureText)).toEqual(['Czarny']);
  });

  it('has nothing to show for a product without facet values', () => {
    expect(lineFeatures(line([], []))).toEqual([]);
    expect(lineFeatures({ catalogue: { options: [], product: { facetValues: null } } })).toEqual([]);
  });

  it('reads an order of the order history from its productVariant, a cart line from its catalogue', () => {
    const source = { options: [{ group: { code: 'rozmiar' } }], product: { facetValues: [{ id: 'v1', name: '20 mm', facet: SZEROKOSC }] } };
    const expected = [{ id: '2', name: 'Szerokość taśmy', description: null, value: '20', unit: 'mm' }];
    expect(lineFeatures({ productVariant: source })).toEqual(expected);
    expect(lineFeatures({ catalogue: source })).toEqual(expected);
  });
});
