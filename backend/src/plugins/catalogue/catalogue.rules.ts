/**
 * The catalogue read model's documents (the shapes of CatalogueProduct and CatalogueCard in
 * api/catalogue.api-extensions.ts) and the pure steps around them: a card is cut from a page
 * document, asset paths are stored relative and made absolute when served.
 */
import type { ConfiguratorOffer, ExtraOffer } from '../extras-pricing/extras-pricing.rules';

export interface DocAsset {
    id: string;
    preview: string;
    source: string;
    width: number;
    height: number;
}

export interface DocOption {
    id: string;
    code: string;
    name: string;
    group: { code: string };
}

export interface DocVariant {
    id: string;
    name: string;
    sku: string;
    priceWithTax: number;
    stockLevel: string;
    featuredAsset: { id: string } | null;
    customFields: { staracena: number | null; ean: string | null };
    omnibusPrice: number | null;
    options: DocOption[];
    extras: ExtraOffer[];
    configurator: ConfiguratorOffer | null;
}

export interface PageDocument {
    id: string;
    name: string;
    slug: string;
    description: string;
    createdAt: string;
    customFields: { producent: string | null; producentadres: string | null; producentemail: string | null; bezpieczenstwo: string | null };
    featuredAsset: DocAsset | null;
    assets: DocAsset[];
    facetValues: Array<{ id: string; code: string; name: string; facet: { id: string; code: string; name: string } }>;
    collections: Array<{
        id: string;
        name: string;
        slug: string;
        parent: { id: string; slug: string } | null;
        breadcrumbs: Array<{ id: string; name: string; slug: string }>;
    }>;
    optionGroups: Array<{ id: string; code: string; name: string; options: Array<{ id: string; code: string; name: string }> }>;
    variants: DocVariant[];
    reviewSummary: { average: number | null; count: number; histogram: Array<{ rating: number; count: number }> };
}

export interface CardDocument {
    id: string;
    name: string;
    slug: string;
    createdAt: string;
    featuredAsset: { preview: string } | null;
    assets: Array<{ preview: string }>;
    facetValues: Array<{ id: string; code: string; facet: { id: string; code: string } }>;
    optionGroups: Array<{ id: string; code: string; name: string }>;
    variants: Array<{
        id: string;
        name: string;
        sku: string;
        priceWithTax: number;
        stockLevel: string;
        customFields: { staracena: number | null };
        omnibusPrice: number | null;
        options: DocOption[];
    }>;
    reviewSummary: { average: number | null; count: number };
}

/** What a card shows of a product page document. */
export function cardOf(page: PageDocument): CardDocument {
    return {
        id: page.id,
        name: page.name,
        slug: page.slug,
        createdAt: page.createdAt,
        featuredAsset: page.featuredAsset ? { preview: page.featuredAsset.preview } : null,
        assets: page.assets.map(a => ({ preview: a.preview })),
        facetValues: page.facetValues.map(fv => ({ id: fv.id, code: fv.code, facet: { id: fv.facet.id, code: fv.facet.code } })),
        optionGroups: page.optionGroups.map(g => ({ id: g.id, code: g.code, name: g.name })),
        variants: page.variants.map(v => ({
            id: v.id,
            name: v.name,
            sku: v.sku,
            priceWithTax: v.priceWithTax,
            stockLevel: v.stockLevel,
            customFields: { staracena: v.customFields.staracena },
            omnibusPrice: v.omnibusPrice,
            options: v.options,
        })),
        reviewSummary: { average: page.reviewSummary.average, count: page.reviewSummary.count },
    };
}

type Absolute = (identifier: string) => string;

/** A stored page document with its assets' paths made absolute (`absolute` is the asset storage's). */
export function servedPage(doc: PageDocument, absolute: Absolute): PageDocument {
    const asset = (a: DocAsset): DocAsset => ({ ...a, preview: absolute(a.preview), source: absolute(a.source) });
    return { ...doc, featuredAsset: doc.featuredAsset && asset(doc.featuredAsset), assets: doc.assets.map(asset) };
}

/** A stored card with its assets' paths made absolute. */
export function servedCard(doc: CardDocument, absolute: Absolute): CardDocument {
    return {
        ...doc,
        featuredAsset: doc.featuredAsset && { preview: absolute(doc.featuredAsset.preview) },
        assets: doc.assets.map(a => ({ preview: absolute(a.preview) })),
    };
}

/** What a cart or order line shows of its product and variant (OrderLineCatalogue in api/catalogue.api-extensions.ts). */
export interface LineCatalogue {
    product: { id: string; name: string; slug: string; facetValues: PageDocument['facetValues'] };
    options: Array<{ id: string; code: string; name: string; group: { code: string; name: string } }>;
}

/**
 * A line's product and options from its product's page document, or null when the document does
 * not have the line's variant (disabled or deleted since: the line then shows the live entities).
 * An option's group is the one of the product's groups that holds the option. The options and the
 * facet values come in the order of their ids: Vendure's ProductVariant.options and
 * Product.facetValues have no defined order (SQLite happens to answer by id, PostgreSQL in whatever
 * order the join yields), so a line shows them the same way on every backend and on both paths.
 */
export function lineCatalogueOf(page: PageDocument, variantId: string): LineCatalogue | null {
    const variant = page.variants.find(v => v.id === variantId);
    if (!variant) return null;
    const groupOf = new Map(page.optionGroups.flatMap(g => g.options.map(o => [o.id, g] as const)));
    const options: LineCatalogue['options'] = [];
    for (const o of byId(variant.options)) {
        const group = groupOf.get(o.id);
        if (!group) return null;
        options.push({ id: o.id, code: o.code, name: o.name, group: { code: group.code, name: group.name } });
    }
    return { product: { id: page.id, name: page.name, slug: page.slug, facetValues: byId(page.facetValues) }, options };
}

/** A copy of a list in the order of its items' numeric ids. */
export function byId<T extends { id: string | number }>(items: readonly T[]): T[] {
    return [...items].sort((a, b) => Number(a.id) - Number(b.id));
}
