/**
 * SQL budgets (issue 38): how many SQL statements the storefront's Shop API operations cost, counted
 * by the backend itself (SQL_STATEMENT_COUNT=1 in both test stacks: `x-sql-statements` on every
 * response, src/dev/sql-count.ts). Everything but transaction control counts, session and channel
 * look-ups included. The documents are the storefront's own, copied as it sends them: catalogue
 * queries without a session token, the cart with one.
 *
 * A count is a steady state: Vendure refreshes its channel, zone and tax-rate caches inside the
 * first request that finds them older than 30 s (five statements or so, on each API server), so a
 * query is measured several times (every API server of the production profile at least twice) and
 * its smallest count is the one compared. `SQL_BUDGETS_REPORT=1` prints every measured count, `=statements` their statements too.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { VendureConfig } from '@vendure/core';
import { type GqlSession, type Variables } from '../src/dev/graphql-client';
import {
    CountingTypeOrmLogger,
    countSqlStatements,
    decodeLog,
    SQL_COUNT_HEADER,
    SQL_LOG_HEADER,
    type SqlLogEntry,
    sqlLog,
    withSqlStatementCount,
} from '../src/dev/sql-count';
import { shop, variantBySku } from './helpers';

// ---- the storefront's documents (copied; keep them in step with the files named) ----

/** features/listing/catalogue.graphql.server.ts: productCardFields (the fields the worker reads of a card) */
const PRODUCT_CARD = `
  fragment ProductCard on CatalogueCard {
    id
    name
    slug
    createdAt
    featuredAsset { preview }
    assets { preview }
    facetValues { id code facet { id code } }
    optionGroups { id code name }
    variants {
      id
      sku
      priceWithTax
      stockLevel
      customFields { staracena }
      omnibusPrice
      options { id code name group { code } }
    }
    reviewSummary { average count }
  }
`;

/** features/listing/catalogue.graphql.server.ts: getProductsByIds (the catalogue read model's cards, one JSON value) */
const GET_PRODUCTS_BY_IDS = `
  query getproductsids($ids: [ID!]!) {
    catalogueCardsJson(ids: $ids)
  }
`;

/** The same cards from Vendure's live entities, as the storefront asked before the read model (decision 108): the N+1 it replaced */
const LIVE_PRODUCTS_BY_IDS = `
  query getproductsidslive($options: ProductListOptions) {
    products(options: $options) { totalItems items { ...ProductCard } }
  }
  ${PRODUCT_CARD.replace('on CatalogueCard', 'on Product')}`;

/** features/listing/catalogue.graphql.server.ts: searchProducts */
const SEARCH_PRODUCTS = `
  query searchproducts($input: SearchInput!) {
    search(input: $input) {
      totalItems
      items {
        productId
        slug
        productName
        priceWithTax {
          ... on PriceRange { min max }
          ... on SinglePrice { value }
        }
      }
      facetValues { count facetValue { id name code facet { id name code } } }
    }
  }
`;

/** features/feeds/feeds.graphql.server.ts: getCatalogueFeed (the product feeds read the catalogue read model page by page) */
const GET_CATALOGUE_FEED = `
  query getCatalogueFeed($after: Int) {
    catalogueFeed(after: $after) {
      items
      next
    }
  }
`;
/** The same in smaller pages (the storefront takes the default, 200) */
const GET_CATALOGUE_FEED_PAGE = `
  query getCatalogueFeedPage($after: Int, $take: Int) {
    catalogueFeed(after: $after, take: $take) {
      items
      next
    }
  }
`;

/** features/listing/catalogue.graphql.server.ts: getHeaderNavigation (worker/pages/nav.ts sends it) */
const GET_HEADER_NAVIGATION = `
  query getheadernavigation {
    collections(options: { topLevelOnly: true, sort: { position: ASC }, take: 20 }) {
      items {
        id
        name
        slug
        position
        children {
          id
          name
          slug
          position
          children { id name slug position }
        }
      }
    }
  }
`;

/** features/product/product.graphql.server.ts: getProductFamily (the family and related products of a product page) */
const GET_PRODUCT_FAMILY = `
    query getProductFamily($collectionId: ID, $parentId: ID, $take: Int!) {
        catalogueFamilyJson(collectionId: $collectionId, parentId: $parentId, take: $take)
    }`;

