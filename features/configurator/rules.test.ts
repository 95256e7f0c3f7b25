import { describe, expect, it } from 'vitest';
import { GUARD } from './fixtures.test-data';
import { harnessLineFields, missingChoices, quote, requiredHardware } from './rules';

const parts = GUARD.parts;
const all = { szyja: 'granatowy', klatka: 'czerwony', lacznik: 'granatowy' };

describe('what is still missing before add to cart', () => {
  it('lists open groups, then parts without a colour, then the hardware colour', () => {
    expect(missingChoices({ groups: GUARD.optionGroups, selection: {}, parts, partColours: {}, hardware: '' })).toEqual([
      { kind: 'group', id: 'g-w', name: 'Szerokość taśmy' },
      { kind: 'group', id: 'g-s', name: 'Rozmiar' },
      { kind: 'part', key: 'szyja', label: 'Pas szyjny' },
      { kind: 'part', key: 'klatka', label: 'Pas piersiowy' },
      { kind: 'part', key: 'lacznik', label: 'Łącznik' },
      { kind: 'hardware' },
    ]);
  });

  it('is complete only with every group, every part colour and a hardware colour', () => {
    const selection = { 'g-w': 'w25', 'g-s': 's-m' };
    expect(missingChoices({ groups: GUARD.optionGroups, selection, parts, partColours: all, hardware: '' })).toEqual([
      { kind: 'hardware' },
    ]);
    expect(missingChoices({ groups: GUARD.optionGroups, selection, parts, partColours: all, hardware: 'srebrny' })).toEqual([]);
    expect(
      missingChoices({ groups: GUARD.optionGroups, selection, parts, partColours: { ...all, lacznik: '' }, hardware: 'czarny' }),
    ).toEqual([{ kind: 'part', key: 'lacznik', label: 'Łącznik' }]);
    // a product without a configurator and without a required hardware colour needs only its groups
    expect(missingChoices({ groups: GUARD.optionGroups, selection, parts: null, partColours: {}, hardware: null })).toEqual([]);
  });

  it('requires the hardware colour only where it is offered and must be chosen', () => {
    const offers = GUARD.variants[0]!.extras;
    expect(requiredHardware(offers, {}, true)).toBe('');
    expect(requiredHardware(offers, { kolorOkuc: 'czarny' }, true)).toBe('czarny');
    expect(requiredHardware(offers, {}, false)).toBeNull();
    expect(requiredHardware([], {}, true)).toBeNull();
  });
});

describe('price', () => {
  it('reads "from" the cheapest variant until every group is chosen', () => {
    const q = quote(GUARD.optionGroups, GUARD.variants, {}, {}, 1);
    expect(q.variant).toBeNull();
    expect(q.shown?.id).toBe('v1');
    expect(q.unit).toBe(12900);
  });

  it('is the variant price plus the backend-priced extras, times the quantity', () => {
    const q = quote(
      GUARD.optionGroups,
      GUARD.variants,
      { 'g-w': 'w25', 'g-s': 's-m' },
      { kolorOkuc: 'czarny', podszycie: 'tak', odblaski: 'tak', dopasowanieRozmiaru: true, customObwodSzyi: '45' },
      2,
    );
    expect(q.variant?.id).toBe('v4');
    expect(q.extras.total).toBe(1000 + 2000 + 1500 + 1000);
    expect(q.unit).toBe(14900 + 5500);
    expect(q.total).toBe(2 * (14900 + 5500));
    expect(q.extras.values).toEqual({
      kolorOkuc: 'czarny',
      podszycie: 'tak',
      odblaski: 'tak',
      dopasowanieRozmiaru: true,
      customObwodSzyi: 45,
    });
  });

  it('charges silver hardware nothing and reports a measurement out of range', () => {
    const q = quote(
      GUARD.optionGroups,
      GUARD.variants,
      { 'g-w': 'w20', 'g-s': 's-s' },
      { kolorOkuc: 'srebrny', dopasowanieRozmiaru: true, customObwodSzyi: '95' },
      1,
    );
    expect(q.unit).toBe(12900 + 1000);
    expect(q.extras.errors.customObwodSzyi).toBe('Obwód szyi musi wynosić od 20 do 90 cm.');
  });
});

describe('cart line fields', () => {
  it('adds the configurator JSON: a colour per part, kolorOkuc and imageurl', () => {
    const fields = harnessLineFields({ kolorOkuc: 'czarny', podszycie: 'tak' }, parts, all, 'czarny', 'preview/g.jpg');
    expect(fields.kolorOkuc).toBe('czarny');
    expect(JSON.parse(String(fields.configurator))).toEqual({
      szyja: 'granatowy',
      klatka: 'czerwony',
      lacznik: 'granatowy',
      kolorOkuc: 'czarny',
      imageurl: 'preview/g.jpg',
    });
  });
});
