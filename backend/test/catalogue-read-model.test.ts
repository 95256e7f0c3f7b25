/**
 * The catalogue read model (decision 108): catalogueCards and catalogueProduct answer what the
 * live `products` and `product` queries answer, for every seeded product, and follow changes made
 * in the Admin API (price, stock, picture, an approved review) within seconds; a cart line's
 * `catalogue` (its product and options, read for all lines at once) answers what its live
 * productVariant's product and options answer, a variant disabled since included.
 */
import { describe, expect, it } from 'vitest';
import { addItemOk, adminSession, shop, variantBySku } from './helpers';
import type { GqlSession } from '../src/dev/graphql-client';
import { byId } from '../src/plugins/catalogue/catalogue.rules';

const CARD = `id name slug createdAt featuredAsset { preview } assets { preview } facetValues { id code facet { id code } }
    optionGroups { id code name }
    variants { id name sku priceWithTax stockLevel customFields { staracena } omnibusPrice options { id code name group { code } } }
    reviewSummary { average count }`;

const EXTRA = `field label type price min max unit chargeGroup options { value label price }`;
const PAGE = `id name slug description createdAt
    customFields { producent producentadres producentemail bezpieczenstwo }
    featuredAsset { id preview } assets { id preview source width height }
    facetValues { id code name facet { id code name } }
    collections { id name slug parent { id slug } breadcrumbs { id name slug } }
    optionGroups { id code name options { id code name } }
    variants { id name sku priceWithTax stockLevel featuredAsset { id } customFields { staracena ean } omnibusPrice
        options { id code name group { code } } extras { ${EXTRA} } configurator { type parts { key label } colours { code name } } }
    reviewSummary { average count histogram { rating count } }`;

type Card = {
    id: string;
    featuredAsset: { preview: string } | null;
    variants: Array<{ id: string; priceWithTax: number; stockLevel: string; omnibusPrice: number | null }>;
    reviewSummary: { count: number };
};

async function allIds(s: GqlSession): Promise<string[]> {
    const r = await s.query<{ products: { items: Array<{ id: string }> } }>(
        `{ products(options: { take: 100, sort: { id: ASC } }) { items { id } } }`,
    );
    return r.products.items.map(p => p.id);
}

const cards = (s: GqlSession, ids: string[]) =>
    s
        .query<{ catalogueCards: Card[] }>(`query($ids: [ID!]!) { catalogueCards(ids: $ids) { ${CARD} } }`, { ids })
        .then(r => r.catalogueCards);

/** Polls until `test` holds of the product's card (the rebuild runs through the job queue), at most 10 s. */
async function eventually(id: string, test: (card: Card) => boolean): Promise<Card> {
    const s = shop();
    const until = Date.now() + 10_000;
    for (;;) {
        const [card] = await cards(s, [id]);
        if (card && test(card)) return card;
        if (Date.now() > until) throw new Error(`card ${id} did not change within 10 s: ${JSON.stringify(card).slice(0, 300)}`);
        await new Promise(r => setTimeout(r, 100));
    }
}

