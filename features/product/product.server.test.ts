import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductData } from './product-data';
import { formatPrice } from '../../client/lib/price';
import type { PagePayload } from '../../client/router/types';
import { app } from '../../worker/app';

const BASE = 'http://127.0.0.1:8787';
const GUARD = '/p/1/szelki-typu-guard-classic';
const get = (path: string, init: RequestInit = {}) => app.request(`${BASE}${path}`, { redirect: 'manual', ...init }, env);
const json = async (path: string) =>
  (await (await get(path, { headers: { Accept: 'application/json' } })).json()) as PagePayload<ProductData>;

/** The JSON-LD objects of a page, parsed from its `<script type="application/ld+json">` elements. */
function jsonLd(html: string): Array<Record<string, any>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

/** Admin API of the throwaway backend (superadmin of the dev seed), to create a product with hostile text. */
async function admin<T>(query: string, variables: Record<string, unknown>, token?: string): Promise<{ data: T; token: string | null }> {
  const res = await fetch(env.VENDURE_SHOP_API.replace(/\/shop-api$/, '/admin-api'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data: T; errors?: Array<{ message: string }> };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '));
  return { data: body.data, token: res.headers.get('vendure-auth-token') };
}

describe('product page /p/{id}/{slug}', () => {
  it('renders the product with status 200, canonical, og:image and JSON-LD Product and BreadcrumbList', async () => {
    const res = await get(GUARD);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h1>Szelki typu guard Classic</h1>');
    expect(html).toContain(`<link rel="canonical" href="${BASE}${GUARD}"/>`);
    expect(html).toMatch(/<meta property="og:image" content="[^"]+\?w=1200&amp;h=1200&amp;mode=crop&amp;format=jpg"\/>/);

    const [product, breadcrumbs] = jsonLd(html);
    // several variants: a ProductGroup (features/product/product-structured-data.server.test.ts holds it to Google's tables)
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProductGroup',
      name: 'Szelki typu guard Classic',
      brand: { '@type': 'Brand', name: 'Psiaki' },
      productGroupID: '1',
      url: `${BASE}${GUARD}`,
    });
    expect(product!.hasVariant[0]).toMatchObject({
      '@type': 'Product',
      sku: 'PS-001-20-S',
      offers: { '@type': 'Offer', priceCurrency: 'PLN', price: '129.00' },
    });
    expect(
      product!.hasVariant.some((v: { offers: { availability: string } }) => v.offers.availability === 'https://schema.org/InStock'),
    ).toBe(true);
    expect(product!.hasVariant[0].offers.url).toMatch(new RegExp(`^${BASE}${GUARD}\\?wariant=\\d+$`));
    expect(product!.description).toMatch(/^Szelki typu guard Classic – Najpopularniejszy model/);
    expect(product!.image[0]).toMatch(/\?w=1200&h=1200&mode=crop&format=jpg$/);
    expect(breadcrumbs!['@type']).toBe('BreadcrumbList');
    expect(breadcrumbs!.itemListElement.map((i: { name: string; item: string }) => [i.name, i.item.replace(BASE, '')])).toEqual([
      ['Home', '/'],
      ['Dla psa', '/c/dla-psa'],
      ['Akcesoria', '/c/dla-psa/akcesoria'],
      ['Szelki', '/c/dla-psa/akcesoria/szelki'],
      ['Szelki typu guard', '/c/dla-psa/akcesoria/szelki/szelki-typu-guard'],
      ['Szelki typu guard Classic', GUARD],
    ]);
  });

  it("preloads the gallery's first image from the head, before the stylesheet, in the widths phones need (LCP)", async () => {
    const html = await (await get(GUARD)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const preload = /<link rel="preload" as="image" imageSrcSet="([^"]+)" imageSizes="([^"]+)" fetchPriority="high"\/>/.exec(head);
    expect(preload, 'the LCP image preloaded in the head').not.toBeNull();
    expect(head.indexOf(preload![0])).toBeLessThan(head.indexOf('rel="stylesheet"'));
    // Lighthouse's phone (412 px at DPR 1.75, ~665 px of image) takes 750w; a 390 px phone at DPR 3 (~1074 px) 1200w.
    const widths = preload![1]!.split(', ').map((c) => c.replace(/&amp;/g, '&').split(' '));
    expect(widths.map(([, w]) => w)).toEqual(['480w', '750w', '1200w']);
    for (const [url, w] of widths) expect(url).toContain(`w=${parseInt(w!)}&h=${parseInt(w!)}&mode=crop&format=webp`);
    expect(preload![2]).toBe('(min-width: 1024px) 700px, calc(100vw - 32px)');
    // The gallery's <img> carries the same srcset and sizes, so the browser uses what it preloaded.
    expect(html).toContain(`srcSet="${preload![1]}" sizes="${preload![2]}"`);
  });

  it('shows the product safety information (GPSR art. 19) in the server HTML and the manufacturer in the JSON-LD', async () => {
    const html = await (await get(GUARD)).text();
    expect(html).toContain('Bezpieczeństwo produktu');
    expect(html).toContain('<dd>Psiaki Anna Nowak</dd>');
    expect(html).toContain('<span class="pdp-safety__line">30-001 Kraków</span>');
    expect(html).toContain('<a href="mailto:bezpieczenstwo@psiaki.test">bezpieczenstwo@psiaki.test</a>');
    expect(html).toContain('Elementy odblaskowe poprawiają widoczność psa');
    // no variant chosen yet: the product number, the variant's SKU and EAN once chosen
    expect(html).toContain('Nr produktu 1 (kod SKU i EAN wariantu pokażemy po wybraniu opcji)');
    const [product] = jsonLd(html);
    expect(product!.manufacturer).toEqual({
      '@type': 'Organization',
      name: 'Psiaki Anna Nowak',
      email: 'bezpieczenstwo@psiaki.test',
      address: { '@type': 'PostalAddress', streetAddress: 'ul. Psia 5, 30-001 Kraków, Polska' },
    });
    expect(product!.hasVariant[0].gtin13).toMatch(/^590\d{10}$/);

    // a treat: its own warnings; every variant has a valid EAN-13 (GS1 check digit)
    const treat = (await json('/p/74/suszone-zwacze-wolowe')).data;
    expect(treat.safety?.warnings.join(' ')).toContain('Karma uzupełniająca dla psów, nie dla ludzi.');
    for (const v of treat.variants) {
      const digits = [...v.ean!].map(Number);
      const sum = digits.slice(0, 12).reduce((a, d, i) => a + d * (i % 2 ? 3 : 1), 0);
      expect(digits[12]).toBe((10 - (sum % 10)) % 10);
    }
  });

  it('gives the page its option groups (tape width first), the backend extras per variant, the family and related products', async () => {
    const { data } = await json(GUARD);
    expect(data.optionGroups.map((g) => g.code)).toEqual(['szerokosc-tasmy', 'rozmiar']);
    const lining = data.variants[0]!.extras.find((e) => e.field === 'podszycie');
    expect(lining?.options.map((o) => [o.value, o.price])).toContainEqual(['tak', 2000]);
    expect(data.guard?.parts).toEqual(['szyja', 'klatka', 'lacznik']);
    expect(data.guard?.colours.map((c) => c.code).sort()).toEqual(['czarny', 'czerwony', 'granatowy']);
    // family: the current product first and active, the rest by product id descending
    expect(data.family.map((p) => [p.id, p.active])).toEqual([
      ['1', true],
      ['6', false],
      ['5', false],
      ['4', false],
      ['3', false],
      ['2', false],
    ]);
    expect(data.related.length).toBeGreaterThan(0);
    expect(data.related.some((p) => data.family.some((f) => f.id === p.id))).toBe(false);
    expect(data.related.every((p) => p.href.startsWith('/p/'))).toBe(true);
  });

  it('shows the Omnibus line with the recorded 30-day minimum next to a discounted price', async () => {
    const { data } = await json('/p/5/szelki-typu-guard-biothane');
    const cheapest = [...data.variants].sort((a, b) => a.price - b.price)[0]!;
    expect(cheapest.oldPrice).toBeGreaterThan(cheapest.price);
    expect(cheapest.omnibusPrice).toEqual(expect.any(Number));
    const html = await (await get('/p/5/szelki-typu-guard-biothane')).text();
    expect(html).toContain(`Najniższa cena z 30 dni przed obniżką: ${formatPrice(cheapest.omnibusPrice!)}`);
    expect(html).toContain('>SALE<');
  });

  it('asks the backend twice on a first visit of a collection: the product, then its family and related products in one request', async () => {
    // the mug's collection (for the dog's owner) is no other product page's of this file
    const moved = await get('/p/93/kubek');
    expect(moved.status).toBe(301);
    const res = await get(moved.headers.get('Location')!);
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Edge-Cache')).toBe('MISS');
    expect(res.headers.get('Server-Timing')).toMatch(/backend;dur=\d+;desc="2 calls"/);
    const { data } = await json(moved.headers.get('Location')!);
    expect(data.family.map((p) => [p.id, p.active])).toContainEqual(['93', true]);
    expect(data.family.length + data.related.length).toBeGreaterThan(1);
  });

  it('asks the backend for the product alone on a first visit of another product of a collection seen before', async () => {
    const first = await json(GUARD);
    const sibling = first.data.family.find((p) => !p.active)!;
    expect(sibling).toBeDefined();
    const res = await get(sibling.href);
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Edge-Cache')).toBe('MISS');
    // the family and related cards come from the worker's catalogue data (kept per collection)
    expect(res.headers.get('Server-Timing')).toMatch(/backend;dur=\d+;desc="1 calls"/);
    const html = await res.text();
    expect(html).toContain(first.data.family.find((p) => p.active)!.name);
  });

  it('shows the Omnibus line on discounted product cards of related products', async () => {
    const { data } = await json(GUARD);
    const onSale = data.related.filter((p) => p.oldPrice !== null);
    expect(onSale.length).toBeGreaterThan(0);
    const html = await (await get(GUARD)).text();
    for (const card of onSale) {
      expect(card.omnibusPrice).toEqual(expect.any(Number));
      expect(html).toContain(`<p class="card__omnibus">Najniższa cena z 30 dni przed obniżką: ${formatPrice(card.omnibusPrice!)}</p>`);
    }
    expect(data.related.filter((p) => p.oldPrice === null).every((p) => p.omnibusPrice === null)).toBe(true);
  });

  it('redirects a wrong or missing slug permanently to the right one, keeping the query', async () => {
    const wrong = await get('/p/1/stara-nazwa?utm_source=x&a=1');
    expect(wrong.status).toBe(301);
    expect(wrong.headers.get('Location')).toBe(`${GUARD}?utm_source=x&a=1`);
    const missing = await get('/p/1');
    expect(missing.status).toBe(301);
    expect(missing.headers.get('Location')).toBe(GUARD);
  });

  it('answers 404 for an unknown or non-numeric id', async () => {
    for (const path of ['/p/99999/cokolwiek', '/p/abc/szelki-typu-guard-classic', '/p/0/x', '/p/1e3/x']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('Ups... mamy ERROR!');
    }
  });

  describe('text from the backend that tries to break out of the page', () => {
    const NAME = 'Obroża </script><script>alert(1)</script> testowa';
    let path = '';

    beforeAll(async () => {
      const { token } = await admin<unknown>(
        'mutation { login(username: "superadmin", password: "superadmin") { ... on CurrentUser { id } } }',
        {},
      );
      const slug = `obroza-test-${Date.now()}`;
      const created = await admin<{ createProduct: { id: string; slug: string } }>(
        'mutation($input: CreateProductInput!) { createProduct(input: $input) { id slug } }',
        {
          input: {
            translations: [
              {
                languageCode: 'pl',
                name: NAME,
                slug,
                description:
                  '<p>Opis &lt;/script&gt;&lt;script&gt;alert(2)&lt;/script&gt; i <script>alert(3)</script><img src=x onerror="alert(4)"></p>',
              },
            ],
          },
        },
        token!,
      );
      const product = created.data.createProduct;
      await admin(
        'mutation($input: [CreateProductVariantInput!]!) { createProductVariants(input: $input) { id } }',
        {
          input: [
            {
              productId: product.id,
              sku: `TEST-${product.id}`,
              price: 4900,
              stockOnHand: 5,
              translations: [{ languageCode: 'pl', name: NAME }],
            },
          ],
        },
        token!,
      );
      path = `/p/${product.id}/${product.slug}`;
    });

    it('keeps </script> in names and descriptions inside the JSON-LD and the payload, and strips markup from the description', async () => {
      const res = await get(path);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).not.toContain('<script>alert');
      expect(html).not.toContain('onerror');
      // every <script> element the page has is one of ours: JSON-LD, the payload, the entry module
      expect(html.match(/<script/g)).toHaveLength(4);
      const [product] = jsonLd(html);
      expect(product!.name).toBe(NAME);
      expect(product!.description).toBe('Opis </script><script>alert(2)</script> i');
      const payload = JSON.parse(
        html.match(/<script id="__PAYLOAD__" type="application\/json">([\s\S]*?)<\/script>/)![1]!,
      ) as PagePayload<ProductData>;
      expect(payload.data.name).toBe(NAME);
      expect(payload.data.descriptionHtml).not.toMatch(/<script|<img|onerror/);
      expect(payload.data.descriptionHtml).toContain('&lt;/script&gt;');
    });
  });
});
