import { describe, expect, it } from 'vitest';
import { GUARD, MINI } from './fixtures.test-data';
import { expandModel } from './types';
import { type Design, designFromQuery, designToQuery, EMPTY_DESIGN, switchModel } from './url';

const models = [GUARD, MINI];
const FULL =
  'model=szelki-typu-guard-classic&szerokosc-tasmy=25-mm&rozmiar=m&szyja=granatowy&klatka=czerwony&lacznik=granatowy&podszycie=tak&kolorOkuc=czarny&odblaski=tak&dopasowanieRozmiaru=1&customObwodSzyi=45&ilosc=2';

describe('design ↔ URL', () => {
  it('reads every choice of a shared link by its codes', () => {
    expect(designFromQuery(`?${FULL}`, models)).toEqual<Design>({
      model: 'szelki-typu-guard-classic',
      selection: { 'g-w': 'w25', 'g-s': 's-m' },
      parts: { szyja: 'granatowy', klatka: 'czerwony', lacznik: 'granatowy' },
      extras: { podszycie: 'tak', kolorOkuc: 'czarny', odblaski: 'tak', dopasowanieRozmiaru: true, customObwodSzyi: '45' },
      qty: 2,
    });
  });

  it('writes a design back to the same query (round trip), in display order, without defaults', () => {
    expect(designToQuery(designFromQuery(FULL, models), models)).toBe(FULL);
    const partial: Design = {
      model: 'szelki-typu-guard-classic',
      selection: { 'g-s': 's-s' },
      parts: { klatka: 'czerwony' },
      extras: { kolorOkuc: '', podszycie: '', dopasowanieRozmiaru: false },
      qty: 1,
    };
    const query = designToQuery(partial, models);
    expect(query).toBe('model=szelki-typu-guard-classic&rozmiar=s&klatka=czerwony');
    expect(designFromQuery(query, models)).toEqual({ ...partial, extras: {} });
  });

  it('reads an empty, unknown or missing model as nothing chosen', () => {
    expect(designFromQuery('', models)).toEqual(EMPTY_DESIGN);
    expect(designFromQuery('model=nie-ma-takich&szyja=granatowy', models)).toEqual(EMPTY_DESIGN);
    expect(designFromQuery('szyja=granatowy&kolorOkuc=czarny', models)).toEqual(EMPTY_DESIGN);
    expect(designToQuery(EMPTY_DESIGN, models)).toBe('');
  });

  it('reads invalid parameters as not chosen, never as an error', () => {
    const d = designFromQuery(
      'model=szelki-typu-guard-classic&szerokosc-tasmy=99-mm&rozmiar=m&szyja=mietowy&klatka=<script>&lacznik=&kolorOkuc=zloty&podszycie=polar&customObwodSzyi=95&dopasowanieRozmiaru=tak&ilosc=-3&grzbiet=czarny',
      models,
    );
    expect(d).toEqual({ model: 'szelki-typu-guard-classic', selection: { 'g-s': 's-m' }, parts: {}, extras: {}, qty: 1 });
    expect(designFromQuery('model=szelki-typu-guard-classic&ilosc=abc', models).qty).toBe(1);
    expect(designFromQuery('model=szelki-typu-guard-classic&ilosc=1000', models).qty).toBe(1);
    expect(designFromQuery('model=szelki-typu-guard-classic&customObwodSzyi=4,5', models).extras).toEqual({});
  });

  it('reads the extras of the chosen variant: reflectors are read against the variant the size points at', () => {
    const d = designFromQuery('model=szelki-typu-guard-classic&szerokosc-tasmy=25-mm&rozmiar=s&odblaski=tak', models);
    expect(d.extras).toEqual({ odblaski: 'tak' });
  });

  it('keeps part colours and extras the new model offers when switching models, and starts its options over', () => {
    const d = designFromQuery(FULL, models);
    expect(switchModel(d, 'szelki-typu-guard-mini', models)).toEqual({
      model: 'szelki-typu-guard-mini',
      selection: {},
      parts: { szyja: 'granatowy', lacznik: 'granatowy' },
      extras: { kolorOkuc: 'czarny' },
      qty: 2,
    });
    expect(switchModel(d, 'nie-ma', models)).toEqual(EMPTY_DESIGN);
  });
});

describe("the loader's compact models", () => {
  it("put each variant's extras back from the shared offer sets", () => {
    const [a, b] = [GUARD.variants[0]!.extras, GUARD.variants[2]!.extras];
    const compact = {
      ...GUARD,
      offerSets: [a, b],
      variants: GUARD.variants.map(({ extras, ...v }) => ({
        ...v,
        offers: extras === a || JSON.stringify(extras) === JSON.stringify(a) ? 0 : 1,
      })),
    };
    expect(expandModel(compact)).toEqual(GUARD);
  });
});
