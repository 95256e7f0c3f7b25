import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { getFacets, getNewestProductIds, getProductSale, getProductsByIds } from '../listing/catalogue.graphql.server';
import type { HomeData } from './home-types';
import type { PagePayload } from '../../client/router/types';
import { app } from '../../worker/app';
import { forgetPage } from '../../worker/cache/test-cache';
import { shopClient } from '../../worker/shop/vendure';
import type { CardSource } from '../listing/product-card.server';
import { GOOGLE_PROPERTIES, missingProperties } from '../../worker/seo/rich-results.test-data';
import { SELLER } from '../../worker/seo/seller';
import { getShippingRates } from '../../worker/shop/shop-policies';

const BASE = 'http://127.0.0.1:8787';
const RETURNING = 'currency=PLN; country=PL; locale=pl';
/** The home page rendered now (its copies in the edge cache forgotten first), as HTML and as its payload. */
const home = async (e = env) => {
  await forgetPage(`${BASE}/`);
  const html = await (await app.request(`${BASE}/`, { headers: { Cookie: RETURNING } }, e)).text();
  const res = await app.request(`${BASE}/`, { headers: { Cookie: RETURNING, Accept: 'application/json' } }, e);
  expect(res.status).toBe(200);
  return { html, payload: (await res.json()) as PagePayload<HomeData> };
};