describe('catalogue read model: the same answers as the live queries', () => {
    it('catalogueCards equals products(filter: id in) for every product, in the order asked', async () => {
        const s = shop();
        const ids = await allIds(s);
        expect(ids.length).toBeGreaterThanOrEqual(80);
        const asked = [...ids].reverse();
        for (let i = 0; i < asked.length; i += 50) {
            const chunk = asked.slice(i, i + 50);
            const live = await s.query<{ products: { items: Card[] } }>(
                `query($ids: [String!]!) { products(options: { filter: { id: { in: $ids } }, take: 50 }) { items { ${CARD} } } }`,
                { ids: chunk },
            );
            const byId = new Map(live.products.items.map(p => [p.id, p]));
            expect(await cards(s, chunk)).toEqual(chunk.map(id => byId.get(id)));
        }
    });

    it('catalogueProduct by id and by slug equals product(id) for every product', { timeout: 120_000 }, async () => {
        const s = shop();
        const ids = await allIds(s);
        const compare = async (id: string) => {
            const r = await s.query<{ live: { slug: string } & Record<string, unknown>; model: unknown }>(
                `query($id: ID!) { live: product(id: $id) { ${PAGE} } model: catalogueProduct(id: $id) { ${PAGE} } }`,
                { id },
            );
            expect(r.model, `product ${id}`).toEqual(r.live);
            const bySlug = await s.query<{ catalogueProduct: { id: string } | null }>(
                `query($slug: String!) { catalogueProduct(slug: $slug) { id } }`,
                { slug: r.live.slug },
            );
            expect(bySlug.catalogueProduct?.id).toBe(id);
        };
        for (let i = 0; i < ids.length; i += 4) await Promise.all(ids.slice(i, i + 4).map(compare));
    });

    it('catalogueCardsJson is catalogueCards as one JSON value', async () => {
        const s = shop();
        const ids = [...(await allIds(s))].reverse();
        const r = await s.query<{ typed: Card[]; json: Card[] }>(
            `query($ids: [ID!]!) { typed: catalogueCards(ids: $ids) { ${CARD} } json: catalogueCardsJson(ids: $ids) }`,
            { ids },
        );
        expect(r.json).toEqual(r.typed);
    });

    it('catalogueFamilyJson is the two searches and catalogueCardsJson of their products, in one request; it refuses a take out of 1 to 50', async () => {
        const s = shop();
        const collections = await s.query<{ collections: { items: Array<{ id: string; slug: string; parent: { id: string } | null }> } }>(
            `{ collections(options: { take: 100 }) { items { id slug parent { id } } } }`,
        );
        const search = async (collectionId: string, take: number) =>
            (
                await s.query<{ search: { items: Array<{ productId: string }> } }>(
                    `query($i: SearchInput!) { search(input: $i) { items { productId } } }`,
                    { i: { collectionId, groupByProduct: true, take } },
                )
            ).search.items.map(i => i.productId);
        // a leaf with its parent (the product page's case), a collection alone, a small take
        const leaf = collections.collections.items.find(c => c.slug === 'szelki-typu-guard')!;
        const cases: Array<{ collectionId: string | null; parentId: string | null; take: number }> = [
            { collectionId: leaf.id, parentId: leaf.parent!.id, take: 20 },
            { collectionId: leaf.parent!.id, parentId: null, take: 20 },
            { collectionId: leaf.parent!.id, parentId: leaf.id, take: 3 },
        ];
        for (const c of cases) {
            const r = await s.query<{ catalogueFamilyJson: { family: string[]; parent: string[]; cards: Card[] } }>(
                `query($c: ID, $p: ID, $t: Int!) { catalogueFamilyJson(collectionId: $c, parentId: $p, take: $t) }`,
                { c: c.collectionId, p: c.parentId, t: c.take },
            );
            const family = c.collectionId ? await search(c.collectionId, c.take) : [];
            const parent = c.parentId ? await search(c.parentId, c.take) : [];
            expect(family.length).toBeGreaterThan(0);
            const ids = [...new Set([...family, ...parent])];
            expect(r.catalogueFamilyJson).toEqual({ family, parent, cards: await cards(s, ids) });
        }
        for (const take of [0, 51]) {
            const bad = await s.raw(`{ catalogueFamilyJson(collectionId: "${leaf.id}", take: ${take}) }`);
            expect(bad.errors?.[0]?.message).toContain('1 to 50');
        }
    });

    // what the feeds read of a document (GraphQL adds nulls for the extras' absent limits, which the JSON leaves out)
    const FEED_FIELDS = `id name slug description featuredAsset { id preview } assets { id preview }
        collections { slug breadcrumbs { name slug } }
        variants { id name sku priceWithTax stockLevel featuredAsset { id } customFields { staracena ean } omnibusPrice }`;
    it('catalogueFeed is catalogueProduct of every product, page by page in id order; it refuses a page over 200 or a negative start', async () => {
        const s = shop();
        const ids = await allIds(s);
        const feed: Array<{ id: string }> = [];
        let after: number | null = 0;
        while (after !== null) {
            const r: { catalogueFeed: { items: Array<{ id: string }>; next: number | null } } = await s.query(
                `query($after: Int) { catalogueFeed(after: $after, take: 40) { items next } }`,
                { after },
            );
            feed.push(...r.catalogueFeed.items);
            after = r.catalogueFeed.next;
        }
        expect(feed.map(p => p.id)).toEqual(ids);
        const pages = await s.query<Record<string, unknown>>(
            `{ ${ids
                .slice(0, 5)
                .map(id => `p${id}: catalogueProduct(id: "${id}") { ${FEED_FIELDS} }`)
                .join(' ')} }`,
        );
        for (const id of ids.slice(0, 5)) expect(feed.find(p => p.id === id)).toMatchObject(pages[`p${id}`] as object);
        for (const args of ['take: 201', 'take: 0', 'after: -1'])
            expect(JSON.stringify((await s.raw(`{ catalogueFeed(${args}) { next } }`)).errors), args).toMatch(/take must be|after must be/);
    });

    it('finds cards by slug, in the order asked', async () => {
        const s = shop();
        const r = await s.query<{ catalogueCards: Array<{ slug: string }> }>(
            `{ catalogueCards(slugs: ["suszone-zwacze-wolowe", "nie-ma-takiego", "worki-na-odchody-zestaw-3x15"]) { slug } }`,
        );
        expect(r.catalogueCards.map(c => c.slug)).toEqual(['suszone-zwacze-wolowe', 'worki-na-odchody-zestaw-3x15']);
    });

    it('leaves out unknown ids, answers null for an unknown product, refuses more than 100 ids or neither id nor slug', async () => {
        const s = shop();
        expect((await cards(s, ['1', '999999', 'x', '2'])).map(c => c.id)).toEqual(['1', '2']);
        const none = await s.query<{ a: unknown; b: unknown }>(
            `{ a: catalogueProduct(id: "999999") { id } b: catalogueProduct(slug: "nie-ma") { id } }`,
        );
        expect(none).toEqual({ a: null, b: null });
        const many = await s.raw(`query($ids: [ID!]!) { catalogueCards(ids: $ids) { id } }`, {
            ids: Array.from({ length: 101 }, (_, i) => String(i + 1)),
        });
        expect(JSON.stringify(many.errors)).toContain('at most 100');
        const neither = await s.raw(`{ catalogueProduct { id } }`);
        expect(JSON.stringify(neither.errors)).toContain('an id or a slug');
        const noCards = await s.raw(`{ catalogueCards { id } }`);
        expect(JSON.stringify(noCards.errors)).toContain('ids or slugs');
    });
});

