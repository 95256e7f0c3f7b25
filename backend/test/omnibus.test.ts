import { describe, expect, it } from 'vitest';
import { PRODUCTS } from '../seed/catalogue';
import { earlierPromotionPrice, hadEarlierPromotion } from '../seed/price-history';
import { GqlSession, type OrError, typed } from '../src/dev/graphql-client';
import { backendUrl, shop, adminLogin } from './helpers';

interface Variant {
    id: string;
    sku: string;
    priceWithTax: number;
    omnibusPrice: number | null;
    customFields: { staracena: number | null };
}

const VARIANTS = typed<{ product: { variants: Variant[] } | null }, { id: string }>(
    `query($id: ID!) { product(id: $id) { variants { id sku priceWithTax omnibusPrice customFields { staracena } } } }`,
);

/** The variants of a product that must exist. */
async function variantsOf(s: GqlSession, id: string): Promise<Variant[]> {
    const r = await s.query(VARIANTS, { id });
    if (!r.product) throw new Error(`product ${id} not found`);
    return r.product.variants;
}

describe('Omnibus price', () => {
    it('gives discounted variants the lowest price of the 30 days before the reduction', async () => {
        const s = shop();
        const onSale = PRODUCTS.filter(p => p.salePercent);
        expect(onSale.some(hadEarlierPromotion)).toBe(true);
        expect(onSale.some(p => !hadEarlierPromotion(p))).toBe(true);
        for (const p of onSale) {
            for (const v of await variantsOf(s, String(p.id))) {
                const def = p.variants.find(x => x.sku === v.sku)!;
                const expected = hadEarlierPromotion(p) ? earlierPromotionPrice(def) : def.staracena;
                expect(v.omnibusPrice, v.sku).toBe(expected);
                expect(v.omnibusPrice).toBeGreaterThan(v.priceWithTax);
            }
        }
    });

    it('gives every variant of a whole listing, asked in one request, the same price as asked product by product', async () => {
        const s = shop();
        const LISTING = typed<{ products: { items: Array<{ id: string; variants: Variant[] }> } }, Record<string, never>>(
            `query { products(options: { take: 100 }) { items { id variants { id sku priceWithTax omnibusPrice customFields { staracena } } } } }`,
        );
        const listing = (await s.query(LISTING, {})).products.items;
        expect(listing.length).toBeGreaterThanOrEqual(90);
        const reduced = listing.flatMap(p => p.variants).filter(v => v.omnibusPrice !== null);
        expect(reduced.length).toBeGreaterThan(10);
        for (const p of listing.filter(p => p.variants.some(v => v.omnibusPrice !== null)).slice(0, 8)) {
            const one = await variantsOf(s, p.id);
            expect(p.variants.map(v => [v.sku, v.omnibusPrice])).toEqual(one.map(v => [v.sku, v.omnibusPrice]));
        }
        for (const p of PRODUCTS.filter(p => p.salePercent)) {
            const inListing = listing.find(x => x.id === String(p.id));
            expect(
                inListing?.variants.every(v => v.omnibusPrice !== null && v.omnibusPrice > v.priceWithTax),
                String(p.id),
            ).toBe(true);
        }
    });

    it('is null for a variant whose price is not reduced', async () => {
        const variants = await variantsOf(shop(), '1');
        expect(variants.every(v => v.omnibusPrice === null)).toBe(true);
    });

    it('records price changes made in the Admin API', async () => {
        const admin = new GqlSession(`${backendUrl()}/admin-api`);
        const login = await admin.query<{ login: OrError<{ id: string }> }>(
            `mutation { login(username: "${adminLogin().username}", password: "${adminLogin().password}") { ... on CurrentUser { id } } }`,
        );
        expect(login.login.id).toBeTruthy();
        const s = shop();
        const before = (await variantsOf(s, '93'))[0];
        expect(before.omnibusPrice).toBeNull();
        const update = typed<
            { updateProductVariants: Array<{ id: string; price: number } | null> },
            { input: Array<{ id: string; price: number }> }
        >(`mutation($input: [UpdateProductVariantInput!]!) { updateProductVariants(input: $input) { id price } }`);
        await admin.query(update, { input: [{ id: before.id, price: before.priceWithTax - 1000 }] });
        let after: Variant | undefined;
        for (let i = 0; i < 30; i++) {
            after = (await variantsOf(s, '93')).find(v => v.id === before.id);
            if (after?.omnibusPrice !== null) break;
            await new Promise(r => setTimeout(r, 100)); // the history is written after the commit
        }
        expect(after?.priceWithTax).toBe(before.priceWithTax - 1000);
        expect(after?.omnibusPrice).toBe(before.priceWithTax);
        await admin.query(update, { input: [{ id: before.id, price: before.priceWithTax }] });
        for (let i = 0; i < 30; i++) {
            after = (await variantsOf(s, '93')).find(v => v.id === before.id);
            if (after?.omnibusPrice === null) break;
            await new Promise(r => setTimeout(r, 100));
        }
        expect(after?.omnibusPrice).toBeNull();
    });

    it('adds createdAt, variantsQty and omnibusPrice to search results', async () => {
        const r = await shop().query<{
            search: {
                items: Array<{
                    productId: string;
                    createdAt: string;
                    variantsQty: number;
                    omnibusPrice: number | null;
                    priceWithTax: { min?: number };
                }>;
            };
        }>(
            `{ search(input: { term: "Szelki typu guard Biothane", groupByProduct: true, take: 1 }) { items { productId createdAt variantsQty omnibusPrice priceWithTax { ... on PriceRange { min } } } } }`,
        );
        const item = r.search.items[0];
        expect(item.productId).toBe('5');
        expect(item.variantsQty).toBe(8);
        expect(Date.parse(item.createdAt)).toBeLessThan(Date.now());
        expect(item.omnibusPrice).toBeGreaterThan(item.priceWithTax.min!);
    });
});
