/**
 * The pure steps of the sitemap query (api/sitemap.resolver.ts): dates as the database returns
 * them, a product's pictures from its card, the categories' URL paths from the collection tree.
 */
import type { CardDocument } from './catalogue.rules';

/**
 * A timestamp as a raw select returns it: a Date (PostgreSQL) or SQLite's UTC text
 * `2026-11-26 06:44:19.123`; null for none or anything unreadable.
 */
export function dateOf(value: unknown): Date | null {
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
    if (typeof value !== 'string' || !value) return null;
    const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(value) ? `${value.replace(' ', 'T')}Z` : value;
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? null : date;
}

/** The latest of these timestamps (unreadable ones left out), or null. */
export function latest(...values: unknown[]): Date | null {
    let best: Date | null = null;
    for (const v of values) {
        const d = dateOf(v);
        if (d && (!best || d > best)) best = d;
    }
    return best;
}

/** The pictures a product page shows (features/product/product.server.ts): its assets, else its featured asset. */
export function imagesOf(card: Pick<CardDocument, 'assets' | 'featuredAsset'>): string[] {
    const assets = card.assets.map(a => a.preview);
    if (!assets.length && card.featuredAsset) assets.push(card.featuredAsset.preview);
    return assets;
}

export interface CollectionRow {
    id: number;
    parentId: number | null;
    isRoot: boolean;
    isPrivate: boolean;
    slug: string;
    updatedAt: Date;
}

/** The deepest category the storefront's route answers (`/c/:s1/…/:s5`, features/listing/route.ts). */
export const MAX_CATEGORY_DEPTH = 5;

/**
 * The categories a sitemap lists, with their URL paths (the slugs from the top category down):
 * a collection that is public, under public parents up to the root, has products (`nonEmpty`), and
 * is at most MAX_CATEGORY_DEPTH deep. Ordered by path. A parent missing from `rows` (another
 * channel's) or a cycle leaves the collection out.
 */
export function categoryPaths(
    rows: CollectionRow[],
    nonEmpty: ReadonlySet<number>,
): Array<{ id: number; path: string[]; updatedAt: Date }> {
    const byId = new Map(rows.map(r => [r.id, r]));
    const out: Array<{ id: number; path: string[]; updatedAt: Date }> = [];
    for (const row of rows) {
        if (row.isRoot || !nonEmpty.has(row.id)) continue;
        const path: string[] = [];
        let node: CollectionRow | undefined = row;
        let ok = true;
        while (node && !node.isRoot) {
            if (node.isPrivate || path.length >= MAX_CATEGORY_DEPTH) {
                ok = false;
                break;
            }
            path.unshift(node.slug);
            node = node.parentId == null ? undefined : byId.get(node.parentId);
        }
        // reached the root (not a missing parent)
        if (ok && node?.isRoot) out.push({ id: row.id, path, updatedAt: row.updatedAt });
    }
    return out.sort((a, b) => (a.path.join('/') < b.path.join('/') ? -1 : a.path.join('/') > b.path.join('/') ? 1 : 0));
}
