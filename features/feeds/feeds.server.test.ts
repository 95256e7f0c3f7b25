import { env } from 'cloudflare:workers';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { PagePayload } from '../../client/router/types';
import { app } from '../../worker/app';
import { SIGNATURE_HEADER } from '../../worker/cache/catalogue-hook';
import { signCatalogueChange } from '../../worker/cache/test-cache';
import { getShippingRates } from '../../worker/shop/shop-policies';
import { shopClient } from '../../worker/shop/vendure';
import type { ProductData } from '../product/product-data';
import { graphql } from '../../client/graphql/graphql';

/** Every enabled product with its variants and picture (the feeds leave out a product without one). */
const allProducts = graphql(`
  query feedTestProducts($skip: Int!) {
    products(options: { take: 100, skip: $skip, sort: { id: ASC } }) {
      totalItems
      items {
        id
        featuredAsset { id }
        variants { id }
      }
    }
  }
`);

const BASE = 'http://127.0.0.1:8787';
const get = (path: string, init: RequestInit = {}) => app.request(`${BASE}${path}`, { redirect: 'manual', ...init }, env);
const pageData = async (link: string) =>
  ((await (await get(link.replace(BASE, ''), { headers: { Accept: 'application/json' } })).json()) as PagePayload<ProductData>).data;

type GoogleItem = Record<string, string | string[] | Record<string, string>[] | Record<string, string>>;
type CeneoOffer = {
  '@_id': string;
  '@_url': string;
  '@_price': string;
  '@_avail': string;
  '@_stock': string;
  cat: string;
  name: string;
  desc: string;
  imgs?: { main: { '@_url': string }; i?: Array<{ '@_url': string }> };
  attrs: { a: Array<{ '@_name': string; '#text': string }> };
};

const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  isArray: (name) => ['item', 'g:additional_image_link', 'g:shipping', 'o', 'i', 'a'].includes(name),
});

