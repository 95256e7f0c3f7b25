import type { ShippingRate } from '../../worker/shop/shop-policies';
import { shippingPrice } from '../../worker/shop/shop-policies';
import { transitDays } from '../product/product-offer.server';
import type { FeedItem } from './feed-items.server';
import { decimal } from '../product/product-offer.server';
import { xmlText } from '../../client/lib/xml';

/**
 * Google's product category (google_product_category, the taxonomy's numeric ids, the same in
 * every language) by the slugs of the product's collections: the first row one of them matches.
 * Anything else is 5, "Animals & Pet Supplies > Pet Supplies > Dog Supplies". The README lists
 * the names ("Product feeds").
 */
const GOOGLE_CATEGORIES: ReadonlyArray<[slugs: readonly string[], id: number]> = [
  [['worki-na-odchody'], 8070], // Pet Supplies > Pet Waste Bags
  [['pokrowce-na-worki'], 502982], // Pet Supplies > Pet Waste Bag Dispensers & Holders
  [['saszetki-na-przysmaki'], 505313], // Pet Supplies > Pet Training Aids > Pet Training Clickers & Treat Dispensers
  [['skarpetki'], 209], // Apparel & Accessories > Clothing > Underwear & Socks > Socks
  [['smycze', 'akcesoria-do-smyczy', 'pasy-do-samochodu'], 6249], // Pet Supplies > Pet Leashes
  [['szelki', 'obroze', 'dodatki-do-obrozy', 'dodatki-do-szelek'], 6250], // Pet Supplies > Pet Collars & Harnesses
  [['przysmaki'], 5011], // Pet Supplies > Dog Supplies > Dog Treats
  [['zabawki'], 5010], // Pet Supplies > Dog Supplies > Dog Toys
  [['legowiska'], 4434], // Pet Supplies > Dog Supplies > Dog Beds
];
const DOG_SUPPLIES = 5;

/** Google's product category id of an item (GOOGLE_CATEGORIES). */
export function googleCategory(item: Pick<FeedItem, 'collectionSlugs'>): number {
  return GOOGLE_CATEGORIES.find(([slugs]) => slugs.some((s) => item.collectionSlugs.includes(s)))?.[1] ?? DOG_SUPPLIES;
}

/** Option groups whose value is a colour; the others (tape width, size, length, weight) are the item's size. */
const COLOUR_GROUPS = new Set(['kolor']);

const el = (name: string, value: string | number) => `<g:${name}>${xmlText(value)}</g:${name}>`;
const price = (minor: number) => `${decimal(minor)} PLN`;

/** One `<item>` of the Google feed (Google's product data specification; decision 111 maps each field). */
function googleItem(item: FeedItem, rates: readonly ShippingRate[]): string {
  const parts = [
    el('id', item.id),
    item.grouped ? el('item_group_id', item.productId) : '',
    el('title', item.title),
    el('description', item.description),
    el('link', item.link),
    el('image_link', item.image),
    ...item.moreImages.map((url) => el('additional_image_link', url)),
    el('availability', item.inStock ? 'in_stock' : 'out_of_stock'),
    // the Omnibus rule: during a reduction the regular price is the lowest of the 30 days before it
    el('price', price(item.reduction ? item.reduction.regular : item.price)),
    item.reduction ? el('sale_price', price(item.reduction.sale)) : '',
    el('condition', 'new'),
    el('brand', item.brand),
    // a GTIN wherever one exists; without one, the shop's own part number, or for goods made to
    // the shopper's specification no identifier at all (identifier_exists: no)
    item.ean ? el('gtin', item.ean) : item.personalised ? el('identifier_exists', 'no') : el('mpn', item.sku),
    item.categoryPath.length ? el('product_type', item.categoryPath.join(' > ')) : '',
    el('google_product_category', googleCategory(item)),
    ...sizeAndColour(item),
    ...rates.map((rate) => shippingOf(rate, item)),
  ];
  return `<item>${parts.join('')}</item>`;
}

function sizeAndColour(item: FeedItem): string[] {
  if (!item.grouped) return [];
  const colour = item.options.filter((o) => COLOUR_GROUPS.has(o.group)).map((o) => o.name);
  const size = item.options.filter((o) => !COLOUR_GROUPS.has(o.group)).map((o) => o.name);
  return [size.length ? el('size', size.join(', ')) : '', colour.length ? el('color', colour.join('/')) : ''];
}

/** A delivery method as Google's shipping attribute: Poland, its price for this one item (free above the threshold), handling and transit days. */
function shippingOf(rate: ShippingRate, item: FeedItem): string {
  const transit = transitDays(rate.deliveryTime);
  return (
    '<g:shipping>' +
    el('country', 'PL') +
    el('service', rate.name) +
    el('price', price(shippingPrice(rate, item.price))) +
    el('min_handling_time', item.handling.min) +
    el('max_handling_time', item.handling.max) +
    (transit ? el('min_transit_time', transit.min) + el('max_transit_time', transit.max) : '') +
    '</g:shipping>'
  );
}

/** The Google Merchant Center feed: RSS 2.0 with Google's `g:` namespace, one item per variant. */
export function googleFeed(
  items: readonly FeedItem[],
  rates: readonly ShippingRate[],
  shop: { name: string; url: string; description: string },
): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>' +
    `<title>${xmlText(shop.name)}</title><link>${xmlText(shop.url)}</link><description>${xmlText(shop.description)}</description>\n` +
    items.map((item) => googleItem(item, rates)).join('\n') +
    '\n</channel></rss>\n'
  );
}
