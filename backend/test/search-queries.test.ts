import { describe, expect, it } from 'vitest';
import { GqlSession } from '../src/dev/graphql-client';
import { backendUrl, adminLogin } from './helpers';
import { SEARCH_QUERIES } from './search-queries';

/**
 * The query set against a real backend: SQLite (the test backend) by default; the PostgreSQL
 * profile points SEARCH_TEST_BACKEND_URL at its backend (`http://host:port`).
 */
const base = () => process.env.SEARCH_TEST_BACKEND_URL || backendUrl();

interface Result {
    search: { totalItems: number; items: Array<{ productId: string; productName: string }> };
}

describe('search query set (issue 23)', () => {
    it(`finds what shoppers mean: every one of ${SEARCH_QUERIES.length} queries returns products, hit@5 ≥ 95 %`, async () => {
        expect(SEARCH_QUERIES.length).toBeGreaterThanOrEqual(60);
        const s = new GqlSession(`${base()}/shop-api`);
        const misses: string[] = [];
        const empty: string[] = [];
        for (const { q, want } of SEARCH_QUERIES) {
            const r = await s.query<Result>(
                `query($term: String!) { search(input: { term: $term, groupByProduct: true, take: 5 }) { totalItems items { productId productName } } }`,
                { term: q },
            );
            if (r.search.totalItems === 0) empty.push(q);
            const top = r.search.items.map(i => Number(i.productId));
            if (!top.some(id => want.includes(id))) misses.push(`${q} → ${r.search.items.map(i => i.productName).join(' | ')}`);
        }
        const hitRate = 1 - misses.length / SEARCH_QUERIES.length;
        console.info(
            `search query set: hit@5 ${(hitRate * 100).toFixed(1)} % of ${SEARCH_QUERIES.length}${misses.length ? `; misses:\n${misses.join('\n')}` : ''}`,
        );
        expect(empty, 'queries without any result').toEqual([]);
        expect(hitRate, `misses:\n${misses.join('\n')}`).toBeGreaterThanOrEqual(0.95);
    });

    it('ranks the leashes first for "smycz" and the harnesses for "szelek"', async () => {
        const s = new GqlSession(`${base()}/shop-api`);
        const top = async (term: string) =>
            (
                await s.query<Result>(
                    `query($term: String!) { search(input: { term: $term, groupByProduct: true, take: 8 }) { totalItems items { productId productName } } }`,
                    {
                        term,
                    },
                )
            ).search.items.map(i => i.productName);
        expect((await top('smycz')).every(n => n.startsWith('Smycz '))).toBe(true);
        expect((await top('szelek')).slice(0, 5).filter(n => n.startsWith('Szelki ')).length).toBeGreaterThanOrEqual(4);
    });
});

describe('search index freshness and suggestions (issue 23)', () => {
    const search = (s: GqlSession, term: string) =>
        s.query<Result>(
            `query($term: String!) { search(input: { term: $term, groupByProduct: true, take: 5 }) { totalItems items { productId productName } } }`,
            {
                term,
            },
        );

    it('finds a product renamed in the Admin API within seconds, under its new name only', async () => {
        const admin = new GqlSession(`${base()}/admin-api`);
        await admin.query(
            `mutation { login(username: "${adminLogin().username}", password: "${adminLogin().password}") { ... on CurrentUser { id } } }`,
        );
        const shop = new GqlSession(`${base()}/shop-api`);
        const rename = (name: string) =>
            admin.query(`mutation($input: UpdateProductInput!) { updateProduct(input: $input) { id } }`, {
                input: { id: '93', translations: [{ languageCode: 'pl', name }] },
            });
        await rename('Kubek termiczny Włóczykij');
        try {
            const deadline = Date.now() + 10_000;
            let found = false;
            while (!found && Date.now() < deadline) {
                found = (await search(shop, 'wloczykij')).search.items.some(i => i.productId === '93');
                if (!found) await new Promise(r => setTimeout(r, 200));
            }
            expect(found, 'renamed product found by its new name').toBe(true);
        } finally {
            await rename('Kubek termiczny Psiarz');
        }
    });

    it('offers a term one edit away when nothing matches, and nothing when the term finds products', async () => {
        const shop = new GqlSession(`${base()}/shop-api`);
        const suggestion = async (term: string) =>
            (await shop.query<{ searchSuggestion: string | null }>(`query($term: String!) { searchSuggestion(term: $term) }`, { term }))
                .searchSuggestion;
        expect((await search(shop, 'nrka')).search.totalItems).toBe(0);
        expect(await suggestion('nrka')).toBe('nerka');
        expect(await suggestion('szelki')).toBeNull();
        expect(await suggestion('qwertyuiop')).toBeNull();
        await expect(suggestion('a'.repeat(201))).rejects.toThrow(/200 znaków/);
    });

    it('takes wildcards, markup and very long terms as text', async () => {
        const shop = new GqlSession(`${base()}/shop-api`);
        for (const term of ['%', '%%%', '___', "' OR 1=1 --", '<img src=x onerror=alert(1)>', 'ą'.repeat(200), '🐶🐶🐶']) {
            expect((await search(shop, term)).search.totalItems, term).toBe(0);
        }
        expect((await search(shop, 'obroża%')).search.totalItems).toBeGreaterThan(0);
    });
});