/** A feed fetched and parsed, after checking it is well-formed XML. */
async function feed(name: 'google' | 'ceneo', query = '') {
  const res = await get(`/feeds/${name}.xml${query}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
  const xml = await res.text();
  expect(XMLValidator.validate(xml)).toBe(true);
  return { xml, doc: parser.parse(xml) };
}
const googleItems = async (): Promise<GoogleItem[]> => (await feed('google')).doc.rss.channel.item;
const ceneoOffers = async (): Promise<CeneoOffer[]> => (await feed('ceneo')).doc.offers.group.o;

/** The backend's signed "catalogue changed" call for `products`, as the worker receives it. */
async function signedChange(products: string[]): Promise<void> {
  const body = JSON.stringify({ products, at: Date.now() });
  const res = await get('/api/catalogue/changed', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: await signCatalogueChange(body, env.CATALOGUE_HOOK_SECRET!) },
    body,
  });
  expect(res.status).toBe(200);
}

/** How many catalogueFeed pages the worker asked the backend for while `run` ran. */
async function feedCalls(run: () => Promise<unknown>): Promise<number> {
  const spy = vi.spyOn(globalThis, 'fetch');
  try {
    await run();
    return spy.mock.calls.filter(([, init]) => String(init?.body ?? '').includes('catalogueFeed')).length;
  } finally {
    spy.mockRestore();
  }
}

/** Admin API of the throwaway backend (the dev seed's superadmin). */
let adminToken: string | null = null;
async function admin<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const url = env.VENDURE_SHOP_API.replace(/\/shop-api$/, '/admin-api');
  if (!adminToken) {
    const login = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: 'mutation { login(username: "superadmin", password: "superadmin") { ... on CurrentUser { id } } }' }),
    });
    adminToken = login.headers.get('vendure-auth-token');
  }
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data: T; errors?: Array<{ message: string }> };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '));
  return body.data;
}

const money = (minor: number) => `${(minor / 100).toFixed(2)} PLN`;
const REQUIRED_GOOGLE = [
  'g:id',
  'g:title',
  'g:description',
  'g:link',
  'g:image_link',
  'g:availability',
  'g:price',
  'g:brand',
  'g:condition',
  'g:google_product_category',
  'g:product_type',
  'g:shipping',
];

describe('product feeds /feeds/google.xml and /feeds/ceneo.xml (issue 39)', () => {
  it('lists every variant of every product with a picture, each with every field Google and Ceneo require', async () => {
    const client = shopClient(env);
    const first = (await client.request(allProducts, { skip: 0 })).products;
    const rest = first.totalItems > 100 ? (await client.request(allProducts, { skip: 100 })).products.items : [];
    const listed = [...first.items, ...rest].filter((p) => p.featuredAsset);
    expect(listed.length).toBeGreaterThanOrEqual(96);
    const items = await googleItems();
    const offers = await ceneoOffers();
    const ids = (xs: string[]) => [...xs].sort((a, b) => Number(a) - Number(b));
    const expected = ids(listed.flatMap((p) => p.variants.map((v) => v.id)));
    // products created meanwhile by other test files aside: each listed variant exactly once
    expect(ids(items.map((i) => String(i['g:id'])).filter((id) => expected.includes(id)))).toEqual(expected);
    expect(ids(offers.map((o) => o['@_id']).filter((id) => expected.includes(id)))).toEqual(expected);
    for (const item of items) {
      const id = String(item['g:id']);
      for (const field of REQUIRED_GOOGLE) expect(item[field], `${id}: ${field}`).toBeTruthy();
      expect(item['g:price']).toMatch(/^\d+\.\d{2} PLN$/);
      expect(['in_stock', 'out_of_stock']).toContain(item['g:availability']);
      expect(item['g:condition']).toBe('new');
      // a GTIN where the variant has one (every seeded variant), else the part number: never both, never none
      expect([item['g:gtin'], item['g:mpn'], item['g:identifier_exists']].filter(Boolean), id).toHaveLength(1);
      if (Number(item['g:item_group_id'] ?? 0) <= 96) expect(item['g:gtin'], id).toMatch(/^590\d{10}$/);
      expect(item['g:link']).toMatch(new RegExp(`^${BASE}/p/\\d+/[a-z0-9-]+(\\?wariant=\\d+)?$`));
    }
    for (const o of offers) {
      expect(o['@_price']).toMatch(/^\d+\.\d{2}$/);
      expect(['1', '3', '7', '14', '90', '99']).toContain(o['@_avail']);
      expect(['0', '1']).toContain(o['@_stock']);
      expect(o.cat.length, o['@_id']).toBeGreaterThan(2);
      expect(o.name.length).toBeGreaterThan(3);
      expect(o.desc.length).toBeGreaterThan(10);
      expect(o.imgs?.main['@_url']).toMatch(/^https?:\/\//);
      const attrs = Object.fromEntries(o.attrs.a.map((a) => [a['@_name'], a['#text']]));
      expect(attrs).toMatchObject({ Producent: expect.any(String), Kod_producenta: expect.any(String) });
      if (expected.includes(o['@_id'])) expect(attrs.EAN, o['@_id']).toMatch(/^590\d{10}$/);
    }
    expect(offers.find((o) => o['@_id'] === items[0]!['g:id'])?.cat).toMatch(/^Dla (psa|człowieka)\//);
  });

  it(
    "agrees with every product's page: price, Omnibus sale price, availability, and its link opens that variant",
    { timeout: 120_000 },
    async () => {
      const items = await googleItems();
      const offers = new Map((await ceneoOffers()).map((o) => [o['@_id'], o]));
      const byProduct = new Map<string, GoogleItem[]>();
      for (const item of items) {
        const productId = /\/p\/(\d+)\//.exec(String(item['g:link']))![1]!;
        byProduct.set(productId, [...(byProduct.get(productId) ?? []), item]);
      }
      expect(byProduct.size).toBeGreaterThanOrEqual(96);
      let sales = 0;
      for (const [productId, entries] of byProduct) {
        // the page as the last entry's link opens it: that variant chosen (of several), or the only one
        const last = entries.at(-1)!;
        const data = await pageData(String(last['g:link']));
        expect(data.id).toBe(productId);
        expect(data.preselected?.variantId ?? data.variants[0]!.id, `product ${productId}`).toBe(last['g:id']);
        expect(
          entries.map((i) => i['g:id']),
          `product ${productId}: one entry per variant`,
        ).toEqual(data.variants.map((v) => v.id));
        for (const item of entries) {
          const v = data.variants.find((x) => x.id === item['g:id'])!;
          const id = v.id;
          const reduced = v.oldPrice !== null && v.omnibusPrice !== null && v.omnibusPrice > v.price;
          if (reduced) {
            sales++;
            expect([item['g:price'], item['g:sale_price']], `variant ${id}`).toEqual([money(v.omnibusPrice!), money(v.price)]);
          } else {
            expect([item['g:price'], item['g:sale_price']], `variant ${id}`).toEqual([money(v.price), undefined]);
          }
          expect(item['g:availability'], `variant ${id}`).toBe(v.inStock ? 'in_stock' : 'out_of_stock');
          expect(item['g:gtin']).toBe(v.ean ?? undefined);
          expect(item['g:link']).toBe(`${BASE}${data.href}${data.variants.length > 1 ? `?wariant=${id}` : ''}`);
          expect(item['g:product_type']).toBe(
            data.breadcrumbs
              .slice(1, -1)
              .map((b) => b.text)
              .join(' > '),
          );
          const o = offers.get(id)!;
          expect([o['@_price'], o['@_stock'], o['@_url']], `variant ${id}`).toEqual([
            (v.price / 100).toFixed(2),
            v.inStock ? '1' : '0',
            item['g:link'],
          ]);
          expect(o['@_avail'] === '99').toBe(!v.inStock);
        }
      }
      expect(sales, 'the seed has products on sale with an Omnibus price').toBeGreaterThan(0);
    },
  );

  it('states the delivery methods of the backend (InPost locker, courier) for Poland, free above the threshold', async () => {
    const { shippingRates } = await shopClient(env).request(getShippingRates);
    expect(shippingRates.length).toBeGreaterThanOrEqual(2);
    const items = await googleItems();
    const cheap = items.find((i) => Number(String(i['g:price']).split(' ')[0]) < 100 && !i['g:sale_price'])!;
    const dear = items.find((i) => Number(String(i['g:price']).split(' ')[0]) * 100 > shippingRates[0]!.freeAbove! && !i['g:sale_price']);
    const shipping = (i: GoogleItem) => i['g:shipping'] as Array<Record<string, string>>;
    expect(shipping(cheap).map((s) => [s['g:country'], s['g:service'], s['g:price']])).toEqual(
      shippingRates.map((r) => ['PL', r.name, money(r.priceWithTax)]),
    );
    expect(shipping(cheap)[0]).toMatchObject({ 'g:min_transit_time': '1', 'g:max_transit_time': '2' });
    expect(Number(shipping(cheap)[0]!['g:max_handling_time'])).toBeGreaterThanOrEqual(Number(shipping(cheap)[0]!['g:min_handling_time']));
    if (dear) expect(shipping(dear).map((s) => s['g:price'])).toEqual(shippingRates.map(() => '0.00 PLN'));
    // a guard harness is sewn to order: 3–7 business days before it ships
    const guard = items.find((i) => String(i['g:link']).includes('/p/1/'))!;
    expect(shipping(guard)[0]).toMatchObject({ 'g:min_handling_time': '3', 'g:max_handling_time': '7' });
  });

  it('is cached until the catalogue changes: then the next request builds it again, with the change', { timeout: 60_000 }, async () => {
    // product 63's first variant goes out of stock and comes back
    const product = await admin<{ product: { variants: Array<{ id: string; stockOnHand: number }> } }>(
      'query { product(id: "63") { variants { id stockOnHand } } }',
    );
    const variant = product.product.variants[0]!;
    const availability = async () => (await googleItems()).find((i) => i['g:id'] === variant.id)?.['g:availability'];
    expect(await availability()).toBe('in_stock');
    expect(await feedCalls(() => googleItems()), 'from the cache').toBe(0);
    const setStock = (stockOnHand: number) =>
      admin('mutation($input: UpdateProductVariantInput!) { updateProductVariants(input: [$input]) { id } }', {
        input: { id: variant.id, stockOnHand },
      });
    // the backend rebuilds the product's document, then tells the worker (here: the test, as it would)
    const availabilityAfterChange = () =>
      expect.poll(
        async () => {
          await signedChange(['63']);
          return availability();
        },
        { timeout: 20_000, interval: 200 },
      );
    await setStock(0);
    try {
      await availabilityAfterChange().toBe('out_of_stock');
      expect(await feedCalls(() => googleItems()), 'cached again').toBe(0);
    } finally {
      await setStock(variant.stockOnHand);
    }
    await availabilityAfterChange().toBe('in_stock');
  });

  it('answers junk in the query string with the same cached feed, an unknown feed or method with 404 / 405', async () => {
    const plain = await feed('ceneo');
    let hostile = '';
    expect(await feedCalls(async () => (hostile = (await feed('ceneo', '?x=<script>alert(1)</script>&after=-1')).xml))).toBe(0);
    expect(hostile).toBe(plain.xml);
    expect((await feed('google', '?x=<script>')).xml).toBe((await feed('google')).xml);
    for (const path of ['/feeds/unknown.xml', '/feeds/google.xml/x', '/feeds', '/feeds/google.json', `/feeds/${'a'.repeat(5000)}.xml`]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toBe('Nie ma takiego pliku.');
    }
    const post = await get('/feeds/google.xml', { method: 'POST', body: 'x' });
    expect([post.status, post.headers.get('Allow')]).toEqual([405, 'GET, HEAD']);
  });

  it('answers 503 with Retry-After while the backend is down and nothing is cached, never a 500', async () => {
    const down = { ...env, VENDURE_SHOP_API: 'http://127.0.0.1:9/shop-api' };
    const res = await app.request(`http://127.0.0.1:8788/feeds/ceneo.xml`, {}, down);
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('60');
  });
});

afterAll(() => vi.restoreAllMocks());
