import type { FeedItem } from './feed-items.server';
import { decimal } from '../product/product-offer.server';
import { cdata, xmlText } from '../../client/lib/xml';

/**
 * Ceneo's `avail` (when the shop sends the product) from the variant's stock state and production
 * time (decision 111, README "Product feeds"): an orderable variant is sent within its handling
 * time, so the smallest of Ceneo's values that covers its longest handling time (1: within a day,
 * 3: within 3 days, 7: within a week, 14: within two weeks, 90: made to order); a variant out of
 * stock (OUT_OF_STOCK) is 99 ("sprawdź w sklepie") with `stock` 0.
 */
export function ceneoAvail(item: Pick<FeedItem, 'inStock' | 'handling'>): number {
  if (!item.inStock) return 99;
  return [1, 3, 7, 14].find((days) => item.handling.max <= days) ?? 90;
}

/** Ceneo's category of a product in no public collection. */
const UNCATEGORISED = 'Inne';

/** One `<o>` of the Ceneo feed. */
function ceneoOffer(item: FeedItem, fallbackManufacturer: string): string {
  const attrs = [
    ['Producent', item.manufacturer ?? fallbackManufacturer],
    ['Kod_producenta', item.sku],
    ...(item.ean ? [['EAN', item.ean]] : []),
  ]
    .map(([name, value]) => `<a name="${xmlText(name!)}">${cdata(value!)}</a>`)
    .join('');
  const imgs = `<imgs><main url="${xmlText(item.image)}"/>${item.moreImages.map((url) => `<i url="${xmlText(url)}"/>`).join('')}</imgs>`;
  return (
    // the current price: Ceneo compares what a shopper pays today
    `<o id="${xmlText(item.id)}" url="${xmlText(item.link)}" price="${decimal(item.price)}" avail="${ceneoAvail(item)}" stock="${item.inStock ? 1 : 0}">` +
    `<cat>${cdata(item.categoryPath.join('/') || UNCATEGORISED)}</cat>` +
    `<name>${cdata(item.title)}</name>` +
    imgs +
    `<desc>${cdata(item.description)}</desc>` +
    `<attrs>${attrs}</attrs>` +
    '</o>'
  );
}

/** The Ceneo feed: `offers` with one `o` per variant, in the group of general goods. */
export function ceneoFeed(items: readonly FeedItem[], fallbackManufacturer: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<offers xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="1"><group name="other">\n' +
    items.map((item) => ceneoOffer(item, fallbackManufacturer)).join('\n') +
    '\n</group></offers>\n'
  );
}
