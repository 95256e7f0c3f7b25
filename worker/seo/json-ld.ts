import type { Breadcrumb } from '../../client/pages/listing-types';

/** schema.org BreadcrumbList from breadcrumbs with absolute links. */
export function breadcrumbList(items: Breadcrumb[], origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((b, i) => ({ '@type': 'ListItem', position: i + 1, name: b.text, item: origin + b.link })),
  };
}

/** schema.org ItemList of product URLs, in the order shown. */
export function itemList(urls: string[], origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: urls.map((url, i) => ({ '@type': 'ListItem', position: i + 1, url: origin + url })),
  };
}
