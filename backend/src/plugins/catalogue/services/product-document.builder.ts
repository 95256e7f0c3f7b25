/**
 * Builds a product's page document from the live entities, through the same services the Shop
 * API's Product and ProductVariant fields use (so the read model answers what `product(id)` would):
 * translated names, public facet values, public collections with their parents and breadcrumbs,
 * enabled variants with the channel's gross prices, display stock level, Omnibus price, extras
 * and configurator, and the approved reviews' summary.
 */
import { Injectable } from '@nestjs/common';
import {
    type Asset,
    AssetService,
    CollectionService,
    FacetValueService,
    type ID,
    ProductOptionGroupService,
    ProductService,
    ProductVariantService,
    type RequestContext,
} from '@vendure/core';
import { configuratorOffer, offeredExtras } from '../../extras-pricing/extras-pricing.rules';
import { ExtrasService } from '../../extras-pricing/services/extras.service';
import { OmnibusService } from '../../omnibus/services/omnibus.service';
import { ReviewsService } from '../../reviews/services/reviews.service';
import type { DocAsset, PageDocument } from '../catalogue.rules';

type Custom = Record<string, unknown> | undefined;
const text = (fields: Custom, name: string) => (fields?.[name] as string | null | undefined) ?? null;

function docAsset(a: Asset): DocAsset {
    return { id: String(a.id), preview: a.preview, source: a.source, width: a.width, height: a.height };
}

@Injectable()
export class ProductDocumentBuilder {
    constructor(
        private products: ProductService,
        private variants: ProductVariantService,
        private optionGroups: ProductOptionGroupService,
        private collections: CollectionService,
        private facetValues: FacetValueService,
        private assets: AssetService,
        private omnibus: OmnibusService,
        private extras: ExtrasService,
        private reviews: ReviewsService,
    ) {}

    /** The page document of an enabled product of ctx's channel, or null (unknown, disabled, deleted). */
    async build(ctx: RequestContext, productId: ID): Promise<PageDocument | null> {
        const product = await this.products.findOne(ctx, productId, ['featuredAsset', 'facetValues']);
        if (!product || !product.enabled || product.deletedAt) return null;
        const [assets, facetValues, collections, groups, variants, reviewSummary] = await Promise.all([
            this.assets.getEntityAssets(ctx, product),
            product.facetValues?.length
                ? this.facetValues.findByIds(
                      ctx,
                      product.facetValues.map(fv => fv.id),
                  )
                : [],
            this.collections.getCollectionsByProductId(ctx, product.id, true),
            this.optionGroups.getOptionGroupsByProductId(ctx, product.id),
            this.variants.getVariantsByProductId(ctx, product.id, {}, ['options', 'featuredAsset']),
            this.reviews.summary(ctx, product.id),
        ]);
        const groupCode = new Map(groups.map(g => [String(g.id), g.code]));
        const collectionDocs = await Promise.all(
            collections.map(async c => {
                const [parent, breadcrumbs] = await Promise.all([
                    this.collections.getParent(ctx, c.id),
                    this.collections.getBreadcrumbs(ctx, c),
                ]);
                return {
                    id: String(c.id),
                    name: c.name,
                    slug: c.slug,
                    parent: parent ? { id: String(parent.id), slug: parent.slug } : null,
                    breadcrumbs: breadcrumbs.map(b => ({ id: String(b.id), name: b.name, slug: b.slug })),
                };
            }),
        );
        const variantDocs = await Promise.all(
            variants.items.map(async v => {
                const [stockLevel, omnibusPrice, facts] = await Promise.all([
                    this.variants.getDisplayStockLevel(ctx, v),
                    this.omnibus.omnibusPrice(ctx, v.id),
                    this.extras.factsFor(ctx, v.id, true),
                ]);
                const custom = v.customFields as Custom;
                return {
                    id: String(v.id),
                    name: v.name,
                    sku: v.sku,
                    priceWithTax: v.priceWithTax,
                    stockLevel,
                    featuredAsset: v.featuredAsset ? { id: String(v.featuredAsset.id) } : null,
                    customFields: { staracena: (custom?.staracena as number | null | undefined) ?? null, ean: text(custom, 'ean') },
                    omnibusPrice,
                    options: (v.options ?? []).map(o => ({
                        id: String(o.id),
                        code: o.code,
                        name: o.name,
                        group: { code: groupCode.get(String(o.groupId)) ?? '' },
                    })),
                    extras: offeredExtras(facts),
                    configurator: configuratorOffer(facts),
                };
            }),
        );
        const custom = product.customFields as Custom;
        return {
            id: String(product.id),
            name: product.name,
            slug: product.slug,
            description: product.description,
            createdAt: product.createdAt.toISOString(),
            customFields: {
                producent: text(custom, 'producent'),
                producentadres: text(custom, 'producentadres'),
                producentemail: text(custom, 'producentemail'),
                bezpieczenstwo: text(custom, 'bezpieczenstwo'),
            },
            featuredAsset: product.featuredAsset ? docAsset(product.featuredAsset) : null,
            assets: (assets ?? []).map(docAsset),
            facetValues: facetValues
                .filter(fv => !fv.facet.isPrivate)
                .map(fv => ({
                    id: String(fv.id),
                    code: fv.code,
                    name: fv.name,
                    facet: { id: String(fv.facet.id), code: fv.facet.code, name: fv.facet.name },
                })),
            collections: collectionDocs,
            optionGroups: groups.map(g => ({
                id: String(g.id),
                code: g.code,
                name: g.name,
                options: (g.options ?? []).map(o => ({ id: String(o.id), code: o.code, name: o.name })),
            })),
            variants: variantDocs,
            reviewSummary: await Promise.resolve(reviewSummary),
        };
    }
}