/** features/product/product.graphql.server.ts: getProduct (the catalogue read model), with client/graphql/fragments.graphql.ts's ExtraOfferFields and features/reviews/reviews.graphql.ts's Review */
const GET_PRODUCT = `
  query getProduct($id: ID!, $reviewsTake: Int!) {
    product: catalogueProduct(id: $id) {
      id
      name
      slug
      description
      createdAt
      customFields { producent producentadres producentemail bezpieczenstwo }
      featuredAsset { id preview }
      assets { id preview source width height }
      facetValues { id code name facet { id code name } }
      collections {
        id
        name
        slug
        parent { id slug }
        breadcrumbs { id name slug }
      }
      optionGroups { id code name options { id code name } }
      variants {
        id
        name
        sku
        priceWithTax
        stockLevel
        featuredAsset { id }
        customFields { staracena ean }
        omnibusPrice
        options { id code name group { code } }
        extras { ...ExtraOfferFields }
        configurator { parts { key } }
      }
      reviewSummary { average count histogram { rating count } }
    }
    productReviews(productId: $id, options: { take: $reviewsTake }) {
      totalItems
      items { ...Review }
    }
  }
  fragment ExtraOfferFields on ExtraOffer {
    field
    label
    type
    price
    min
    max
    unit
    chargeGroup
    options { value label price }
  }
  fragment Review on ProductReview {
    id
    authorName
    rating
    title
    text
    verifiedPurchase
    createdAt
  }
`;

/** features/sitemap/sitemap.graphql.server.ts: getSitemapOverview */
const GET_SITEMAP_OVERVIEW = `
  query getsitemapoverview {
    catalogueSitemap {
      productCount
      categories { id path updatedAt }
    }
  }
`;

/** features/sitemap/sitemap.graphql.server.ts: getSitemapProducts */
const GET_SITEMAP_PRODUCTS = `
  query getsitemapproducts($skip: Int!, $take: Int!) {
    catalogueSitemap {
      products(skip: $skip, take: $take) { id slug updatedAt images }
    }
  }
`;

/** features/listing/catalogue.graphql.server.ts: getFacetValueCounts (the collections of /kolekcje and of the sitemap) */
const GET_FACET_VALUE_COUNTS = `
  query getfacetvaluecounts($input: SearchInput!) {
    search(input: $input) {
      totalItems
      facetValues { count facetValue { id name code facet { id code } } }
    }
  }
`;

/** The product page from Vendure's live entities, as the storefront asked before the read model (decision 108) */
const LIVE_PRODUCT = GET_PRODUCT.replace('query getProduct(', 'query getProductLive(').replace(
    'product: catalogueProduct(id: $id)',
    'product(id: $id)',
);
/** features/reviews/review-items.ts: REVIEWS_PAGE_SIZE, what features/product/product.server.ts asks for */
const REVIEWS_PAGE_SIZE = 5;

/** client/graphql/cart.graphql.ts: cartFields (the cart of features/cart/ and client/stores/cart.store.ts) */
const CART = `
  fragment Cart on Order {
    id
    code
    state
    active
    totalQuantity
    subTotalWithTax
    totalWithTax
    shippingWithTax
    couponCodes
    discounts { type adjustmentSource amountWithTax description }
    shippingLines { shippingMethod { id code name } }
    customer { id firstName lastName emailAddress }
    lines {
      id
      quantity
      unitPriceWithTax
      linePriceWithTax
      discountedLinePriceWithTax
      featuredAsset { preview }
      productVariant {
        id
        name
        sku
        priceWithTax
        customFields { staracena }
      }
      catalogue {
        product { id slug name facetValues { id name facet { id code name } } }
        options { id code name group { code name } }
      }
      customFields {
        configurator
        customObwodKlatki
        customObwodSzyi
        dodatkowyMetr
        kolorOkuc
        odblaski
        podszycie
        raczka
        dopasowanieRozmiaru
      }
    }
  }
`;
/** client/graphql/cart.graphql.ts: getCart */
const GET_CART = `query getCart { activeOrder { ...Cart } } ${CART}`;
/** client/graphql/cart.graphql.ts: addToCart */
const ADD_TO_CART = `
  mutation addToCart($productVariantId: ID!, $quantity: Int!, $customFields: OrderLineCustomFieldsInput) {
    addItemToOrder(productVariantId: $productVariantId, quantity: $quantity, customFields: $customFields) {
      ...Cart
      ... on ErrorResult { errorCode message }
      ... on OrderInterceptorError { interceptorError }
    }
  }
  ${CART}
`;
/** client/graphql/cart.graphql.ts: updateCartQuantity */
const UPDATE_CART_QUANTITY = `
  mutation updateCartQuantity($orderLineId: ID!, $quantity: Int!) {
    adjustOrderLine(orderLineId: $orderLineId, quantity: $quantity) {
      ...Cart
      ... on ErrorResult { errorCode message }
    }
  }
  ${CART}
`;