describe('catalogue read model: changes made in the Admin API show within seconds', () => {
    const UPDATE = `mutation($input: [UpdateProductVariantInput!]!) { updateProductVariants(input: $input) { id price stockOnHand } }`;

    // Product 43 is not on sale (seed/catalogue.ts): its price goes down and back up, so its Omnibus
    // price stays null afterwards (a rise ends a reduction) and no other test's figures move.
    it('a new price and stock down to zero', async () => {
        const a = await adminSession();
        const [before] = await cards(shop(), ['43']);
        const variant = before!.variants[0]!;
        const live = await a.query<{ productVariant: { stockOnHand: number } }>(
            `query($id: ID!) { productVariant(id: $id) { stockOnHand } }`,
            {
                id: variant.id,
            },
        );
        // the channel's prices include tax: the price set is the gross one
        try {
            await a.query(UPDATE, { input: [{ id: variant.id, price: variant.priceWithTax - 100, stockOnHand: 0 }] });
            const after = await eventually('43', c => c.variants[0]!.priceWithTax !== variant.priceWithTax);
            expect(after.variants[0]).toMatchObject({ priceWithTax: variant.priceWithTax - 100, stockLevel: 'OUT_OF_STOCK' });
        } finally {
            await a.query(UPDATE, {
                input: [{ id: variant.id, price: variant.priceWithTax, stockOnHand: live.productVariant.stockOnHand }],
            });
        }
        await eventually(
            '43',
            c => c.variants[0]!.priceWithTax === variant.priceWithTax && c.variants[0]!.stockLevel === variant.stockLevel,
        );
        const [restored] = await cards(shop(), ['43']);
        expect(restored!.variants[0]!.omnibusPrice).toBeNull();
    });

    it('another featured picture', async () => {
        const a = await adminSession();
        const p = await a.query<{ product: { featuredAsset: { id: string }; assets: Array<{ id: string }> } }>(
            `{ product(id: "41") { featuredAsset { id } assets { id } } }`,
        );
        const other = p.product.assets.find(x => x.id !== p.product.featuredAsset.id);
        expect(other, 'product 41 has a second picture').toBeTruthy();
        const [before] = await cards(shop(), ['41']);
        const SET = `mutation($id: ID!, $asset: ID!) { updateProduct(input: { id: $id, featuredAssetId: $asset }) { id } }`;
        try {
            await a.query(SET, { id: '41', asset: other!.id });
            await eventually('41', c => c.featuredAsset?.preview !== before!.featuredAsset?.preview);
        } finally {
            await a.query(SET, { id: '41', asset: p.product.featuredAsset.id });
        }
        await eventually('41', c => c.featuredAsset?.preview === before!.featuredAsset?.preview);
    });

    it('a review approved in moderation', async () => {
        const a = await adminSession();
        const s = shop();
        const email = `czytelnik-${Date.now()}@psiaki.test`;
        await s.query(
            `mutation($input: RegisterCustomerInput!) { registerCustomerAccount(input: $input) { ... on Success { success } } }`,
            {
                input: { emailAddress: email, firstName: 'Ewa', lastName: 'Sowa', password: 'Haslo1234!' },
            },
        );
        await s.query(`mutation($u: String!, $p: String!) { login(username: $u, password: $p) { ... on CurrentUser { id } } }`, {
            u: email,
            p: 'Haslo1234!',
        });
        const [before] = await cards(shop(), ['42']);
        const submitted = await s.query<{ submitProductReview: { id: string } }>(
            `mutation { submitProductReview(input: { productId: "42", rating: 4, text: "Solidnie uszyte, polecam." }) { ... on ProductReview { id } } }`,
        );
        await a.query(`mutation($id: ID!) { approveProductReview(id: $id) { id } }`, { id: submitted.submitProductReview.id });
        const after = await eventually('42', c => c.reviewSummary.count === before!.reviewSummary.count + 1);
        expect(after.reviewSummary.count).toBe(before!.reviewSummary.count + 1);
    });
});

