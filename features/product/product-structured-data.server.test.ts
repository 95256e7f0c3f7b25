import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { PagePayload } from '../../client/router/types';
import { app } from '../../worker/app';
import { GOOGLE_PROPERTIES, missingProperties } from '../../worker/seo/rich-results.test-data';
import { getShippingRates } from '../../worker/shop/shop-policies';
import { shopClient } from '../../worker/shop/vendure';
import type { ProductData } from './product-data';

const BASE = 'http://127.0.0.1:8787';
const GUARD = '/p/1/szelki-typu-guard-classic';
const get = (path: string, init: RequestInit = {}) => app.request(`${BASE}${path}`, { redirect: 'manual', ...init }, env);
type Node = Record<string, any>;
const jsonLd = (html: string): Node[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
const page = async (path: string) => {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  const html = await res.text();
  const data = ((await (await get(path, { headers: { Accept: 'application/json' } })).json()) as PagePayload<ProductData>).data;
  return { html, data, product: jsonLd(html).find((n) => n['@type'] === 'Product' || n['@type'] === 'ProductGroup')! };
};

/** Every offer of a product's structured data with the variant it is of. */
const offersOf = (product: Node): Array<{ variant: Node; offer: Node }> =>
  product['@type'] === 'ProductGroup'
    ? product.hasVariant.map((v: Node) => ({ variant: v, offer: v.offers }))
    : [{ variant: product, offer: product.offers }];

/** What Google's tables (worker/seo/rich-results.test-data.ts) find missing in a product page's structured data. */
function gaps(product: Node, reviewed: boolean): string[] {
  const out: string[] = [];
  const check = (where: string, node: Node, table: Parameters<typeof missingProperties>[1], withReviews = false) =>
    out.push(...missingProperties(node, table, withReviews).map((p) => `${where}: ${p}`));
  if (product['@type'] === 'ProductGroup') {
    check('ProductGroup', product, GOOGLE_PROPERTIES.ProductGroup, reviewed);
    for (const v of product.hasVariant) check(`variant ${v.sku}`, v, GOOGLE_PROPERTIES.VariantProduct);
  } else check('Product', product, GOOGLE_PROPERTIES.Product, reviewed);
  for (const { variant, offer } of offersOf(product)) {
    check(`offer of ${variant.sku}`, offer, GOOGLE_PROPERTIES.Offer);
    for (const s of offer.shippingDetails) {
      check(`shipping of ${variant.sku}`, s, GOOGLE_PROPERTIES.OfferShippingDetails);
      check(`delivery time of ${variant.sku}`, s.deliveryTime, GOOGLE_PROPERTIES.ShippingDeliveryTime);
    }
    const policy = offer.hasMerchantReturnPolicy;
    check(
      `return policy of ${variant.sku}`,
      policy,
      policy.returnPolicyCategory === 'https://schema.org/MerchantReturnNotPermitted'
        ? GOOGLE_PROPERTIES.MerchantReturnNotPermitted
        : GOOGLE_PROPERTIES.MerchantReturnPolicy,
    );
  }
  return out;
}

describe("the product page's structured data (Google's merchant listings and product variants)", () => {
  it('describes a product of several variants as a ProductGroup: id, what varies, each variant with its GTIN, URL and offer', async () => {
    const { product, data } = await page(GUARD);
    expect(gaps(product, data.reviews.count > 0)).toEqual([]);
    expect(product).toMatchObject({
      '@type': 'ProductGroup',
      name: 'Szelki typu guard Classic',
      productGroupID: '1',
      url: `${BASE}${GUARD}`,
      variesBy: ['https://schema.org/size'],
      brand: { '@type': 'Brand', name: 'Psiaki' },
    });
    expect(product.hasVariant).toHaveLength(data.variants.length);
    for (const [i, v] of data.variants.entries()) {
      const variant = product.hasVariant[i];
      expect(variant).toMatchObject({
        '@type': 'Product',
        name: v.name,
        sku: v.sku,
        gtin13: v.ean,
        url: `${BASE}${GUARD}?wariant=${v.id}`,
      });
      expect(variant.size).toMatch(/^\d+ mm, (XS|S|M|L|XL)$/);
      expect(variant.offers).toMatchObject({
        '@type': 'Offer',
        price: (v.price / 100).toFixed(2),
        priceCurrency: 'PLN',
        url: variant.url,
        availability: v.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        itemCondition: 'https://schema.org/NewCondition',
      });
    }
    // the variant's own URL opens the page with it chosen
    const chosen = data.variants[1]!;
    expect((await page(`${GUARD}?wariant=${chosen.id}`)).data.preselected?.variantId).toBe(chosen.id);
  });

  it("states each offer's shipping to Poland per delivery method of the backend, free above the threshold, with handling and transit days", async () => {
    const { shippingRates } = await shopClient(env).request(getShippingRates);
    const { product, data } = await page(GUARD);
    const { offer } = offersOf(product)[0]!;
    const price = data.variants[0]!.price;
    expect(offer.shippingDetails.map((s: Node) => [s.shippingLabel, s.shippingDestination.addressCountry, s.shippingRate.value])).toEqual(
      shippingRates.map((r) => [r.name, 'PL', r.freeAbove !== null && price > r.freeAbove ? 0 : r.priceWithTax / 100]),
    );
    // a guard harness is sewn to order (3–7 business days), then 1–2 days in transit
    expect(offer.shippingDetails[0].deliveryTime).toMatchObject({
      handlingTime: { minValue: 3, maxValue: 7, unitCode: 'DAY' },
      transitTime: { minValue: 1, maxValue: 2, unitCode: 'DAY' },
    });
  });

  it("marks a personalised product's offers not returnable, and any other product's returnable within 14 days at the customer's cost", async () => {
    const guard = await page(GUARD);
    expect(guard.data.guard, 'the guard harness is made to the shopper’s colours').not.toBeNull();
    for (const { offer } of offersOf(guard.product))
      expect(offer.hasMerchantReturnPolicy).toEqual({
        '@type': 'MerchantReturnPolicy',
        applicableCountry: 'PL',
        returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted',
      });
    const other = await page('/p/7/szelki-bezuciskowe-pro-fit-classic');
    expect(other.data.guard).toBeNull();
    for (const { offer } of offersOf(other.product))
      expect(offer.hasMerchantReturnPolicy).toMatchObject({
        returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
        merchantReturnDays: 14,
        returnMethod: 'https://schema.org/ReturnByMail',
        returnFees: 'https://schema.org/ReturnFeesCustomerResponsibility',
      });
  });

  it("is complete on every product's page, and a reduction shows the Omnibus price struck through", { timeout: 120_000 }, async () => {
    let reductions = 0;
    for (let id = 1; id <= 96; id++) {
      const res = await get(`/p/${id}`);
      expect(res.status, `/p/${id}`).toBe(301);
      const { product, data } = await page(res.headers.get('Location')!.replace(BASE, ''));
      expect(gaps(product, data.reviews.count > 0), `product ${id}`).toEqual([]);
      expect(product['@type']).toBe(data.variants.length > 1 ? 'ProductGroup' : 'Product');
      for (const [i, { offer }] of offersOf(product).entries()) {
        const v = data.variants[i]!;
        const reduced = v.oldPrice !== null && v.omnibusPrice !== null && v.omnibusPrice > v.price;
        if (reduced) reductions++;
        expect(offer.priceSpecification ?? null, `variant ${v.id}`).toEqual(
          reduced
            ? {
                '@type': 'UnitPriceSpecification',
                priceType: 'https://schema.org/StrikethroughPrice',
                price: (v.omnibusPrice! / 100).toFixed(2),
                priceCurrency: 'PLN',
              }
            : null,
        );
      }
    }
    expect(reductions, 'the seed has reductions with an Omnibus price').toBeGreaterThan(0);
  });

  it('opens a variant from ?wariant=ID only for a variant of the product; anything else is a 301 to the plain page', async () => {
    const { data } = await page(GUARD);
    for (const junk of ['abc', '999999', `${data.variants[0]!.id}&wariant=${data.variants[1]!.id}`, '<script>']) {
      const res = await get(`${GUARD}?wariant=${junk}&gclid=x`);
      expect([res.status, res.headers.get('Location')], junk).toEqual([301, `${GUARD}?gclid=x`]);
    }
    const plain = await page(GUARD);
    expect(plain.data.preselected).toBeNull();
    expect(plain.html).not.toContain('?wariant=<');
  });
});
