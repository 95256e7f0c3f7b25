/**
 * The pure steps of the sitemap query (src/plugins/catalogue/sitemap.rules.ts): which collections a
 * sitemap lists as categories and under which path, and the dates the databases return.
 */
import { describe, expect, it } from 'vitest';
import { categoryPaths, type CollectionRow, dateOf, imagesOf, latest } from '../src/plugins/catalogue/sitemap.rules';

const at = new Date('2026-11-26T06:00:00Z');
const row = (id: number, parentId: number | null, slug: string, extra: Partial<CollectionRow> = {}): CollectionRow => ({
    id,
    parentId,
    slug,
    isRoot: false,
    isPrivate: false,
    updatedAt: at,
    ...extra,
});

describe('categories of the sitemap', () => {
    const root = row(1, null, '__root_collection__', { isRoot: true });

    it('lists public, non-empty collections under public parents, with the slugs from the top down', () => {
        const rows = [
            root,
            row(2, 1, 'dla-psa'),
            row(3, 2, 'akcesoria'),
            row(4, 3, 'szelki'),
            row(5, 4, 'guard'),
            row(6, 2, 'ukryte', { isPrivate: true }),
            row(7, 6, 'pod-ukrytym'),
            row(8, 2, 'puste'),
        ];
        const listed = categoryPaths(rows, new Set([2, 3, 4, 5, 6, 7]));
        expect(listed.map(c => c.path.join('/'))).toEqual([
            'dla-psa',
            'dla-psa/akcesoria',
            'dla-psa/akcesoria/szelki',
            'dla-psa/akcesoria/szelki/guard',
        ]);
        expect(listed[0]!.updatedAt).toBe(at);
    });

    it('leaves out what is deeper than the category route, a parent of another channel, and a cycle', () => {
        const deep = [root, row(2, 1, 'a'), row(3, 2, 'b'), row(4, 3, 'c'), row(5, 4, 'd'), row(6, 5, 'e'), row(7, 6, 'f')];
        expect(categoryPaths(deep, new Set([6, 7])).map(c => c.path.length)).toEqual([5]);
        expect(categoryPaths([root, row(2, 99, 'sierota')], new Set([2]))).toEqual([]);
        expect(categoryPaths([root, row(2, 3, 'x'), row(3, 2, 'y')], new Set([2, 3]))).toEqual([]);
    });
});

describe('dates and pictures', () => {
    it("reads SQLite's UTC text and PostgreSQL's Date, and takes the latest", () => {
        expect(dateOf('2026-11-26 06:44:19.123')?.toISOString()).toBe('2026-11-26T06:44:19.123Z');
        expect(dateOf(at)).toBe(at);
        expect(dateOf(null)).toBeNull();
        expect(dateOf('junk')).toBeNull();
        expect(latest('2026-11-25 06:00:00', at, null, '2026-11-24 06:00:00')).toBe(at);
        expect(latest(null, undefined)).toBeNull();
    });

    it("takes a product's pictures as its page shows them: its assets, else its featured asset", () => {
        expect(imagesOf({ assets: [{ preview: 'a' }, { preview: 'b' }], featuredAsset: { preview: 'a' } })).toEqual(['a', 'b']);
        expect(imagesOf({ assets: [], featuredAsset: { preview: 'f' } })).toEqual(['f']);
        expect(imagesOf({ assets: [], featuredAsset: null })).toEqual([]);
    });
});
