import type { StudioModel } from './types';

const hardware = {
  field: 'kolorOkuc',
  label: 'Kolor okuć',
  type: 'string',
  price: 1000,
  options: [
    { value: 'srebrny', label: 'Srebrne', price: 0 },
    { value: 'czarny', label: 'Czarne', price: 1000 },
  ],
  min: null,
  max: null,
  unit: null,
  chargeGroup: null,
};
const lining = {
  ...hardware,
  field: 'podszycie',
  label: 'Podszycie z pianki',
  price: 2000,
  options: [{ value: 'tak', label: 'Podszycie', price: 2000 }],
};
const reflectors = (price: number) => ({
  ...hardware,
  field: 'odblaski',
  label: 'Odblaski',
  price,
  options: [{ value: 'tak', label: 'Z odblaskami', price }],
});
const sizeAdjustment = {
  ...hardware,
  field: 'dopasowanieRozmiaru',
  label: 'Dopasowanie rozmiaru',
  type: 'boolean',
  options: [],
  chargeGroup: 'dopasowanie',
};
const neck = {
  ...hardware,
  field: 'customObwodSzyi',
  label: 'Obwód szyi',
  type: 'int',
  options: [],
  min: 20,
  max: 90,
  unit: 'cm',
  chargeGroup: 'dopasowanie',
};

/** A guard harness as the loader gives it: two widths × two sizes, 20 mm M sold out, reflectors priced by width. */
export const GUARD: StudioModel = {
  id: '1',
  slug: 'szelki-typu-guard-classic',
  name: 'Szelki typu guard Classic',
  href: '/p/1/szelki-typu-guard-classic',
  fromPrice: 12900,
  optionGroups: [
    {
      id: 'g-w',
      code: 'szerokosc-tasmy',
      name: 'Szerokość taśmy',
      options: [
        { id: 'w20', code: '20-mm', name: '20 mm' },
        { id: 'w25', code: '25-mm', name: '25 mm' },
      ],
    },
    {
      id: 'g-s',
      code: 'rozmiar',
      name: 'Rozmiar',
      options: [
        { id: 's-s', code: 's', name: 'S' },
        { id: 's-m', code: 'm', name: 'M' },
      ],
    },
  ],
  variants: [
    {
      id: 'v1',
      price: 12900,
      optionIds: ['w20', 's-s'],
      inStock: true,
      extras: [lining, hardware, reflectors(1000), sizeAdjustment, neck],
    },
    {
      id: 'v2',
      price: 13900,
      optionIds: ['w20', 's-m'],
      inStock: false,
      extras: [lining, hardware, reflectors(1000), sizeAdjustment, neck],
    },
    {
      id: 'v3',
      price: 13900,
      optionIds: ['w25', 's-s'],
      inStock: true,
      extras: [lining, hardware, reflectors(1500), sizeAdjustment, neck],
    },
    {
      id: 'v4',
      price: 14900,
      optionIds: ['w25', 's-m'],
      inStock: true,
      extras: [lining, hardware, reflectors(1500), sizeAdjustment, neck],
    },
  ],
  parts: [
    { key: 'szyja', label: 'Pas szyjny' },
    { key: 'klatka', label: 'Pas piersiowy' },
    { key: 'lacznik', label: 'Łącznik' },
  ],
  colours: [
    { code: 'granatowy', name: 'Granatowy' },
    { code: 'czerwony', name: 'Czerwony' },
  ],
  pictures: { granatowy: 'preview/g.jpg', czerwony: 'preview/c.jpg' },
  image: 'preview/g.jpg',
};

/** A second model with only 20 mm tape and one other colour (for switching models). */
export const MINI: StudioModel = {
  ...GUARD,
  id: '6',
  slug: 'szelki-typu-guard-mini',
  name: 'Szelki typu guard Mini',
  optionGroups: [{ id: 'm-s', code: 'rozmiar', name: 'Rozmiar', options: [{ id: 'm-xs', code: 'xs', name: 'XS' }] }],
  variants: [{ id: 'm1', price: 12900, optionIds: ['m-xs'], inStock: true, extras: [hardware] }],
  colours: [
    { code: 'granatowy', name: 'Granatowy' },
    { code: 'mietowy', name: 'Miętowy' },
  ],
};