describe("OrderLine.catalogue: a cart line's product and options as the live entities answer them", () => {
    const FIELDS = `product { id name slug facetValues { id code name facet { id code name } } } options { id code name group { code name } }`;
    type Line = { productVariant: { id: string } & Record<string, unknown>; catalogue: Record<string, unknown> };
    const ENABLE = `mutation($input: [UpdateProductVariantInput!]!) { updateProductVariants(input: $input) { id enabled } }`;

    type Listed = Array<{ id: string }>;
    /**
     * Every line's catalogue equals its live productVariant's product and options, both lists in
     * the order of their ids: Vendure gives them in no defined order (PostgreSQL answers a
     * variant's options in the order its join yields), the catalogue always by id.
     */
    function expectLive(lines: Line[]) {
        for (const { productVariant, catalogue } of lines) {
            const { id, options, product } = productVariant as { id: string; options: Listed; product: { facetValues: Listed } };
            const live = { product: { ...product, facetValues: byId(product.facetValues) }, options: byId(options) };
            expect(catalogue, `variant ${id}`).toEqual(live);
        }
    }

    it('equal for the lines of a cart, and for a line whose variant was disabled since (the live entities for that line)', async () => {
        const s = shop();
        // products with options and several facet values, one without options; none other tests change
        for (const sku of ['PS-037-20-CZER', 'PS-039-15-MIET', 'PS-072-L-BEZO', 'PS-093-CZAR'])
            await addItemOk(s, (await variantBySku(s, sku)).id, 1);
        const cart = async () =>
            (
                await s.query<{ activeOrder: { lines: Line[] } }>(
                    `{ activeOrder { lines { productVariant { id ${FIELDS} } catalogue { ${FIELDS} } } } }`,
                )
            ).activeOrder.lines;
        const before = await cart();
        expect(before).toHaveLength(4);
        expect((before[0]!.catalogue.options as unknown[]).length).toBe(2);
        expect((before[0]!.catalogue.product as { facetValues: unknown[] }).facetValues.length).toBeGreaterThan(1);
        expectLive(before);

        const a = await adminSession();
        const disabled = before[0]!.productVariant.id;
        await a.query(ENABLE, { input: [{ id: disabled, enabled: false }] });
        try {
            // the product's document no longer lists the variant: its line is answered from the live entities
            await eventually('37', card => !card.variants.some(v => v.id === disabled));
            const after = await cart();
            expect(after).toHaveLength(4);
            expectLive(after);
            expect(after[0]!.catalogue).toEqual(before[0]!.catalogue);
        } finally {
            await a.query(ENABLE, { input: [{ id: disabled, enabled: true }] });
            await eventually('37', card => card.variants.some(v => v.id === disabled));
        }
    });
});
