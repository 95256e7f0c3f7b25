import { describe, expect, it, vi } from 'vitest';
import { lineDetails, lineImage, linePrices, parseConfigurator } from './line-details';

type Line = Parameters<typeof lineDetails>[0] & Parameters<typeof linePrices>[0];

function line(customFields: Record<string, unknown> = {}, variant: Record<string, unknown> = {}): Line {
  return {
    unitPriceWithTax: 18900,
    linePriceWithTax: 37800,
    productVariant: {
      id: '5',
      name: 'Szelki Guard – 20 mm, M',
      sku: 'PS-001-20-M',
      priceWithTax: 14900,
      customFields: { staracena: null },
      ...variant,
    },
    catalogue: {
      product: { id: '1', slug: 'szelki-guard', name: 'Szelki Guard', facetValues: [] },
      options: [
        { id: '1', code: '20-mm', name: '20 mm', group: { code: 'szerokosc-tasmy', name: 'Szerokość taśmy' } },
        { id: '2', code: 'm', name: 'M', group: { code: 'rozmiar', name: 'Rozmiar' } },
      ],
    },
    customFields: {
      configurator: null,
      customObwodKlatki: null,
      customObwodSzyi: null,
      dodatkowyMetr: null,
      kolorOkuc: null,
      odblaski: null,
      podszycie: null,
      raczka: null,
      dopasowanieRozmiaru: null,
      ...customFields,
    },
  } as unknown as Line;
}

describe('parseConfigurator', () => {
  it('parses the JSON object of colours per part', () => {
    expect(parseConfigurator('{"pasSzyja":"granatowy","kolorOkuc":"czarny","imageurl":""}')).toEqual({
      pasSzyja: 'granatowy',
      kolorOkuc: 'czarny',
      imageurl: '',
    });
  });

  it('gives null without a warning when there is no configurator', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseConfigurator(null)).toBeNull();
    expect(parseConfigurator(undefined)).toBeNull();
    expect(parseConfigurator('  ')).toBeNull();
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('gives null and a warning for invalid JSON or JSON that is not an object', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const bad of ['{pasSzyja:', '"granatowy"', '[1,2]', 'null', '42']) expect(parseConfigurator(bad)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(5);
    warn.mockRestore();
  });
});

describe('lineDetails', () => {
  it('lists the chosen options with their group names', () => {
    expect(lineDetails(line())).toEqual([
      { label: 'Szerokość taśmy', value: '20 mm' },
      { label: 'Rozmiar', value: 'M' },
    ]);
  });

  it('shows every personalisation field in Polish', () => {
    const details = lineDetails(
      line({
        podszycie: 'polar',
        kolorOkuc: 'czarny',
        odblaski: 'tak',
        raczka: 'tak',
        dodatkowyMetr: 2,
        customObwodSzyi: 35,
        customObwodKlatki: 60,
        dopasowanieRozmiaru: true,
      }),
    ).slice(2);
    expect(details).toEqual([
      { label: 'Podszycie', value: 'polarowe' },
      { label: 'Kolor okuć', value: 'czarne' },
      { label: 'Odblaski', value: 'tak' },
      { label: 'Dodatkowa rączka', value: 'tak' },
      { label: 'Dodatkowa długość', value: '+2 m' },
      { label: 'Obwód szyi', value: '35 cm' },
      { label: 'Obwód klatki piersiowej', value: '60 cm' },
      { label: 'Dopasowanie rozmiaru', value: 'tak' },
    ]);
    expect(lineDetails(line({ podszycie: 'tak' }))[2]).toEqual({ label: 'Podszycie', value: 'z pianki' });
  });

  it('leaves out fields at their default, empty or not above 0', () => {
    const details = lineDetails(
      line({ podszycie: '', odblaski: '', dodatkowyMetr: 0, customObwodSzyi: 0, customObwodKlatki: null, dopasowanieRozmiaru: false }),
    );
    expect(details).toHaveLength(2);
  });

  it('adds the configurator colours per part, without the image and without repeating the hardware colour', () => {
    const configurator = JSON.stringify({
      pasSzyja: 'granatowy',
      pasKlatka: 'granatowy',
      pasGrzbiet: 'czerwony',
      pasNowy: 'zielony',
      kolorOkuc: 'czarny',
      imageurl: 'https://x/y.png',
    });
    expect(lineDetails(line({ configurator })).slice(2)).toEqual([
      { label: 'Pas szyjny', value: 'granatowy' },
      { label: 'Pas piersiowy', value: 'granatowy' },
      { label: 'Pas grzbietowy', value: 'czerwony' },
      { label: 'Pas nowy', value: 'zielony' },
      { label: 'Kolor okuć', value: 'czarne' },
    ]);
    const withField = lineDetails(line({ configurator, kolorOkuc: 'czarny' })).filter((x) => x.label === 'Kolor okuć');
    expect(withField).toHaveLength(1);
  });

  it('still lists the options when the configurator JSON is broken', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(lineDetails(line({ configurator: '{broken' }))).toHaveLength(2);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});

describe('a Pro-Fit Studio line', () => {
  const configurator = JSON.stringify({
    szyja: 'mietowy',
    klatka: 'rozowy',
    lacznik: 'zolty',
    kolorOkuc: 'czarny',
    imageurl: 'http://x/assets/preview/a.jpg',
  });

  it('lists every part by its Polish name with the colour in Polish, and the hardware colour', () => {
    expect(lineDetails(line({ configurator, kolorOkuc: 'czarny' })).slice(2)).toEqual([
      { label: 'Kolor okuć', value: 'czarne' },
      { label: 'Pas szyjny', value: 'miętowy' },
      { label: 'Pas piersiowy', value: 'różowy' },
      { label: 'Łącznik', value: 'żółty' },
    ]);
    expect(lineDetails(line({ configurator: JSON.stringify({ grzbiet: 'bezowy', kolorOkuc: 'srebrny' }) })).slice(2)).toEqual([
      { label: 'Pas grzbietowy', value: 'beżowy' },
      { label: 'Kolor okuć', value: 'srebrne' },
    ]);
  });

  it('shows the configured harness picture instead of the variant picture', () => {
    const featuredAsset = { preview: 'http://x/assets/preview/variant.jpg' };
    expect(lineImage({ ...line({ configurator }), featuredAsset })).toBe('http://x/assets/preview/a.jpg');
    expect(lineImage({ ...line({ configurator: JSON.stringify({ szyja: 'mietowy', imageurl: '' }) }), featuredAsset })).toBe(
      featuredAsset.preview,
    );
    expect(lineImage({ ...line(), featuredAsset })).toBe(featuredAsset.preview);
  });
});

describe('linePrices', () => {
  it('gives the unit and line price, with no regular price when not on sale', () => {
    expect(linePrices(line())).toEqual({ unit: 18900, regular: null, line: 37800 });
  });

  it('gives the old price (staracena) plus the same extras when on sale', () => {
    expect(linePrices(line({}, { customFields: { staracena: 17900 } }))).toEqual({ unit: 18900, regular: 21900, line: 37800 });
  });

  it('ignores an old price that is not above the price', () => {
    expect(linePrices(line({}, { customFields: { staracena: 14900 } })).regular).toBeNull();
  });
});
