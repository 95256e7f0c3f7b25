import { Args, Query, ResolveField, Resolver } from '@nestjs/graphql';
import {
    Collection,
    ConfigService,
    Ctx,
    Product,
    ProductVariant,
    ProductVariantPrice,
    RequestContext,
    TransactionalConnection,
    UserInputError,
} from '@vendure/core';
import type { Request } from 'express';
import type { CardDocument } from '../catalogue.rules';
import { ProductDocument } from '../entities/product-document.entity';
import { type CollectionRow, categoryPaths, dateOf, imagesOf, latest } from '../sitemap.rules';

/** The most products one `products` page answers (the storefront asks pages of this size). */
export const MAX_SITEMAP_TAKE = 1000;

interface SitemapProduct {
    id: number;
    slug: string;
    updatedAt: Date;
    images: string[];
}

/**
 * `catalogueSitemap` (decision 110): what the storefront's sitemaps list, each field a bounded
 * number of SQL statements whatever the catalogue's size: `productCount` one, a page of `products`
 * one (the catalogue read model's documents, for their slugs and pictures, with the product's,
 * its variants' and their prices' latest update), `categories` two (the channel's collections
 * with their slugs; those with a product that has a document).
 */
@Resolver('CatalogueSitemap')
export class SitemapResolver {
    constructor(
        private connection: TransactionalConnection,
        private config: ConfigService,
    ) {}

    @Query()
    catalogueSitemap(): Record<string, never> {
        return {};
    }

    @ResolveField()
    productCount(@Ctx() ctx: RequestContext): Promise<number> {
        return this.connection.getRepository(ctx, ProductDocument).count({ where: { channelId: Number(ctx.channelId) } });
    }

    @ResolveField()
    async products(@Ctx() ctx: RequestContext, @Args() args: { skip: number; take: number }): Promise<SitemapProduct[]> {
        const { skip, take } = args;
        if (!Number.isInteger(skip) || skip < 0) throw new UserInputError('skip is a whole number from 0');
        if (!Number.isInteger(take) || take < 1 || take > MAX_SITEMAP_TAKE)
            throw new UserInputError(`take is a whole number from 1 to ${MAX_SITEMAP_TAKE}`);
        const q = (name: string) => this.connection.rawConnection.driver.escape(name);
        const channelId = Number(ctx.channelId);
        const rows = await this.connection
            .getRepository(ctx, ProductDocument)
            .createQueryBuilder('pd')
            .innerJoin(Product, 'p', 'p.id = pd.productId')
            .select('pd.productId', 'id')
            .addSelect('pd.slug', 'slug')
            .addSelect('pd.card', 'card')
            .addSelect('p.updatedAt', 'productUpdatedAt')
            // correlated sub-queries: still one statement, whatever the page's size
            .addSelect(
                sub =>
                    sub
                        .select(`MAX(${q('v')}.${q('updatedAt')})`)
                        .from(ProductVariant, 'v')
                        .where(`${q('v')}.${q('productId')} = ${q('pd')}.${q('productId')}`)
                        .andWhere(`${q('v')}.${q('deletedAt')} IS NULL`),
                'variantsUpdatedAt',
            )
            .addSelect(
                sub =>
                    sub
                        .select(`MAX(${q('vp')}.${q('updatedAt')})`)
                        .from(ProductVariantPrice, 'vp')
                        .innerJoin(ProductVariant, 'pv', `${q('pv')}.${q('id')} = ${q('vp')}.${q('variantId')}`)
                        .where(`${q('pv')}.${q('productId')} = ${q('pd')}.${q('productId')}`)
                        .andWhere(`${q('pv')}.${q('deletedAt')} IS NULL`)
                        .andWhere(`${q('vp')}.${q('channelId')} = :channelId`),
                'pricesUpdatedAt',
            )
            .where('pd.channelId = :channelId', { channelId })
            .orderBy('pd.productId', 'ASC')
            .offset(skip)
            .limit(take)
            .getRawMany<{
                id: number;
                slug: string;
                card: string;
                productUpdatedAt: unknown;
                variantsUpdatedAt: unknown;
                pricesUpdatedAt: unknown;
            }>();
        const absolute = this.absolute(ctx);
        return rows.map(r => ({
            id: Number(r.id),
            slug: r.slug,
            updatedAt: latest(r.productUpdatedAt, r.variantsUpdatedAt, r.pricesUpdatedAt) ?? new Date(0),
            images: imagesOf(JSON.parse(r.card) as CardDocument).map(absolute),
        }));
    }

    @ResolveField()
    async categories(@Ctx() ctx: RequestContext): Promise<Array<{ id: number; path: string[]; updatedAt: Date }>> {
        const channelId = Number(ctx.channelId);
        const [collections, filled] = await Promise.all([
            this.connection
                .getRepository(ctx, Collection)
                .createQueryBuilder('c')
                .innerJoin('c.channels', 'ch', 'ch.id = :channelId', { channelId })
                .innerJoin('c.translations', 't', 't.languageCode = :lang', { lang: ctx.channel.defaultLanguageCode })
                .select('c.id', 'id')
                .addSelect('c.parentId', 'parentId')
                .addSelect('c.isRoot', 'isRoot')
                .addSelect('c.isPrivate', 'isPrivate')
                .addSelect('c.updatedAt', 'updatedAt')
                .addSelect('t.slug', 'slug')
                .getRawMany<{
                    id: number;
                    parentId: number | null;
                    isRoot: unknown;
                    isPrivate: unknown;
                    updatedAt: unknown;
                    slug: string;
                }>(),
            // collections with a variant of a product that has a catalogue document (enabled, in this channel)
            this.connection
                .getRepository(ctx, Collection)
                .createQueryBuilder('c')
                .innerJoin('c.productVariants', 'v', 'v.deletedAt IS NULL AND v.enabled = :enabled', { enabled: true })
                .innerJoin(ProductDocument, 'pd', 'pd.productId = v.productId AND pd.channelId = :channelId', { channelId })
                .select('DISTINCT c.id', 'id')
                .getRawMany<{ id: number }>(),
        ]);
        const rows: CollectionRow[] = collections.map(r => ({
            id: Number(r.id),
            parentId: r.parentId == null ? null : Number(r.parentId),
            isRoot: r.isRoot === true || Number(r.isRoot) === 1,
            isPrivate: r.isPrivate === true || Number(r.isPrivate) === 1,
            slug: r.slug,
            updatedAt: dateOf(r.updatedAt) ?? new Date(0),
        }));
        return categoryPaths(rows, new Set(filled.map(f => Number(f.id))));
    }

    /** Asset paths made absolute as the asset server does (api/catalogue-shop.resolver.ts). */
    private absolute(ctx: RequestContext): (identifier: string) => string {
        const strategy = this.config.assetOptions.assetStorageStrategy;
        const req = ctx.req as Request | undefined;
        return identifier => (strategy.toAbsoluteUrl && req ? strategy.toAbsoluteUrl(req, identifier) : identifier);
    }
}