describe('home page /', () => {
  it('declares the shop in structured data: an Organization (seller, contact, address, logo, return and shipping policies) and the WebSite', async () => {
    const { html } = await home();
    const nodes = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    const org = nodes.find((n) => n['@type'] === 'OnlineStore');
    const site = nodes.find((n) => n['@type'] === 'WebSite');
    expect(missingProperties(org, GOOGLE_PROPERTIES.Organization)).toEqual([]);
    expect(missingProperties(org.address, GOOGLE_PROPERTIES.PostalAddress)).toEqual([]);
    expect(missingProperties(site, GOOGLE_PROPERTIES.WebSite)).toEqual([]);
    expect(org).toMatchObject({
      name: 'Psiaki',
      legalName: SELLER.legalName,
      url: `${BASE}/`,
      logo: `${BASE}/favicon.svg`,
      email: 'sklep@psiaki.test',
      telephone: '+48 12 345 67 89',
      address: { streetAddress: 'ul. Psia 5', postalCode: '30-001', addressLocality: 'Kraków', addressCountry: 'PL' },
      contactPoint: { contactType: 'customer service', email: 'sklep@psiaki.test' },
    });
    expect(site).toEqual({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: 'Psiaki',
      url: `${BASE}/`,
      publisher: { '@id': `${BASE}/#organization` },
    });
    // 14 days to withdraw, the customer paying the return
    expect(missingProperties(org.hasMerchantReturnPolicy, GOOGLE_PROPERTIES.MerchantReturnPolicy)).toEqual([]);
    expect(org.hasMerchantReturnPolicy).toMatchObject({
      applicableCountry: 'PL',
      merchantReturnDays: 14,
      returnFees: 'https://schema.org/ReturnFeesCustomerResponsibility',
      merchantReturnLink: `${BASE}/obsluga-klienta/zwrot`,
    });
    // every delivery method of the backend, its price below the free-delivery threshold and nothing above it
    const { shippingRates } = await shopClient(env).request(getShippingRates);
    expect(org.hasShippingService.map((s: { name: string }) => s.name)).toEqual(shippingRates.map((r) => r.name));
    for (const [i, rate] of shippingRates.entries()) {
      const prices = org.hasShippingService[i].shippingConditions.map((c: { shippingRate: { value: number } }) => c.shippingRate.value);
      expect(prices).toEqual(rate.freeAbove === null ? [rate.priceWithTax / 100] : [rate.priceWithTax / 100, 0]);
    }
  });

  it('shows the two top categories with their main children, from the backend', async () => {
    const { html, payload } = await home();
    expect(payload.data.categories.map((c) => [c.name, c.link])).toEqual([
      ['Dla psa', '/c/dla-psa'],
      ['Dla człowieka', '/c/dla-czlowieka'],
    ]);
    expect(payload.data.categories[0]!.children.map((c) => c.link)).toEqual([
      '/c/dla-psa/akcesoria',
      '/c/dla-psa/legowiska',
      '/c/dla-psa/przysmaki',
      '/c/dla-psa/zabawki',
    ]);
    expect(html).toContain('<a class="chip" href="/c/dla-czlowieka/ubrania">Ubrania</a>');
  });

  it('shows the sale products: those with the sale facet value, linked to the sale listing', async () => {
    const client = shopClient(env);
    const { facets } = await client.request(getFacets);
    const saleId = facets.items.find((f) => f.code === 'promocja')!.values.find((v) => v.code === 'wyprzedaz')!.id;
    const { search } = await client.request(getProductSale, {
      input: { facetValueFilters: [{ and: saleId }], groupByProduct: true, take: 8 },
    });
    const { payload, html } = await home();
    expect(payload.data.sale!.link).toBe(`/c/dla-psa?a=${saleId}`);
    expect(payload.data.sale!.products.map((p) => p.id)).toEqual(search.items.map((i) => i.productId));
    expect(payload.data.sale!.products.length).toBeGreaterThan(0);
    expect(payload.data.sale!.products.every((p) => p.badge === 'SALE' && p.oldPrice! > p.priceMin)).toBe(true);
    expect(html).toContain('>Wyprzedaż</h2>');
  });

  it('shows the newest products, newest first, with the NEW badge on those under 30 days', async () => {
    const { products } = await shopClient(env).request(getNewestProductIds, { take: 8 });
    const { catalogueCardsJson: catalogueCards } = await shopClient(env).request(getProductsByIds, {
      ids: products.items.map((p) => p.id),
    });
    const { payload } = await home();
    expect(payload.data.newest!.products.map((p) => p.name)).toEqual((catalogueCards as CardSource[]).map((p) => p.name));
    expect(payload.data.newest!.products[0]!.badge).not.toBeNull();
    expect(payload.data.newest!.link).toBe('/c/dla-psa?sort=CREATED_DESC');
  });

  it('shows the collections, the Pro-Fit teaser (linked to Pro-Fit Studio) and the blog posts', async () => {
    const { payload, html } = await home();
    expect(payload.data.collections.length).toBeGreaterThan(3);
    for (const col of payload.data.collections) expect(col.link).toBe(`/kolekcje/${col.id}/${col.slug}`);
    expect(payload.data.teaser).toMatchObject({ name: 'Szelki bezuciskowe Pro-Fit', link: '/pro-fit-studio' });
    expect(html).toContain('href="/pro-fit-studio"');
    expect(payload.data.posts!.length).toBe(3);
    expect(html).toContain('Z naszego bloga');
    expect(html).toContain('Jak dobrać szelki dla psa?');
    expect(payload.data.posts![0]!.link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/w-psim-swiecie\/jak-dobrac-szelki-dla-psa\/$/);
  });

  it('renders without the posts section when the blog is down', async () => {
    const { payload, html } = await home({ ...env, BLOG_API_URL: 'http://127.0.0.1:9/wp-json/wp/v2' });
    expect(payload.data.posts).toBeNull();
    expect(html).not.toContain('Z naszego bloga');
    expect(html).toContain('>Wyprzedaż</h2>');
  });

  it('embeds the header category tree in the page payload', async () => {
    const { payload, html } = await home();
    const dlaPsa = payload.nav!.find((i) => i.slug === 'dla-psa')!;
    expect(dlaPsa.link).toBe('/c/dla-psa');
    const akcesoria = dlaPsa.items.find((i) => i.slug === 'akcesoria')!;
    expect(akcesoria.items.map((i) => i.link)).toContain('/c/dla-psa/akcesoria/szelki');
    expect(html).toContain('<a href="/c/dla-psa" class="mega__link">Dla psa</a>');
  });
});
