import { describe, expect, it } from 'vitest';
import { hasLegacyParams } from '../../redirects';
import { pageUrl, unreadParams } from './page-query';
import { matchRoute, routes } from './route-table';

const url = (pathAndQuery: string) => new URL(`https://psiaki.test${pathAndQuery}`);
const seen = (pathAndQuery: string) => {
  const requested = url(pathAndQuery);
  return pageUrl(requested, matchRoute(requested.pathname)?.route).search;
};

describe('the URL a page is rendered and cached for (issue 38)', () => {
  it('keeps only the parameters the route reads, sorted by name, the values of one name in their order', () => {
    expect(seen('/c/dla-psa?utm_source=fb&sort=PRICE_ASC&fbclid=x&a=3&page=2&a=1&v=77')).toBe('?a=3&a=1&page=2&sort=PRICE_ASC');
    expect(seen('/c/dla-psa?page=2&sort=PRICE_ASC')).toBe(seen('/c/dla-psa?sort=PRICE_ASC&page=2'));
    expect(seen('/c/dla-psa?q=szelki+guard&phrase=&itemsPerPage=40')).toBe('?itemsPerPage=40&q=szelki+guard');
    expect(seen('/c/dla-psa?q=szelki%20guard')).toBe(seen('/c/dla-psa?q=szelki+guard'));
  });

  it('keeps nothing for a page that reads nothing: the home page, static pages', () => {
    for (const path of ['/?gclid=x&utm_campaign=y', '/pomoc/regulamin?x=1', '/kolekcje?page=2']) {
      expect(seen(path), path).toBe('');
    }
  });

  it("keeps the product page's chosen variant (a feed's link), nothing else", () => {
    expect(seen('/p/16/szelki?fbclid=1&variant=3')).toBe('');
    expect(seen('/p/16/szelki?gclid=1&wariant=42&utm_source=google')).toBe('?wariant=42');
  });

  it("keeps a personal page's own parameters (tokens, order codes), nothing else", () => {
    expect(seen('/status-zamowienia?order=ABC123&key=1.x&utm_source=mail')).toBe('?key=1.x&order=ABC123');
    expect(seen('/verify?token=t&change=1&fbclid=x')).toBe('?change=1&token=t');
    expect(seen('/checkout/thank-you?order=ABC&gclid=x')).toBe('?order=ABC');
    expect(seen('/checkout/shipping?order=ABC')).toBe('');
    expect(seen('/my-account/orders?page=3&x=1')).toBe('?page=3');
  });

  it("keeps a Pro-Fit Studio design (parameters named by the backend's data), without ad click ids and campaign tags", () => {
    expect(seen('/pro-fit-studio/guard?model=classic&szyja=granatowy&utm_source=ig&fbclid=x&ilosc=2&_gl=1')).toBe(
      '?ilosc=2&model=classic&szyja=granatowy',
    );
  });

  it('keeps the old listing parameters the category loader redirects (every one redirects/query.ts knows)', () => {
    const category = matchRoute('/c/dla-psa')!.route;
    for (const name of ['attributes', 'attributes[]', 'orderby']) {
      expect(hasLegacyParams(new URLSearchParams(`${name}=1`)), name).toBe(true);
      expect(category.query, name).toContain(name);
    }
  });

  it('gives the parameters a page does not read, as sent', () => {
    const requested = url('/p/16?fbclid=a&utm_source=b&fbclid=c');
    expect(unreadParams(requested, matchRoute('/p/16')!.route).toString()).toBe('fbclid=a&utm_source=b&fbclid=c');
    expect(unreadParams(url('/c/x?sort=NAME_ASC&gclid=1'), matchRoute('/c/x')!.route).toString()).toBe('gclid=1');
  });

  it('declares what every cached page reads: listings their parameters, the configurator its design, the product its variant, the rest nothing', () => {
    const reads = Object.fromEntries(routes.filter((r) => r.cache === 'edge').map((r) => [r.id, r.query ?? []]));
    expect(reads.product).toEqual(['wariant']);
    expect(reads.home).toEqual([]);
    expect(reads.collections).toEqual([]);
    expect(reads.collection).toEqual(['a', 'itemsPerPage', 'page', 'phrase', 'q', 'sort']);
    expect(reads.category).toEqual(expect.arrayContaining(['a', 'itemsPerPage', 'page', 'phrase', 'q', 'sort']));
    expect(reads['pro-fit-studio-guard']).toBe('*');
    expect(reads.pomoc).toEqual([]);
  });
});
