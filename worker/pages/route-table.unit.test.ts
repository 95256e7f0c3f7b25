import { describe, expect, it } from 'vitest';
import { loadPageComponent, pageModules } from '../../client/page-modules';
import { checkRoutes } from '../../client/router/route-facts';
import { isCataloguePath, LEGACY_ON_MISS_SEGMENTS, matchRoute, type RouteDef, routes } from './route-table';

const complete: RouteDef = {
  id: 'x',
  path: '/x',
  page: 'StaticPage',
  loader: 'staticPageLoader',
  layout: 'default',
  guards: [],
  cache: 'none',
  legacyOnMiss: false,
  indexable: false,
  personal: false,
  hydrate: 'load',
};

describe('route table', () => {
  it('accepts a complete entry', () => {
    expect(checkRoutes([complete])).toEqual([complete]);
  });

  it('accepts the query parameters a route reads, or "*"', () => {
    for (const query of [[], ['a', 'page', 'attributes[]', 'itemsPerPage'], '*'] as const)
      expect(checkRoutes([{ ...complete, query }])).toHaveLength(1);
  });

  it.each([
    ['id', { id: undefined }, /needs an id/],
    ['path', { path: 'x' }, /needs a path/],
    ['alias', { aliases: ['X'] }, /needs a path/],
    ['page', { page: undefined }, /needs a page/],
    ['layout', { layout: undefined }, /needs a layout/],
    ['guards', { guards: undefined }, /needs its guards/],
    ['guard name', { guards: ['no-such-guard'] }, /unknown guard "no-such-guard"/],
    ['cache', { cache: undefined }, /needs cache/],
    ['legacyOnMiss', { legacyOnMiss: undefined }, /needs legacyOnMiss/],
    ['loader', { loader: undefined }, /needs a loader/],
    ['indexable', { indexable: undefined }, /needs indexable/],
    ['personal', { personal: undefined }, /needs personal/],
    ['hydrate', { hydrate: 'later' }, /needs hydrate/],
    ['samples of a path with a required parameter', { path: '/x/:id' }, /a path with a required parameter needs its samples/],
    ['sample path', { samples: [{ path: 'x' }] }, /a sample path \(or linkedFrom\) starts with "\/"/],
    ['query', { query: 'sort' }, /query is a list of parameter names, or "\*"/],
    ['query parameter name', { query: ['a b'] }, /query: "a b" is not a parameter name/],
    ['query parameter (a tracking one)', { query: ['page', 'fbclid'] }, /query: "fbclid" is a tracking parameter/],
    ['query parameter (a campaign tag)', { query: ['utm_source'] }, /query: "utm_source" is a tracking parameter/],
    ['query (a name twice)', { query: ['page', 'page'] }, /query names a parameter twice/],
  ])('refuses an entry without a valid %s', (_fact, change, message) => {
    expect(() => checkRoutes([{ ...complete, ...change } as unknown as RouteDef])).toThrow(message);
  });

  it('names a page module for every route, and refuses an unknown page', async () => {
    for (const route of routes) expect(Object.keys(pageModules), route.id).toContain(route.page);
    await expect(loadPageComponent('NoSuchPage' as never)).rejects.toThrow('Unknown page "NoSuchPage"');
  });

  it('refuses a personal page in the edge cache and a duplicate id', () => {
    expect(() => checkRoutes([{ ...complete, cache: 'edge', guards: ['is-authenticated'] }])).toThrow(/personal page/);
    expect(() => checkRoutes([complete, complete])).toThrow(/duplicate id/);
  });

  it('keeps personal pages out of caches and indexes, and indexes only pages the same for everybody', () => {
    expect(() => checkRoutes([{ ...complete, personal: true }])).toThrow(/personal page needs cache: "none" and the "status" guard/);
    expect(() => checkRoutes([{ ...complete, indexable: true }])).toThrow(/indexable page is the same for everybody/);
    for (const route of routes) {
      if (route.personal) expect(route.guards, route.id).toContain('status');
      if (route.guards.includes('status')) expect(route.personal, route.id).toBe(true);
    }
    const indexable = new Set(routes.filter((r) => r.indexable).map((r) => r.id));
    expect(indexable).toContain('product');
    expect(indexable).toContain('category');
    expect(indexable).not.toContain('legacy:/Regulamin');
    expect(indexable).not.toContain('checkout');
  });

  it('derives the catalogue segments whose misses may be legacy URLs', () => {
    expect([...LEGACY_ON_MISS_SEGMENTS].sort()).toEqual(['c', 'kolekcje', 'p']);
    expect(isCataloguePath('/c/dla-psa/smycze')).toBe(true);
    expect(isCataloguePath('/pomoc/regulamin')).toBe(false);
  });

  it('caches exactly the pages that are the same for everybody', () => {
    const edge = routes.filter((r) => r.cache === 'edge').map((r) => r.page);
    expect(new Set(edge)).toEqual(
      new Set([
        'HomePage',
        'CategoryPage',
        'ProductPage',
        'CollectionsPage',
        'CollectionPage',
        'StaticPage',
        'ProFitStudioPage',
        'ConfiguratorPage',
      ]),
    );
  });

  it('runs the checkout and language guards on every page (spec §2 "Route middleware on every page")', () => {
    for (const route of routes) expect(route.guards, route.id).toEqual(expect.arrayContaining(['checkout', 'language']));
  });

  it('answers an alias with its route', () => {
    const table = checkRoutes([{ ...complete, id: 'alias-test', path: '/x/:step', aliases: ['/X/:step'], samples: [] }]);
    expect(matchRoute('/X/Customer', table)).toEqual({ route: table[0], params: { step: 'Customer' } });
    expect(matchRoute('/x/customer', table)?.route.id).toBe('alias-test');
    expect(matchRoute('/y', table)).toBeNull();
  });
});

describe('order status route (issue 28)', () => {
  it("answers a guest's order status page, personal and uncached, never a legacy URL", () => {
    const route = matchRoute('/status-zamowienia')!.route;
    expect(route).toMatchObject({ page: 'OrderStatusPage', cache: 'none', legacyOnMiss: false });
    expect(route.guards).toEqual(['checkout', 'status', 'language']);
  });
});

describe('checkout routes (issue 11)', () => {
  it('answers every step, thank-you and payment return page and its capitalised duplicate, personal and uncached', () => {
    const pairs: Array<[string, string, string]> = [
      ['/checkout/customer', '/Checkout/Customer', 'CheckoutCustomerPage'],
      ['/checkout/shipping', '/Checkout/Shipping', 'CheckoutShippingPage'],
      ['/checkout/billing', '/Checkout/Billing', 'CheckoutBillingPage'],
      ['/checkout/payment', '/Checkout/Payment', 'CheckoutPaymentPage'],
      ['/checkout/thank-you', '/Checkout/ThankYou', 'CheckoutThankYouPage'],
      ['/payment-check', '/Checkout/PaymentCheck', 'CheckoutPaymentCheckPage'],
      ['/payment-cancel', '/Checkout/PaymentCancel', 'CheckoutPaymentCancelPage'],
    ];
    for (const [path, alias, page] of pairs) {
      const route = matchRoute(path)!.route;
      expect(matchRoute(alias)!.route).toBe(route);
      expect(route.page).toBe(page);
      expect(route.cache).toBe('none');
      expect(route.guards).toEqual(['checkout', 'status', 'language']);
    }
    expect(matchRoute('/checkout')!.route.meta?.step).toBe('start');
  });
});
