import { afterEach, describe, expect, it, vi } from 'vitest';
import { configuratorJson, evaluateExtras, initialExtras, parseConfigurator, parseWholeNumber } from './product-extras';

/** A guard harness's offers, in the shape the Shop API returns them (prices are the backend's table). */
const guard = [
  {
    field: 'podszycie',
    label: 'Podszycie z pianki',
    type: 'string',
    price: 2000,
    options: [
      { value: 'tak', label: 'Podszycie', price: 2000 },
      { value: 'polar', label: 'Podszycie polarowe', price: 2000 },
    ],
  },
  {
    field: 'kolorOkuc',
    label: 'Kolor okuć',
    type: 'string',
    price: 1000,
    options: [
      { value: 'srebrny', label: 'Srebrne', price: 0 },
      { value: 'czarny', label: 'Czarne', price: 1000 },
    ],
  },
  { field: 'odblaski', label: 'Odblaski', type: 'string', price: 1500, options: [{ value: 'tak', label: 'Z odblaskami', price: 1500 }] },
  { field: 'dopasowanieRozmiaru', label: 'Dopasowanie rozmiaru', type: 'boolean', price: 1000, options: [], chargeGroup: 'dopasowanie' },
  {
    field: 'customObwodSzyi',
    label: 'Obwód szyi',
    type: 'int',
    price: 1000,
    options: [],
    min: 20,
    max: 90,
    unit: 'cm',
    chargeGroup: 'dopasowanie',
  },
  {
    field: 'customObwodKlatki',
    label: 'Obwód klatki',
    type: 'int',
    price: 1000,
    options: [],
    min: 20,
    max: 130,
    unit: 'cm',
    chargeGroup: 'dopasowanie',
  },
];
const leash = [{ field: 'dodatkowyMetr', label: 'Dodatkowa długość', type: 'int', price: 1000, options: [], min: 0, max: 20, unit: 'm' }];

describe('whole numbers', () => {
  it('parses digits as an integer, empty as none, anything else as invalid', () => {
    expect(parseWholeNumber(' 45 ')).toBe(45);
    expect(parseWholeNumber('')).toBeNull();
    expect(parseWholeNumber('4,5')).toBe('invalid');
    expect(parseWholeNumber('4.5')).toBe('invalid');
    expect(parseWholeNumber('-3')).toBe('invalid');
    expect(parseWholeNumber('dużo')).toBe('invalid');
  });
});

describe('extras', () => {
  it('starts with nothing chosen and silver hardware, unless the hardware colour must be picked', () => {
    expect(initialExtras(guard)).toMatchObject({ podszycie: '', kolorOkuc: 'srebrny', dopasowanieRozmiaru: false, customObwodSzyi: '' });
    expect(initialExtras(guard, true).kolorOkuc).toBe('');
    expect(evaluateExtras(guard, initialExtras(guard)).total).toBe(0);
  });

  it('adds the prices of the backend table for foam lining, black hardware and reflectors', () => {
    const r = evaluateExtras(guard, { ...initialExtras(guard), podszycie: 'tak', kolorOkuc: 'czarny', odblaski: 'tak' });
    expect(r.total).toBe(2000 + 1000 + 1500);
    expect(r.values).toEqual({ podszycie: 'tak', kolorOkuc: 'czarny', odblaski: 'tak' });
    expect(r.errors).toEqual({});
  });

  it('charges the size adjustment once, however many measurements are given', () => {
    const r = evaluateExtras(guard, { ...initialExtras(guard), dopasowanieRozmiaru: true, customObwodSzyi: '45', customObwodKlatki: '70' });
    expect(r.total).toBe(1000);
    expect(r.values).toMatchObject({ dopasowanieRozmiaru: true, customObwodSzyi: 45, customObwodKlatki: 70 });
  });

  it('ignores measurements while the size adjustment is not asked for', () => {
    const r = evaluateExtras(guard, { ...initialExtras(guard), customObwodSzyi: '150' });
    expect(r.errors).toEqual({});
    expect(r.values).not.toHaveProperty('customObwodSzyi');
  });

  it('refuses a neck size outside 20–90 cm and a chest outside 20–130 cm with a Polish message', () => {
    const r = evaluateExtras(guard, { ...initialExtras(guard), dopasowanieRozmiaru: true, customObwodSzyi: '95', customObwodKlatki: '19' });
    expect(r.errors.customObwodSzyi).toBe('Obwód szyi musi wynosić od 20 do 90 cm.');
    expect(r.errors.customObwodKlatki).toBe('Obwód klatki piersiowej musi wynosić od 20 do 130 cm.');
    expect(r.values).not.toHaveProperty('customObwodSzyi');
    expect(
      evaluateExtras(guard, { ...initialExtras(guard), dopasowanieRozmiaru: true, customObwodSzyi: '90', customObwodKlatki: '130' }).errors,
    ).toEqual({});
  });

  it('refuses a measurement that is not a whole number', () => {
    const r = evaluateExtras(guard, { ...initialExtras(guard), dopasowanieRozmiaru: true, customObwodSzyi: '45,5' });
    expect(r.errors.customObwodSzyi).toBe('Obwód szyi: wpisz liczbę całkowitą.');
  });

  it('counts whole numbers only above 0 and charges extra length per metre', () => {
    expect(evaluateExtras(leash, { dodatkowyMetr: '0' })).toEqual({ values: {}, errors: {}, total: 0 });
    expect(evaluateExtras(leash, { dodatkowyMetr: '3' })).toEqual({ values: { dodatkowyMetr: 3 }, errors: {}, total: 3000 });
    expect(evaluateExtras(leash, { dodatkowyMetr: '21' }).errors.dodatkowyMetr).toBe('Dodatkowa długość musi wynosić od 0 do 20 m.');
  });

  it('never sends a field the variant does not offer, nor an unknown value', () => {
    const r = evaluateExtras(leash, { dodatkowyMetr: '', podszycie: 'tak', kolorOkuc: 'czarny' });
    expect(r.values).toEqual({});
    expect(evaluateExtras(guard, { ...initialExtras(guard), podszycie: 'złote' }).values).not.toHaveProperty('podszycie');
  });
});

describe('configurator', () => {
  afterEach(() => vi.restoreAllMocks());

  it('round-trips colours per part, kolorOkuc and imageurl', () => {
    const c = { parts: { szyja: 'granatowy', klatka: 'czerwony' }, kolorOkuc: 'czarny', imageurl: 'http://x/a.jpg' };
    const json = configuratorJson(c);
    expect(JSON.parse(json)).toEqual({ szyja: 'granatowy', klatka: 'czerwony', kolorOkuc: 'czarny', imageurl: 'http://x/a.jpg' });
    expect(parseConfigurator(json)).toEqual(c);
  });

  it('yields null and a warning for invalid JSON, never an exception', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseConfigurator('{"szyja": "granat')).toBeNull();
    expect(parseConfigurator('[1,2]')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(parseConfigurator(null)).toBeNull();
    expect(parseConfigurator('')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
