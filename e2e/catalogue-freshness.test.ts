/**
 * A change made in the Dashboard (the Admin API it calls) shows on the product page and in its
 * listing within seconds, edge copies included: the backend's catalogue read model rebuilds the
 * product through its job queue and tells the worker (`/api/catalogue/changed`), whose cached
 * copies then expire (decision 108). Runs on both profiles (SQLite; PostgreSQL with BullMQ).
 */
import { describe, expect, inject, it } from 'vitest';
import { adminCall } from './session';

const base = () => inject('storefrontUrl');
/** Long enough for the production profile's job worker on a busy machine; a change usually shows in well under a second. */
const WITHIN = { timeout: 15_000, interval: 250 };

type Card = { id: string; priceMin: number; inStock: boolean; images: string[] };
type ProductPayload = {
  data: {
    id: string;
    href: string;
    variants: Array<{ id: string; price: number; inStock: boolean }>;
    breadcrumbs: Array<{ link: string }>;
  };
};
type ListingPayload = { data: { products: Card[] } };

async function get(path: string, json: boolean): Promise<{ status: number; cache: string | null; body: string }> {
  const res = await fetch(base() + path, { headers: { Accept: json ? 'application/json' : 'text/html' } });
  return { status: res.status, cache: res.headers.get('X-Edge-Cache'), body: await res.text() };
}

/** Requests a page until the edge cache holds it (a HIT). */
async function cached(path: string, json: boolean): Promise<void> {
  await expect.poll(async () => (await get(path, json)).cache, WITHIN).toBe('HIT');
}

const priceText = (minor: number) => `${(minor / 100).toFixed(2).replace('.', ',')}\u00a0zł`;

describe('catalogue changes reach the edge copies within seconds', () => {
  it('a new price and stock down to zero show on the product page and in its listing', async () => {
    // product 45 (not on sale: its price goes down and back up, so its Omnibus price stays null and no
    // other test's figures move): its own leaf collection's listing shows it on the first page
    // a wrong slug is a 301 to the product's URL, which fetch follows
    const path = (JSON.parse((await get('/p/45/x', true)).body) as ProductPayload).data.href;
    const page = JSON.parse((await get(path, true)).body) as ProductPayload;
    const listing = page.data.breadcrumbs.at(-2)!.link;
    const variants = page.data.variants;
    const card = (body: string) => (JSON.parse(body) as ListingPayload).data.products.find((c) => c.id === page.data.id);
    expect(card((await get(listing, true)).body), `product ${page.data.id} on ${listing}`).toBeTruthy();
    for (const [p, json] of [
      [path, false],
      [path, true],
      [listing, false],
      [listing, true],
    ] as const)
      await cached(p, json);

    const stock = await adminCall<{ product: { variants: Array<{ id: string; stockOnHand: number }> } }>(
      `query($id: ID!) { product(id: $id) { variants { id stockOnHand } } }`,
      { id: page.data.id },
    );
    const update = (input: Array<Record<string, unknown>>) =>
      adminCall(`mutation($input: [UpdateProductVariantInput!]!) { updateProductVariants(input: $input) { id } }`, { input });
    // the channel's prices include tax: the price set is the gross one
    await update(variants.map((v) => ({ id: v.id, price: v.price - 100, stockOnHand: 0 })));
    try {
      const cheapest = Math.min(...variants.map((v) => v.price)) - 100;
      // the page (HTML) shows the new lowest price; which variant is out of stock is in its data
      await expect.poll(async () => (await get(path, false)).body.includes(priceText(cheapest)), WITHIN).toBe(true);
      await expect
        .poll(
          async () => (JSON.parse((await get(path, true)).body) as ProductPayload).data.variants.map((v) => [v.price, v.inStock]),
          WITHIN,
        )
        .toEqual(variants.map((v) => [v.price - 100, false]));
      await expect.poll(async () => card((await get(listing, true)).body), WITHIN).toMatchObject({ priceMin: cheapest, inStock: false });
      await expect.poll(async () => (await get(listing, false)).body.includes(priceText(cheapest)), WITHIN).toBe(true);
      // re-rendered once, then served from the edge again
      await cached(path, false);
    } finally {
      await update(variants.map((v, i) => ({ id: v.id, price: v.price, stockOnHand: stock.product.variants[i]!.stockOnHand })));
    }
    await expect.poll(async () => card((await get(listing, true)).body)?.inStock, WITHIN).toBe(true);
  });

  it('another featured picture shows on the listing card', async () => {
    const listing = '/c/dla-psa';
    const first = (body: string) => (JSON.parse(body) as ListingPayload).data.products[0]!;
    await cached(listing, true);
    const before = first((await get(listing, true)).body);
    const p = await adminCall<{ product: { featuredAsset: { id: string }; assets: Array<{ id: string }> } }>(
      `query($id: ID!) { product(id: $id) { featuredAsset { id } assets { id } } }`,
      { id: before.id },
    );
    const other = p.product.assets.find((a) => a.id !== p.product.featuredAsset.id);
    expect(other, `product ${before.id} has a second picture`).toBeTruthy();
    const setFeatured = (asset: string) =>
      adminCall(`mutation($id: ID!, $asset: ID!) { updateProduct(input: { id: $id, featuredAssetId: $asset }) { id } }`, {
        id: before.id,
        asset,
      });
    await setFeatured(other!.id);
    try {
      await expect.poll(async () => first((await get(listing, true)).body).images[0], WITHIN).not.toBe(before.images[0]);
    } finally {
      await setFeatured(p.product.featuredAsset.id);
    }
    await expect.poll(async () => first((await get(listing, true)).body).images[0], WITHIN).toBe(before.images[0]);
  });
});
