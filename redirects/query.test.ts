import { describe, expect, it } from 'vitest';
import { hasLegacyParams, legacyListingParams, liveQuery, rewriteLegacyListingQuery } from './query';

const q = (s: string) => new URLSearchParams(s);

describe('legacyListingParams', () => {
  it('turns attributes into numeric a values and ignores everything else', () => {
    expect(legacyListingParams(q('attributes=27&add-to-cart=12&fbclid=x&utm_source=nl&ref=7')).toString()).toBe('a=27');
    expect(legacyListingParams(q('attributes=27,31&attributes[]=40&attributes=abc&attributes=027')).toString()).toBe('a=27&a=31&a=40');
  });

  it('maps the old sort values and drops those without an equivalent', () => {
    expect(legacyListingParams(q('orderby=date')).get('sort')).toBe('CREATED_DESC');
    expect(legacyListingParams(q('orderby=price')).get('sort')).toBe('PRICE_ASC');
    expect(legacyListingParams(q('orderby=price-desc')).get('sort')).toBe('PRICE_DESC');
    expect(legacyListingParams(q('orderby=popularity')).has('sort')).toBe(false);
    expect(legacyListingParams(q('orderby=menu_order')).has('sort')).toBe(false);
    expect(legacyListingParams(q('orderby=rating')).has('sort')).toBe(false);
  });
});

describe('liveQuery and rewriteLegacyListingQuery', () => {
  it('keeps the shopper’s parameters and translates the old ones on a listing', () => {
    expect(liveQuery('/c/dla-psa', q('attributes=27&page=2'))).toBe('?page=2&a=27');
    expect(liveQuery('/c/dla-psa', q('a=27&attributes=27&orderby=price&sort=NAME_ASC'))).toBe('?a=27&sort=NAME_ASC');
    expect(liveQuery('/obsluga-klienta/faq', q('orderby=price&x=1'))).toBe('?x=1');
    expect(liveQuery('/kontakt', q(''))).toBe('');
  });

  it('rewrites /c/dla-psa?attributes=27 to /c/dla-psa?a=27, and nothing else', () => {
    expect(rewriteLegacyListingQuery(new URL('https://s.test/c/dla-psa?attributes=27'))).toBe('/c/dla-psa?a=27');
    expect(rewriteLegacyListingQuery(new URL('https://s.test/c/dla-psa?a=27'))).toBeNull();
    expect(rewriteLegacyListingQuery(new URL('https://s.test/kontakt?orderby=price'))).toBeNull();
    expect(hasLegacyParams(q('orderby=date'))).toBe(true);
  });
});
