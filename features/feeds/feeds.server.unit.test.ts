import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { ShippingRate } from '../../worker/shop/shop-policies';
import { ceneoAvail, ceneoFeed } from './ceneo-feed.server';
import type { FeedItem } from './feed-items.server';
import { googleCategory, googleFeed } from './google-feed.server';
import { cdata, xmlText } from '../../client/lib/xml';

const HOSTILE = 'Obroża </script><![CDATA[ x ]]> & "cudzysłów" \'apostrof\' <b>pogrubienie</b>\u0000\u0007\uFFFF\uD800 koniec';
/** What of HOSTILE survives into XML text: everything but the characters XML 1.0 forbids. */
const SURVIVES = 'Obroża </script><![CDATA[ x ]]> & "cudzysłów" \'apostrof\' <b>pogrubienie</b> koniec';

const item = (over: Partial<FeedItem> = {}): FeedItem => ({
  id: '42',
  productId: '16',
  grouped: true,
  title: HOSTILE,
  description: HOSTILE,
  link: 'https://psiaki.pl/p/16/obroza?wariant=42',
  image: 'https://api.psiaki.pl/assets/a.jpg?w=1200&h=1200&mode=crop&format=jpg',
  moreImages: ['https://api.psiaki.pl/assets/b.jpg?w=1200&h=1200'],
  price: 4900,
  reduction: null,
  inStock: true,
  ean: '5900001600015',
  sku: 'PS-016-20-M',
  brand: 'Psiaki',
  manufacturer: HOSTILE,
  categoryPath: ['Dla psa', 'Akcesoria', 'Obroże'],
  collectionSlugs: ['dla-psa', 'akcesoria', 'obroze'],
  options: [
    { group: 'szerokosc-tasmy', name: '20 mm' },
    { group: 'rozmiar', name: 'M' },
  ],
  handling: { min: 3, max: 7 },
  personalised: false,
  ...over,
});
const RATES: ShippingRate[] = [
  {
    code: 'paczkomat',
    name: 'Paczkomat InPost',
    description: '',
    priceWithTax: 1299,
    freeAbove: 24900,
    deliveryTime: '1–2 dni robocze',
    taxRate: 23,
  },
  { code: 'kurier', name: 'Kurier', description: '', priceWithTax: 1699, freeAbove: 24900, deliveryTime: '2 dni', taxRate: 23 },
];
const parse = (xml: string) =>
  new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (n) => ['item', 'g:shipping', 'o', 'a'].includes(n) }).parse(xml);

