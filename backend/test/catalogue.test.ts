import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COLLECTIONS, collectionPath } from '../seed/catalogue';
import { shop } from './helpers';

const productsJson: Array<{ id: number; slug: string; name: string; collection: string; path: string }> = JSON.parse(
    fs.readFileSync(path.join(__dirname, '..', 'seed', 'products.json'), 'utf8'),
);

describe('seeded catalogue', () => {
    it('has at least 80 products and 300 variants', async () => {
        const s = shop();
        const r = await s.query<{ byProduct: { totalItems: number }; byVariant: { totalItems: number } }>(`{
            byProduct: search(input: { groupByProduct: true, take: 1 }) { totalItems }
            byVariant: search(input: { groupByProduct: false, take: 1 }) { totalItems }
        }`);
        expect(r.byProduct.totalItems).toBeGreaterThanOrEqual(80);
        expect(r.byVariant.totalItems).toBeGreaterThanOrEqual(300);
    });

    it('gives products the ids listed in seed/products.json', async () => {
        const s = shop();
        const page = (skip: number) =>
            s.query<{ products: { totalItems: number; items: Array<{ id: string; slug: string; name: string }> } }>(
                `query($skip: Int!) { products(options: { take: 100, skip: $skip, sort: { id: ASC } }) { totalItems items { id slug name } } }`,
                { skip },
            );
        const first = await page(0);
        const items = [...first.products.items];
        while (items.length < first.products.totalItems) items.push(...(await page(items.length)).products.items);
        expect(first.products.totalItems).toBe(productsJson.length);
        expect(items.map(p => ({ id: Number(p.id), slug: p.slug, name: p.name }))).toEqual(
            productsJson.map(p => ({ id: p.id, slug: p.slug, name: p.name })),
        );
    });

    it('builds the collection tree with walkable breadcrumbs', async () => {
        const s = shop();
        for (const c of COLLECTIONS) {
            const r = await s.query<{
                collection: { slug: string; parent: { slug: string } | null; breadcrumbs: Array<{ slug: string }> } | null;
            }>(`query($slug: String!) { collection(slug: $slug) { slug parent { slug } breadcrumbs { slug } } }`, { slug: c.slug });
            expect(r.collection, c.slug).not.toBeNull();
            expect(r.collection!.breadcrumbs.map(b => b.slug)).toEqual(['__root_collection__', ...collectionPath(c.slug)]);
        }
        const top = await s.query<{ collections: { items: Array<{ slug: string }> } }>(
            `{ collections(options: { topLevelOnly: true }) { items { slug } } }`,
        );
        expect(top.collections.items.map(c => c.slug).sort()).toEqual(['dla-czlowieka', 'dla-psa']);
    });

    it('puts each product in its leaf collection and inherits it into the parents', async () => {
        const s = shop();
        const leaf = await s.query<{ search: { items: Array<{ slug: string }> } }>(
            `{ search(input: { collectionSlug: "szelki-typu-guard", groupByProduct: true, take: 100 }) { items { slug } } }`,
        );
        const expected = productsJson.filter(p => p.collection === 'szelki-typu-guard').map(p => p.slug);
        expect(leaf.search.items.map(i => i.slug).sort()).toEqual(expected.sort());
        const parent = await s.query<{ search: { totalItems: number } }>(
            `{ search(input: { collectionSlug: "dla-psa", groupByProduct: true, take: 1 }) { totalItems } }`,
        );
        expect(parent.search.totalItems).toBe(productsJson.filter(p => p.path.startsWith('/c/dla-psa/')).length);
        const worki = await s.query<{ search: { items: Array<{ productName: string; priceWithTax: { min?: number } }> } }>(
            `{ search(input: { term: "Worki na odchody – zestaw 3x15", groupByProduct: true, take: 5 }) { items { productName priceWithTax { ... on PriceRange { min } } } } }`,
        );
        const item = worki.search.items.find(i => i.productName === 'Worki na odchody – zestaw 3x15');
        expect(item?.priceWithTax.min).toBe(1470);
    });

    it('marks sale variants with staracena above the price and has out-of-stock variants', async () => {
        const s = shop();
        const sale = await s.query<{ facets: { items: Array<{ code: string; values: Array<{ id: string; code: string }> }> } }>(
            `{ facets(options: { take: 50 }) { items { code values { id code } } } }`,
        );
        const promo = sale.facets.items.find(f => f.code === 'promocja')!.values.find(v => v.code === 'wyprzedaz')!;
        const onSale = await s.query<{ search: { items: Array<{ productId: string }> } }>(
            `query($id: ID!) { search(input: { facetValueFilters: [{ and: $id }], groupByProduct: true, take: 100 }) { items { productId } } }`,
            { id: promo.id },
        );
        expect(onSale.search.items.length).toBeGreaterThan(5);
        const p = await s.query<{
            product: { variants: Array<{ priceWithTax: number; customFields: { staracena: number | null } }> } | null;
        }>(`query($id: ID!) { product(id: $id) { variants { priceWithTax customFields { staracena } } } }`, {
            id: onSale.search.items[0].productId,
        });
        for (const v of p.product!.variants) expect(v.customFields.staracena).toBeGreaterThan(v.priceWithTax);
        const soldOut = await s.query<{ product: { variants: Array<{ stockLevel: string }> } | null }>(
            `{ product(slug: "obroza-polzaciskowa-biothane") { variants { stockLevel } } }`,
        );
        expect(soldOut.product!.variants.every(v => v.stockLevel === 'OUT_OF_STOCK')).toBe(true);
    });

    it('exposes the top-bar content on the channel', async () => {
        const r = await shop().query<{
            activeChannel: {
                currencyCode: string;
                defaultLanguageCode: string;
                pricesIncludeTax: boolean;
                customFields: { topBarTitle: string | null; topBarDate: string | null };
            };
        }>(`{ activeChannel { currencyCode defaultLanguageCode pricesIncludeTax customFields { topBarTitle topBarDate } } }`);
        expect(r.activeChannel.currencyCode).toBe('PLN');
        expect(r.activeChannel.defaultLanguageCode).toBe('pl');
        expect(r.activeChannel.pricesIncludeTax).toBe(true);
        expect(r.activeChannel.customFields.topBarTitle).toContain('BLACKWEEK24');
        expect(Date.parse(r.activeChannel.customFields.topBarDate ?? '')).toBeGreaterThan(Date.now());
    });
});