// ---- measuring ----

interface Measurement {
    /** statements of the request (the `x-sql-statements` header) */
    count: number;
    /** the statements, identical ones grouped ([times, shortened SQL]) */
    log: SqlLogEntry[];
    data: Record<string, unknown>;
}

/**
 * The SQL statements one request of `session` costs: it sends `query` as GqlSession does (its
 * bearer token and headers; a new token is kept) and reads the count from the response. Fails on
 * GraphQL errors: a refused request is no measurement.
 */
async function statements(session: GqlSession, query: string, variables?: Variables): Promise<Measurement> {
    const headers: Record<string, string> = { ...session.headers, 'content-type': 'application/json', [SQL_LOG_HEADER]: '1' };
    if (session.token) headers.authorization = `Bearer ${session.token}`;
    const res = await fetch(session.url, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
    const token = res.headers.get('vendure-auth-token');
    if (token) session.token = token;
    const body = (await res.json()) as { data?: Record<string, unknown>; errors?: Array<{ message: string }> };
    if (body.errors?.length || !body.data) throw new Error(`GraphQL errors: ${body.errors?.map(e => e.message).join('; ')}`);
    const count = res.headers.get(SQL_COUNT_HEADER);
    if (count === null || !/^\d+$/.test(count)) throw new Error(`no ${SQL_COUNT_HEADER} header (is SQL_STATEMENT_COUNT=1 set?)`);
    const log = res.headers.get(SQL_LOG_HEADER);
    return { count: Number(count), log: log ? decodeLog(log) : [], data: body.data };
}

/**
 * The steady-state cost of a query (see the file's comment): the smallest of `runs` measurements.
 * Four runs reach each of the production profile's two API servers (round robin) twice.
 */
async function steady(session: GqlSession, query: string, variables?: Variables, runs = 4): Promise<Measurement> {
    let best: Measurement | undefined;
    for (let i = 0; i < runs; i++) {
        const m = await statements(session, query, variables);
        if (!best || m.count < best.count) best = m;
    }
    return best!;
}

/** The statements as a failure message shows them: one line per distinct statement, `12× SELECT … FROM "x" …`. */
function listing(m: Measurement): string {
    return m.log.map(([n, sql]) => `  ${String(n).padStart(3)}× ${sql}`).join('\n');
}

/** Fails with the statements listed when the count is above the budget. */
function expectWithin(what: string, m: Measurement, budget: number): void {
    if (m.count > budget) expect.fail(`${what}: ${m.count} SQL statements, budget ${budget}:\n${listing(m)}`);
}

/** Fails with the statements listed when the count is not `expected` ± `slack` (an entry of TODAY). */
function expectAbout(what: string, m: Measurement, [expected, slack]: [number, number]): void {
    if (Math.abs(m.count - expected) > slack)
        expect.fail(`${what}: ${m.count} SQL statements, measured before ${expected} (± ${slack}):\n${listing(m)}`);
}

const measured: Array<[string, number, string]> = [];
const note = (what: string, m: Measurement) => (measured.push([what, m.count, listing(m)]), m);
afterAll(() => {
    const report = process.env.SQL_BUDGETS_REPORT;
    if (report)
        process.stderr.write(
            `\nSQL statements per operation (${process.env.TEST_PROFILE ?? 'sqlite'}):\n${measured
                .map(([w, n, statements]) => `  ${String(n).padStart(4)}  ${w}${report === 'statements' ? `\n${statements}` : ''}`)
                .join('\n')}\n`,
        );
});

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

// ---- the counter itself ----

describe('the statement counter', () => {
    it('counts the statements run inside a request, not those outside it or after its headers', async () => {
        const seen: string[] = [];
        const inner = {
            logQuery: (q: string) => void seen.push(q),
            logQueryError: () => undefined,
            logQuerySlow: () => undefined,
            logSchemaBuild: () => undefined,
            logMigration: () => undefined,
            log: () => undefined,
        };
        const logger = new CountingTypeOrmLogger(inner);
        const tick = () => new Promise(r => setTimeout(r, 2));
        const server = http.createServer((req, res) =>
            countSqlStatements(req, res, async () => {
                logger.logQuery('BEGIN TRANSACTION');
                logger.logQuery('SELECT a');
                await tick();
                await Promise.all([tick().then(() => logger.logQuery('SELECT b')), tick().then(() => logger.logQuery('SELECT b'))]);
                logger.logQuery('SAVEPOINT typeorm_1');
                logger.logQuery('COMMIT');
                res.end('ok', () => logger.logQuery('SELECT after the headers'));
            }),
        );
        await new Promise<void>(r => server.listen(0, '127.0.0.1', r));
        // a statement outside any request (a scheduled job) while the request runs
        const outside = setInterval(() => logger.logQuery('SELECT from a job'), 1);
        try {
            const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
            const [a, b] = await Promise.all([fetch(url, { headers: { [SQL_LOG_HEADER]: '1' } }), fetch(url)]);
            expect(a.headers.get(SQL_COUNT_HEADER)).toBe('3');
            expect(decodeLog(a.headers.get(SQL_LOG_HEADER)!)).toEqual([
                [1, 'SELECT a'],
                [2, 'SELECT b'],
            ]);
            expect(b.headers.get(SQL_COUNT_HEADER)).toBe('3');
            expect(b.headers.get(SQL_LOG_HEADER)).toBeNull();
        } finally {
            clearInterval(outside);
            await new Promise(r => server.close(r));
        }
        // the wrapped logger still gets every call
        expect(seen).toContain('SELECT from a job');
        expect(seen.filter(q => q === 'SELECT b')).toHaveLength(4);
    });

    it('lists a statement run once per item as one line, and cuts a long list to fit a header', () => {
        const perItem = [1, 2, 3].map(id => `SELECT "a"."id" AS "a_id", "a"."name" AS "a_name" FROM "asset" "a" WHERE "a"."id" IN (${id})`);
        expect(sqlLog(['COUNT_ME', ...perItem])).toEqual([
            [1, 'COUNT_ME'],
            [3, 'SELECT … FROM "asset" "a" WHERE "a"."id" IN (?)'],
        ]);
        const many = range(1, 200).map(i => `UPDATE "t${i}" SET "x" = 'a long value ${'x'.repeat(200)}'`);
        const log = sqlLog(many, 2000);
        expect(log.at(-1)).toEqual([200 - (log.length - 1), '… (not listed)']);
        expect(log.every(([, sql]) => sql.length <= 300)).toBe(true);
    });

    it('changes nothing when SQL_STATEMENT_COUNT is off; on, wraps the logger and counts both APIs', () => {
        const config: VendureConfig = {
            apiOptions: { port: 0, shopApiPath: 'shop-api', adminApiPath: 'admin-api', middleware: [] },
            authOptions: {},
            paymentOptions: { paymentMethodHandlers: [] },
            dbConnectionOptions: { type: 'better-sqlite3', database: ':memory:', logging: false },
        };
        expect(withSqlStatementCount(config, false)).toBe(config);
        const on = withSqlStatementCount(config, true);
        expect(on.dbConnectionOptions.logger).toBeInstanceOf(CountingTypeOrmLogger);
        expect(on.apiOptions.middleware?.map(m => [m.route, m.handler, m.beforeListen])).toEqual([
            ['shop-api', countSqlStatements, undefined],
            ['admin-api', countSqlStatements, undefined],
        ]);
        expect(config.apiOptions.middleware).toEqual([]);
    });

    it('follows every statement of the backend into its request, concurrent requests apart', async () => {
        const s = shop();
        // product(id) is one statement per product once the channel is cached
        const products = (n: number) =>
            `{ ${range(1, n)
                .map(i => `p${i}: product(id: "${i}") { id name }`)
                .join(' ')} }`;
        for (const n of [1, 3, 8]) expect((await steady(s, products(n))).count, `${n} products`).toBe(n);
        // in parallel, each request still has exactly its own (tried again if a cache refresh fell into one of them)
        let counts: number[] = [];
        for (let attempt = 0; attempt < 3 && counts.join() !== range(1, 6).join(); attempt++)
            counts = await Promise.all(range(1, 6).map(async n => (await statements(shop(), products(n))).count));
        expect(counts).toEqual(range(1, 6));
    });

    it('passes the count through the balancer (production profile) and lists the statements of an N+1', async () => {
        const m = await steady(
            shop(),
            `{ collections(options: { take: 3 }) { items { id productVariants(options: { take: 1 }) { totalItems } } } }`,
        );
        // one statement (or two) per collection, grouped into one line of the list with its count
        const repeated = m.log.find(([n]) => n >= 3);
        expect(repeated, listing(m)).toBeDefined();
        expect(m.log.reduce((sum, [n]) => sum + n, 0)).toBe(m.count);
    });
});

/**
 * Counts of the operations above their issue 38 budget, per database: a measurement, not a budget
 * ([count, ± slack]); cards40 and productPage are Vendure's live entities, which the storefront no
 * longer asks for its catalogue (the read model, decision 108), kept to show what an N+1 costs. A
 * change that moves one out of its range fails with its statements listed: write the new count
 * down (or, better, bring it under its budget and move its test up to the budgets).
 * PostgreSQL's product cards vary by ±30: the Omnibus prices are batched per turn of the event
 * loop (OmnibusService.omnibusPrice), and the 40 variant lists arrive over several turns from
 * PostgreSQL (1 to 36 price-history queries a request; SQLite answers in one turn: 1).
 *
 * The cart's budgets are half of what its operations cost before the issue, with `productVariant {
 * product { facetValues { facet } } options { group } }` resolved line by line (SQLite /
 * PostgreSQL): activeOrder 32 / 32, addFirst 75 / 70, addSecond 50 / 49, addWithExtras 60 / 59,
 * adjustLine 49 / 48.
 */
type Measured = 'cards40' | 'productPage';
const TODAY: Record<Measured, [count: number, slack: number]> =
    process.env.TEST_PROFILE === 'production'
        ? {
              cards40: [515, 30],
              productPage: [47, 3],
          }
        : {
              cards40: [495, 3],
              productPage: [47, 3],
          };

describe('catalogue (no session token)', () => {
    const search = (input: Record<string, unknown>) =>
        steady(shop(), SEARCH_PRODUCTS, { input: { groupByProduct: true, take: 999, facetValueFilters: [], ...input } });
    type SearchData = { search: { totalItems: number; items: unknown[]; facetValues: unknown[] } };

    it('search with facets: a collection listing costs at most 4 statements', async () => {
        const m = note('search with facets (collection dla-psa)', await search({ collectionSlug: 'dla-psa' }));
        expectWithin('searchproducts, collection', m, 4);
        const { search: r } = m.data as SearchData;
        // the whole listing in one page: its length is the total (PolishSearchStrategy needs no COUNT)
        expect(r.totalItems).toBe(r.items.length);
        expect(r.items.length).toBeGreaterThan(40);
        expect(r.facetValues.length).toBeGreaterThan(0);
    });

    it('search with facets: a page short of the whole listing still counts the total', async () => {
        const all = (await search({ collectionSlug: 'dla-psa' })).data as SearchData;
        const page = (await search({ collectionSlug: 'dla-psa', take: 10 })).data as SearchData;
        const last = (await search({ collectionSlug: 'dla-psa', take: 10, skip: all.search.totalItems - 3 })).data as SearchData;
        const beyond = (await search({ collectionSlug: 'dla-psa', take: 10, skip: all.search.totalItems + 5 })).data as SearchData;
        expect(page.search.items).toHaveLength(10);
        expect([page, last, beyond].map(r => r.search.totalItems)).toEqual([
            all.search.totalItems,
            all.search.totalItems,
            all.search.totalItems,
        ]);
        expect(last.search.items).toHaveLength(3);
    });

    it('search with facets: a term in a collection costs at most 4 statements', async () => {
        const m = note('search with facets (collection + term)', await search({ collectionSlug: 'dla-psa', term: 'szelki' }));
        expectWithin('searchproducts, collection and term', m, 4);
        expect((m.data as SearchData).search.totalItems).toBeGreaterThan(0);
    });

    it('search with facets: a term in the whole shop costs at most 4 statements', async () => {
        const m = note('search with facets (whole shop + term)', await search({ term: 'smycz' }));
        expectWithin('searchproducts, term', m, 4);
        expect((m.data as SearchData).search.totalItems).toBeGreaterThan(0);
    });

    it('header navigation costs at most 2 statements', async () => {
        const m = note('navigation (getheadernavigation)', await steady(shop(), GET_HEADER_NAVIGATION));
        expectWithin('getheadernavigation', m, 2);
        expect((m.data.collections as { items: unknown[] }).items.length).toBeGreaterThan(0);
    });

    it('product cards of 40 products (getproductsids: catalogueCardsJson) cost at most 3 statements', async () => {
        const ids = range(1, 40).map(String);
        const m = note('product cards ×40 (getproductsids)', await steady(shop(), GET_PRODUCTS_BY_IDS, { ids }));
        expect((m.data.catalogueCardsJson as Array<{ id: string }>).map(c => c.id)).toEqual(ids);
        expectWithin('getproductsids ×40', m, 3);
    });

    it('a product page (getProduct: catalogueProduct and the first reviews) costs at most 5 statements', async () => {
        const m = note('product page (getProduct)', await steady(shop(), GET_PRODUCT, { id: '1', reviewsTake: REVIEWS_PAGE_SIZE }));
        expect((m.data.product as { variants: unknown[] }).variants.length).toBeGreaterThan(1);
        expectWithin('getProduct', m, 5);
    });

    it("a product page's family and related products (getProductFamily: two searches, each with its count when a collection has more, and their cards) cost at most 5 statements", async () => {
        const s = shop();
        const { collection } = await s.query<{ collection: { id: string; parent: { id: string } } }>(
            `{ collection(slug: "szelki-typu-guard") { id parent { id } } }`,
        );
        const m = note(
            'product family (getProductFamily)',
            await steady(s, GET_PRODUCT_FAMILY, { collectionId: collection.id, parentId: collection.parent.id, take: 20 }),
        );
        expect((m.data.catalogueFamilyJson as { cards: unknown[] }).cards.length).toBeGreaterThan(5);
        expectWithin('getProductFamily', m, 5);
    });

    describe('the sitemaps (catalogueSitemap, features/sitemap/ and decision 110): bounded whatever the catalogue', () => {
        type Overview = { catalogueSitemap: { productCount: number; categories: Array<{ path: string[] }> } };
        type Products = { catalogueSitemap: { products: Array<{ id: string; slug: string; updatedAt: string; images: string[] }> } };

        it('the index (product count and categories: getsitemapoverview) costs at most 3 statements', async () => {
            const m = note('sitemap index (getsitemapoverview)', await steady(shop(), GET_SITEMAP_OVERVIEW));
            expectWithin('getsitemapoverview', m, 3);
            const { productCount, categories } = (m.data as Overview).catalogueSitemap;
            expect(productCount).toBeGreaterThanOrEqual(90);
            expect(categories.length).toBeGreaterThanOrEqual(25);
            expect(categories.every(c => c.path.length >= 1 && !c.path.includes('__root_collection__'))).toBe(true);
            expect(Math.max(...categories.map(c => c.path.length))).toBe(4);
        });

        it('a page of products costs 1 statement (at most 2), whatever its size: 10 or the whole catalogue', async () => {
            const count = ((await steady(shop(), GET_SITEMAP_OVERVIEW, undefined, 1)).data as Overview).catalogueSitemap.productCount;
            const whole = note(
                `sitemap products ×${count} (getsitemapproducts)`,
                await steady(shop(), GET_SITEMAP_PRODUCTS, { skip: 0, take: 1000 }),
            );
            expectWithin('getsitemapproducts, take 1000', whole, 2);
            const page = note(
                'sitemap products ×10 (getsitemapproducts)',
                await steady(shop(), GET_SITEMAP_PRODUCTS, { skip: 10, take: 10 }),
            );
            expectWithin('getsitemapproducts, take 10', page, 2);
            expect(page.count).toBe(whole.count);
            const all = (whole.data as Products).catalogueSitemap.products;
            expect(all).toHaveLength(count);
            expect((page.data as Products).catalogueSitemap.products).toEqual(all.slice(10, 20));
            for (const p of all) {
                expect(p.images.length, p.slug).toBeGreaterThan(0);
                expect(
                    p.images.every(i => /^https?:\/\//.test(i)),
                    p.slug,
                ).toBe(true);
                expect(Date.parse(p.updatedAt), p.slug).toBeGreaterThan(0);
            }
        });

        it("the collections' list (getfacetvaluecounts, the listing's, which the sitemap of collections reads) costs at most 5 statements", async () => {
            const m = note(
                'collections for the sitemap (getfacetvaluecounts)',
                await steady(shop(), GET_FACET_VALUE_COUNTS, { input: { groupByProduct: true, take: 0 } }),
            );
            expectWithin('getfacetvaluecounts', m, 5);
        });

        it('refuses a page of more than 1000 products, or a skip below 0', async () => {
            for (const variables of [
                { skip: 0, take: 1001 },
                { skip: 0, take: 0 },
                { skip: -1, take: 10 },
            ]) {
                const res = await shop().raw(GET_SITEMAP_PRODUCTS as never, variables);
                expect(res.errors?.[0]?.message, JSON.stringify(variables)).toMatch(
                    /take is a whole number from 1 to 1000|skip is a whole number/,
                );
            }
        });
    });

    it('a page of the product feeds (getCatalogueFeed: catalogueFeed, 200 products) costs at most 3 statements, page after page', async () => {
        type Feed = { catalogueFeed: { items: Array<{ id: string; variants: unknown[] }>; next: number | null } };
        const whole = note('product feeds, one page of 200 (getCatalogueFeed)', await steady(shop(), GET_CATALOGUE_FEED, { after: 0 }));
        expectWithin('getCatalogueFeed', whole, 3);
        const all = (whole.data as Feed).catalogueFeed;
        expect(all.items.length).toBeGreaterThanOrEqual(96);
        expect(all.next).toBeNull();
        // in pages of 20: the same products in the same order, each page its own bounded request
        const ids: string[] = [];
        let after: number | null = 0;
        let pages = 0;
        while (after !== null) {
            const m = await steady(shop(), GET_CATALOGUE_FEED_PAGE, { after, take: 20 }, 2);
            expectWithin(`getCatalogueFeed after ${after}`, m, 3);
            const page = (m.data as Feed).catalogueFeed;
            ids.push(...page.items.map(p => p.id));
            after = page.next;
            pages++;
        }
        expect(ids).toEqual(all.items.map(p => p.id));
        expect(pages).toBe(Math.ceil(all.items.length / 20));
    });

    describe('the same from the live entities (the N+1 the read model replaced): measured, and far over the budgets', () => {
        // two runs (one per API server) of a request of 500 statements: 3 s on SQLite, 6 s on PostgreSQL
        it('product cards of 40 products from products(filter: id in)', { timeout: 60_000 }, async () => {
            const ids = range(1, 40).map(String);
            const m = note(
                'product cards ×40, live entities',
                await steady(shop(), LIVE_PRODUCTS_BY_IDS, { options: { filter: { id: { in: ids } }, take: 40 } }, 2),
            );
            expect((m.data.products as { items: unknown[] }).items).toHaveLength(40);
            expectAbout('products ×40 (live)', m, TODAY.cards40);
        });

        it('a product page from product(id)', async () => {
            const m = note('product page, live entities', await steady(shop(), LIVE_PRODUCT, { id: '1', reviewsTake: REVIEWS_PAGE_SIZE }));
            expect((m.data.product as { variants: unknown[] }).variants.length).toBeGreaterThan(1);
            expectAbout('product (live)', m, TODAY.productPage);
        });
    });
});

describe('cart (with a session token)', () => {
    /**
     * One request of a mutation (it cannot be repeated for the smallest count): first the caches it
     * uses are warmed on every API server (channel, zones and tax rates by a price; the extras of the
     * product's variants, which the product page asks for before a shopper adds to the cart).
     */
    async function once(session: GqlSession, productId: string, query: string, variables: Variables): Promise<Measurement> {
        for (let i = 0; i < 4; i++)
            await statements(
                shop(),
                `query($id: ID!) { activeChannel { id } product(id: $id) { variants { priceWithTax extras { field } } } }`,
                {
                    id: productId,
                },
            );
        return statements(session, query, variables);
    }
    type CartData = { id: string; lines: Array<{ id: string; quantity: number }> };
    const order = (m: Measurement, field: string) => {
        const o = m.data[field] as (CartData & { errorCode?: string }) | null;
        if (!o || o.errorCode) throw new Error(`${field}: ${JSON.stringify(o)}`);
        return o;
    };
    const cart = shop();

    /**
     * What the cart shows of a line's product and options is read for all its lines at once
     * (`OrderLine.catalogue`, the read model): one statement, none of Vendure's per-line product,
     * facet value and option group look-ups. (A list cut to fit its header, the first item's, is
     * not checked.)
     */
    const expectLinesBatched = (what: string, m: Measurement) => {
        if (m.log.some(([, sql]) => sql.startsWith('… (not listed)'))) return;
        const perLine = m.log.filter(([, sql]) =>
            /FROM "(product|product_translation|facet_value|facet|product_option|product_option_group)" /.test(sql),
        );
        const documents = m.log.filter(([, sql]) => sql.includes('FROM "product_document"'));
        if (documents.length !== 1 || documents[0]![0] !== 1 || perLine.some(([, sql]) => !sql.includes('INNER JOIN "product_variant"')))
            expect.fail(`${what}: the lines' products not read in one statement:\n${listing(m)}`);
    };

    /**
     * In the order the storefront builds a cart, each within half of what it cost (SQLite's counts
     * before the issue: 75, 50, 60 and 49). Vendure's order service read the order three times with
     * each relation apart, the variant three times, wrote a new line in four statements and created
     * a cart through a transition that read and saved the empty order twice; addItemToOrder is ours
     * now (checkout plugin, api/add-to-cart.resolver.ts; its parity with Vendure's in
     * add-to-cart.test.ts): 31 / 20 / 20 on SQLite. What is left is the new session (6), the
     * promotions, the totals and the answer's read (Vendure's applyPriceAdjustments, 12).
     */
    describe('the cart: adding and adjusting within half of their former cost, activeOrder within its budget', () => {
        it('add to cart: the first item (the session and the order are created) costs at most 37 statements (half of 75)', async () => {
            const harness = await variantBySku(cart, 'PS-001-20-M');
            const m = note(
                'addItemToOrder, first item (new session + order)',
                await once(cart, '1', ADD_TO_CART, { productVariantId: harness.id, quantity: 1 }),
            );
            expect(order(m, 'addItemToOrder').lines).toHaveLength(1);
            expect(cart.token).toBeTruthy();
            expectLinesBatched('addItemToOrder, first', m);
            expectWithin('addItemToOrder, first', m, 37);
        });

        it('add to cart: a second item costs at most 25 statements (half of 50)', async () => {
            const mug = await variantBySku(cart, 'PS-093-TURK');
            const m = note('addItemToOrder, second item', await once(cart, '93', ADD_TO_CART, { productVariantId: mug.id, quantity: 1 }));
            expect(order(m, 'addItemToOrder').lines).toHaveLength(2);
            expectLinesBatched('addItemToOrder, second', m);
            expectWithin('addItemToOrder, second', m, 25);
        });

        it('add to cart: a third item with extras (custom fields priced by extras-pricing) costs at most 30 statements (half of 60)', async () => {
            const leash = await variantBySku(cart, 'PS-033-15-15');
            const m = note(
                'addItemToOrder, third item with extras',
                await once(cart, '33', ADD_TO_CART, {
                    productVariantId: leash.id,
                    quantity: 1,
                    customFields: { dodatkowyMetr: 2, raczka: 'tak' },
                }),
            );
            expect(order(m, 'addItemToOrder').lines).toHaveLength(3);
            expectLinesBatched('addItemToOrder, with extras', m);
            expectWithin('addItemToOrder, with extras', m, 30);
        });

        it('adjust a line (updateCartQuantity) costs at most 24 statements (half of the 49 it cost)', async () => {
            const before = order(await statements(cart, GET_CART), 'activeOrder');
            const m = note(
                'adjustOrderLine',
                await once(cart, '93', UPDATE_CART_QUANTITY, { orderLineId: before.lines[1]!.id, quantity: 2 }),
            );
            expect(order(m, 'adjustOrderLine').lines[1]!.quantity).toBe(2);
            expectLinesBatched('adjustOrderLine', m);
            expectWithin('adjustOrderLine', m, 24);
        });

        /**
         * Vendure's activeOrder read the order twice and each of its relations alone (6 statements
         * with the lines' products); ours (checkout plugin, api/active-order.resolver.ts) reads the
         * order with its relations, the lines with theirs, and the lines' products: 3.
         */
        it('activeOrder of a cart of three lines (getCart) costs at most 4 statements', async () => {
            const m = note('activeOrder (getCart), 3 lines', await steady(cart, GET_CART));
            expect(order(m, 'activeOrder').lines).toHaveLength(3);
            expectLinesBatched('getCart', m);
            expectWithin('getCart', m, 4);
        });
    });
});
