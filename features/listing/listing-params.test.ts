import { describe, expect, it } from 'vitest';
import { listingHref, parseListingParams, toggleFacet } from './listing-params';

describe('parseListingParams', () => {
  it('falls back for bad values instead of failing', () => {
    expect(parseListingParams('page=abc&itemsPerPage=-5&sort=DROP&a=x')).toEqual({
      page: 1,
      sort: null,
      itemsPerPage: 20,
      facetValueIds: [],
      q: '',
      phrase: '',
    });
  });

  it('accepts the spec values', () => {
    const p = parseListingParams('page=3&itemsPerPage=40&sort=PRICE_DESC&a=303&a=12,abc,12&q=szelki');
    expect(p).toEqual({ page: 3, sort: 'PRICE_DESC', itemsPerPage: 40, facetValueIds: ['303', '12'], q: 'szelki', phrase: '' });
  });

  it('only allows page sizes 20, 40 and 100', () => {
    expect(parseListingParams('itemsPerPage=100').itemsPerPage).toBe(100);
    expect(parseListingParams('itemsPerPage=33').itemsPerPage).toBe(20);
    expect(parseListingParams('').itemsPerPage).toBe(20);
  });

  it('treats page 0 and negative pages as page 1', () => {
    expect(parseListingParams('page=0').page).toBe(1);
    expect(parseListingParams('page=-2').page).toBe(1);
  });
});

describe('listingHref', () => {
  const current = parseListingParams('page=4&sort=NAME_ASC&a=7');

  it('drops page when the sort, the filters or the page size change', () => {
    expect(listingHref('/c/dla-psa', current, { sort: 'PRICE_ASC' })).toBe('/c/dla-psa?a=7&sort=PRICE_ASC');
    expect(listingHref('/c/dla-psa', current, { facetValueIds: toggleFacet(current.facetValueIds, '9') })).toBe(
      '/c/dla-psa?a=7&a=9&sort=NAME_ASC',
    );
    expect(listingHref('/c/dla-psa', current, { itemsPerPage: 40 })).toBe('/c/dla-psa?a=7&sort=NAME_ASC&itemsPerPage=40');
  });

  it('keeps other parameters when paging and drops page=1', () => {
    expect(listingHref('/c/dla-psa', current, { page: 5 })).toBe('/c/dla-psa?a=7&sort=NAME_ASC&page=5');
    expect(listingHref('/c/dla-psa', current, { page: 1 })).toBe('/c/dla-psa?a=7&sort=NAME_ASC');
  });
});
