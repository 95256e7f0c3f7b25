/**
 * The facts a variant's extras depend on (collections, tape type, width, size, colours, pictures),
 * read once per variant and channel for 30 s; the offers and the configurator follow from them by
 * the rules in extras-pricing.rules.ts.
 */
import { Injectable } from '@nestjs/common';
import { ID, ProductVariant, RequestContext, TransactionalConnection } from '@vendure/core';
import { ConfiguratorOffer, configuratorOffer, ExtraOffer, offeredExtras, VariantFacts } from '../extras-pricing.rules';

const TTL_MS = 30_000;

@Injectable()
export class ExtrasService {
    private cache = new Map<string, { facts: VariantFacts; at: number }>();

    constructor(private connection: TransactionalConnection) {}

    /**
     * `fresh`: read them now, never from the 30 s cache (the catalogue read model, which keeps what
     * it builds until the next change; what it reads refreshes the cache for the cart too).
     */
    async factsFor(ctx: RequestContext, variantId: ID, fresh = false): Promise<VariantFacts> {
        const key = `${ctx.channelId}:${variantId}`;
        const hit = this.cache.get(key);
        if (hit && !fresh && Date.now() - hit.at < TTL_MS) return hit.facts;
        const variant = await this.connection.getRepository(ctx, ProductVariant).findOne({
            where: { id: variantId },
            relations: {
                options: { group: true },
                product: { facetValues: { facet: true, translations: true } },
                collections: { translations: true },
            },
        });
        const facts: VariantFacts = { collectionSlugs: [] };
        if (variant) {
            facts.collectionSlugs = (variant.collections ?? []).flatMap(c => c.translations.map(t => t.slug));
            facts.tape = variant.product?.facetValues?.find(fv => fv.facet?.code === 'rodzaj-tasmy')?.code;
            facts.colours = (variant.product?.facetValues ?? [])
                .filter(fv => fv.facet?.code === 'kolor')
                .map(fv => ({
                    code: fv.code,
                    name: (fv.translations.find(t => t.languageCode === ctx.languageCode) ?? fv.translations[0])?.name ?? fv.code,
                }));
            for (const option of variant.options ?? []) {
                if (option.group?.code === 'szerokosc-tasmy') facts.widthMm = parseInt(option.code, 10) || undefined;
                if (option.group?.code === 'rozmiar') facts.size = option.code;
            }
        }
        this.cache.set(key, { facts, at: Date.now() });
        return facts;
    }

    async offersFor(ctx: RequestContext, variantId: ID): Promise<ExtraOffer[]> {
        return offeredExtras(await this.factsFor(ctx, variantId));
    }

    async configuratorFor(ctx: RequestContext, variantId: ID): Promise<ConfiguratorOffer | null> {
        return configuratorOffer(await this.factsFor(ctx, variantId));
    }

    /** Stored paths (`preview/…`, `source/…`) of the pictures of the variant's product: what a configurator's `imageurl` may show. */
    async imagePathsFor(ctx: RequestContext, variantId: ID): Promise<string[]> {
        const variant = await this.connection.getRepository(ctx, ProductVariant).findOne({
            where: { id: variantId },
            relations: { product: { assets: { asset: true }, featuredAsset: true } },
        });
        const assets = [...(variant?.product?.assets ?? []).map(a => a.asset), variant?.product?.featuredAsset].filter(a => !!a);
        return assets.flatMap(a => [a.preview, a.source]);
    }
}