describe('feed XML', () => {
  it('escapes markup characters and drops the characters XML forbids', () => {
    expect(xmlText('a & b < c > d " e \' f')).toBe('a &amp; b &lt; c &gt; d &quot; e &apos; f');
    expect(xmlText('x\u0000\u0008\u000B\u001Fy\uFFFE\uFFFF\uDC00z\tok\n')).toBe('xyz\tok\n');
    expect(xmlText('pies 🐕')).toBe('pies 🐕');
  });

  it('keeps a text containing "]]>" inside CDATA, whatever it holds', () => {
    const doc = `<r>${cdata(HOSTILE)}</r>`;
    expect(XMLValidator.validate(doc)).toBe(true);
    expect(parse(doc).r).toBe(SURVIVES);
  });

  it('writes a Google item that parses back to the text it was given, with every attribute of the offer', () => {
    const xml = googleFeed([item()], RATES, {
      name: 'Psiaki & Co',
      url: 'https://psiaki.pl/',
      description: 'Spersonalizowane <akcesoria>',
    });
    expect(XMLValidator.validate(xml)).toBe(true);
    const channel = parse(xml).rss.channel;
    expect(channel.title).toBe('Psiaki & Co');
    const [g] = channel.item;
    expect(g['g:title']).toBe(SURVIVES);
    expect(g['g:description']).toBe(SURVIVES);
    expect(g['g:image_link']).toBe(item().image);
    expect(g).toMatchObject({
      'g:id': '42',
      'g:item_group_id': '16',
      'g:price': '49.00 PLN',
      'g:availability': 'in_stock',
      'g:gtin': '5900001600015',
      'g:condition': 'new',
      'g:product_type': 'Dla psa > Akcesoria > Obroże',
      'g:google_product_category': '6250',
      'g:size': '20 mm, M',
    });
    expect(g['g:sale_price']).toBeUndefined();
    expect(g['g:shipping']).toEqual([
      {
        'g:country': 'PL',
        'g:service': 'Paczkomat InPost',
        'g:price': '12.99 PLN',
        'g:min_handling_time': '3',
        'g:max_handling_time': '7',
        'g:min_transit_time': '1',
        'g:max_transit_time': '2',
      },
      {
        'g:country': 'PL',
        'g:service': 'Kurier',
        'g:price': '16.99 PLN',
        'g:min_handling_time': '3',
        'g:max_handling_time': '7',
        'g:min_transit_time': '2',
        'g:max_transit_time': '2',
      },
    ]);
  });

  it('states a reduction the Omnibus way, ships free above the threshold, and names the identifiers Google asks for', () => {
    const sale = parse(
      googleFeed([item({ price: 29900, reduction: { regular: 34900, sale: 29900 } })], RATES, { name: 'P', url: 'u', description: 'd' }),
    ).rss.channel.item[0];
    expect([sale['g:price'], sale['g:sale_price']]).toEqual(['349.00 PLN', '299.00 PLN']);
    expect(sale['g:shipping'].map((s: Record<string, string>) => s['g:price'])).toEqual(['0.00 PLN', '0.00 PLN']);
    const withoutGtin = (personalised: boolean) =>
      parse(googleFeed([item({ ean: null, personalised })], RATES, { name: 'P', url: 'u', description: 'd' })).rss.channel.item[0];
    expect(withoutGtin(false)).toMatchObject({ 'g:mpn': 'PS-016-20-M' });
    expect(withoutGtin(true)).toMatchObject({ 'g:identifier_exists': 'no' });
    expect(withoutGtin(true)['g:mpn']).toBeUndefined();
    // a product of one variant: no group, no size
    const single = parse(googleFeed([item({ grouped: false })], RATES, { name: 'P', url: 'u', description: 'd' })).rss.channel.item[0];
    expect([single['g:item_group_id'], single['g:size']]).toEqual([undefined, undefined]);
  });

  it('writes a Ceneo offer that parses back to the text it was given', () => {
    const xml = ceneoFeed([item({ inStock: false })], 'Psiaki Anna Nowak');
    expect(XMLValidator.validate(xml)).toBe(true);
    const [o] = parse(xml).offers.group.o;
    expect(o).toMatchObject({
      '@_id': '42',
      '@_url': item().link,
      '@_price': '49.00',
      '@_avail': '99',
      '@_stock': '0',
      cat: 'Dla psa/Akcesoria/Obroże',
      name: SURVIVES,
      desc: SURVIVES,
    });
    expect(o.imgs.main['@_url']).toBe(item().image);
    expect(Object.fromEntries(o.attrs.a.map((a: Record<string, string>) => [a['@_name'], a['#text']]))).toEqual({
      Producent: SURVIVES,
      Kod_producenta: 'PS-016-20-M',
      EAN: '5900001600015',
    });
  });

  it("maps stock states and production times to Ceneo's avail", () => {
    const avail = (inStock: boolean, max: number) => ceneoAvail({ inStock, handling: { min: 1, max } });
    expect([avail(true, 1), avail(true, 2), avail(true, 3), avail(true, 7), avail(true, 10), avail(true, 14), avail(true, 20)]).toEqual([
      1, 3, 3, 7, 14, 14, 90,
    ]);
    expect(avail(false, 2)).toBe(99);
  });

  it("maps collections to Google's product categories, Dog Supplies for anything else", () => {
    const category = (...slugs: string[]) => googleCategory({ collectionSlugs: slugs });
    expect(category('dla-psa', 'akcesoria', 'szelki', 'szelki-typu-guard')).toBe(6250);
    expect(category('dla-psa', 'akcesoria', 'smycze', 'smycze-miejskie')).toBe(6249);
    expect(category('dla-psa', 'akcesoria', 'dodatki', 'worki-na-odchody')).toBe(8070);
    expect(category('dla-psa', 'przysmaki', 'suszone-mieso')).toBe(5011);
    expect(category('dla-psa', 'legowiska', 'maty')).toBe(4434);
    expect(category('dla-czlowieka', 'ubrania', 'skarpetki')).toBe(209);
    expect(category('dla-czlowieka', 'na-spacer-i-trening', 'nerki-spacerowe')).toBe(5);
  });
});
