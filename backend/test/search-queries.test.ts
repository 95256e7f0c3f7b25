import { describe, expect, it } from 'vitest';
import { GqlSession } from '../src/dev/graphql-client';
import { backendUrl } from './helpers';
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
        console.info(`search query set: hit@5 ${(hitRate * 100).toFixed(1)} % of ${SEARCH_QUERIES.length}${misses.length ? `; misses:\n${misses.join('\n')}` : ''}`);
        expect(empty, 'queries without any result').toEqual([]);
        expect(hitRate, `misses:\n${misses.join('\n')}`).toBeGreaterThanOrEqual(0.95);
    });

    it('ranks the leashes first for "smycz" and the harnesses for "szelek"', async () => {
        const s = new GqlSession(`${base()}/shop-api`);
        const top = async (term: string) =>
            (
                await s.query<Result>(`query($term: String!) { search(input: { term: $term, groupByProduct: true, take: 8 }) { totalItems items { productId productName } } }`, {
                    term,
                })
            ).search.items.map(i => i.productName);
        expect((await top('smycz')).every(n => n.startsWith('Smycz '))).toBe(true);
        expect((await top('szelek')).slice(0, 5).filter(n => n.startsWith('Szelki ')).length).toBeGreaterThanOrEqual(4);
    });
});
