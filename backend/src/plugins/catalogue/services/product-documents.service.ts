/**
 * The catalogue read model (issue 38): one stored document per enabled product and channel
 * (entities/product-document.entity.ts), rebuilt through the job queue when something it shows
 * changes, read by the Shop API's catalogueCards and catalogueProduct in one statement.
 *
 * - Events of the process where a change is made (an API server, the seed, the job worker) name
 *   the products concerned; they are gathered for DEBOUNCE_MS and queued as one job. The job runs
 *   where jobs run (in-process on SQLite, the BullMQ worker on PostgreSQL), so two API servers
 *   both see every rebuilt document: the table is the only state.
 * - A rebuild compares the new documents with the stored ones and writes only those that differ;
 *   the ids of changed products are POSTed, signed, to the storefront's `/api/catalogue/changed`
 *   (its edge copies expire). An order that takes one of 40 pieces changes no document.
 * - A product missing from the table when asked for (created a moment ago, job not yet run) is
 *   built on the spot and queued; an empty or outdated table is rebuilt in full at start
 *   (rebuildIfStale, called by the process that runs jobs).
 */
import { createHmac } from 'node:crypto';
import { Inject, Injectable, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import {
    AssetEvent,
    ChannelService,
    CollectionEvent,
    CollectionModificationEvent,
    EventBus,
    FacetEvent,
    FacetValueEvent,
    type ID,
    type JobQueue,
    JobQueueService,
    Logger,
    Product,
    ProductChannelEvent,
    ProductEvent,
    ProductOptionEvent,
    ProductOptionGroupEvent,
    ProductVariant,
    ProductVariantChannelEvent,
    ProductVariantEvent,
    ProductVariantPrice,
    ProductVariantPriceEvent,
    RequestContext,
    RequestContextService,
    StockMovementEvent,
    TaxRateEvent,
    TransactionalConnection,
} from '@vendure/core';
import { In, IsNull } from 'typeorm';
import { ProductReviewStateEvent } from '../../reviews/events/product-review-state.event';
import { CATALOGUE_OPTIONS } from '../catalogue.constants';
import { cardOf, type CardDocument, type PageDocument } from '../catalogue.rules';
import { ProductDocument } from '../entities/product-document.entity';
import type { CatalogueOptions } from '../types';
import { ProductDocumentBuilder } from './product-document.builder';

const LOG = 'CatalogueReadModel';
/** Changes gathered into one job (a Dashboard save publishes several events at once). */
const DEBOUNCE_MS = 150;
/** Products built per request context (the review counts are read once per context). */
const CHUNK = 50;
/** The most ids catalogueCards answers at once. */
export const MAX_CARDS = 100;
/** Product ids per call to the storefront's /api/catalogue/changed (its limit). */
const STOREFRONT_CALL_IDS = 1000;

type JobData = { productIds: number[] } | { all: true };

@Injectable()
export class ProductDocumentsService implements OnModuleInit, OnApplicationBootstrap {
    private queue: JobQueue<JobData> | undefined;
    private pending = new Set<number>();
    private pendingAll = false;
    private timer: NodeJS.Timeout | undefined;

    constructor(
        private connection: TransactionalConnection,
        private jobQueues: JobQueueService,
        private eventBus: EventBus,
        private channels: ChannelService,
        private contexts: RequestContextService,
        private builder: ProductDocumentBuilder,
        @Inject(CATALOGUE_OPTIONS) private options: CatalogueOptions,
    ) {}

    async onModuleInit() {
        this.queue = await this.jobQueues.createQueue<JobData>({
            name: 'catalogue-read-model',
            process: async job => {
                const data = job.data;
                const changed = 'all' in data ? await this.rebuildAll() : await this.rebuild(data.productIds);
                return { changed: changed.length };
            },
        });
    }

    onApplicationBootstrap() {
        const bus = this.eventBus;
        const ids = (xs: Array<ID | undefined | null>) => this.enqueue(xs.filter((x): x is ID => x != null).map(Number));
        bus.ofType(ProductEvent).subscribe(e => ids([e.entity.id]));
        bus.ofType(ProductChannelEvent).subscribe(e => ids([e.product.id]));
        bus.ofType(ProductVariantEvent).subscribe(e => ids(e.entity.map(v => v.productId)));
        bus.ofType(ProductVariantChannelEvent).subscribe(e => ids([e.productVariant.productId]));
        bus.ofType(ProductReviewStateEvent).subscribe(e => ids([e.productId]));
        bus.ofType(StockMovementEvent).subscribe(e => void this.enqueueVariants(e.stockMovements.map(m => m.productVariant?.id)));
        bus.ofType(ProductVariantPriceEvent).subscribe(e => void this.enqueuePrices(e.entity));
        bus.ofType(CollectionModificationEvent).subscribe(e => void this.enqueueVariants(e.productVariantIds));
        bus.ofType(AssetEvent).subscribe(e => e.type !== 'created' && void this.enqueueAsset(e.entity.id));
        // renames and removals that show on many products at once, rare: everything
        const wide = (e: { type: string }) => e.type !== 'created' && this.enqueueAll();
        bus.ofType(CollectionEvent).subscribe(wide);
        bus.ofType(FacetEvent).subscribe(wide);
        bus.ofType(FacetValueEvent).subscribe(wide);
        bus.ofType(ProductOptionEvent).subscribe(wide);
        bus.ofType(ProductOptionGroupEvent).subscribe(wide);
        bus.ofType(TaxRateEvent).subscribe(wide);
    }

    /** Queues a rebuild of these products (gathered for DEBOUNCE_MS into one job). */
    enqueue(productIds: number[]): void {
        for (const id of productIds) if (Number.isInteger(id) && id > 0) this.pending.add(id);
        this.schedule();
    }

    /** Queues a rebuild of the whole catalogue. */
    enqueueAll(): void {
        this.pendingAll = true;
        this.schedule();
    }

    private schedule() {
        if (this.timer) return;
        this.timer = setTimeout(() => {
            this.timer = undefined;
            const job: JobData = this.pendingAll ? { all: true } : { productIds: [...this.pending] };
            this.pending.clear();
            this.pendingAll = false;
            if ('productIds' in job && !job.productIds.length) return;
            this.queue?.add(job, { retries: 3 }).catch(err => Logger.error(`queueing a rebuild: ${err?.message ?? err}`, LOG));
        }, DEBOUNCE_MS);
    }

    private async enqueueVariants(variantIds: Array<ID | undefined>): Promise<void> {
        const known = variantIds.filter((x): x is ID => x != null).map(Number);
        if (!known.length) return;
        const rows = await this.connection.rawConnection
            .getRepository(ProductVariant)
            .find({ where: { id: In(known) }, select: { id: true, productId: true }, withDeleted: true });
        this.enqueue(rows.map(r => Number(r.productId)));
    }

    private async enqueuePrices(prices: ProductVariantPrice[]): Promise<void> {
        const withVariant = prices.map(p => p.variant?.id).filter(x => x != null);
        if (withVariant.length === prices.length) return this.enqueueVariants(withVariant);
        const rows = await this.connection.rawConnection
            .getRepository(ProductVariantPrice)
            .createQueryBuilder('p')
            .select('p.variantId', 'variantId')
            .where('p.id IN (:...ids)', { ids: prices.map(p => p.id) })
            .getRawMany<{ variantId: number }>();
        return this.enqueueVariants(rows.map(r => r.variantId));
    }

    private async enqueueAsset(assetId: ID): Promise<void> {
        const products = await this.connection.rawConnection
            .getRepository(Product)
            .createQueryBuilder('product')
            .leftJoin('product.assets', 'pa')
            .leftJoin('product.variants', 'variant')
            .select('DISTINCT product.id', 'id')
            .where('product.featuredAssetId = :id OR pa.assetId = :id OR variant.featuredAssetId = :id', { id: assetId })
            .getRawMany<{ id: number }>();
        this.enqueue(products.map(p => Number(p.id)));
    }

    /**
     * At start (the process that runs jobs: the development server, the production profile's job
     * worker; never the API servers, which would race each other): an empty table, or a stored
     * document that differs from one built now (a release changed what documents hold, the
     * development template's dates were moved forward, changes were made while no job ran), is
     * rebuilt in full before the process says it is ready. One product is built to find out.
     * Returns the ids changed, or null when the table was current.
     */
    async rebuildIfStale(): Promise<number[] | null> {
        const first = await this.connection.rawConnection
            .getRepository(Product)
            .findOne({ where: { deletedAt: IsNull(), enabled: true }, select: { id: true }, order: { id: 'ASC' } });
        if (!first) return null;
        const ctx = await this.shopContext();
        const [stored, built] = await Promise.all([
            this.connection.rawConnection
                .getRepository(ProductDocument)
                .findOne({ where: { channelId: Number(ctx.channelId), productId: Number(first.id) } }),
            this.builder.build(ctx, first.id),
        ]);
        if (stored && built && stored.page === JSON.stringify(built)) return null;
        return this.rebuildAll();
    }

    /** A Shop API context of the default channel (its tax zone and language), for building documents. */
    private async shopContext(): Promise<RequestContext> {
        const channel = await this.channels.getDefaultChannel();
        return this.contexts.create({ apiType: 'shop', channelOrToken: channel, languageCode: channel.defaultLanguageCode });
    }

    /**
     * Builds these products' documents and stores those that changed (a product no longer enabled
     * loses its document); tells the storefront which changed. Returns their ids.
     */
    async rebuild(productIds: number[]): Promise<number[]> {
        const changed: number[] = [];
        const ids = [...new Set(productIds)];
        for (let i = 0; i < ids.length; i += CHUNK) {
            const chunk = ids.slice(i, i + CHUNK);
            const ctx = await this.shopContext();
            const repo = this.connection.rawConnection.getRepository(ProductDocument);
            const stored = new Map(
                (await repo.find({ where: { channelId: Number(ctx.channelId), productId: In(chunk) } })).map(d => [d.productId, d]),
            );
            const built = await this.buildEach(ctx, chunk);
            for (const [k, id] of chunk.entries()) {
                const page = built[k];
                const old = stored.get(id);
                if (!page) {
                    if (old) {
                        await repo.delete({ id: old.id });
                        changed.push(id);
                    }
                    continue;
                }
                const fields = { slug: page.slug, page: JSON.stringify(page), card: JSON.stringify(cardOf(page)) };
                if (old && old.page === fields.page && old.card === fields.card && old.slug === fields.slug) continue;
                await repo.save(
                    old ? Object.assign(old, fields) : new ProductDocument({ channelId: Number(ctx.channelId), productId: id, ...fields }),
                );
                changed.push(id);
            }
        }
        if (changed.length) await this.notifyStorefront(changed);
        return changed;
    }

    /** Every product of the catalogue built again; documents of products that are gone removed. */
    async rebuildAll(): Promise<number[]> {
        const ids = await this.allProductIds();
        const ctx = await this.shopContext();
        const repo = this.connection.rawConnection.getRepository(ProductDocument);
        const orphans = (await repo.find({ where: { channelId: Number(ctx.channelId) }, select: { id: true, productId: true } })).filter(
            d => !ids.includes(d.productId),
        );
        if (orphans.length) await repo.delete({ id: In(orphans.map(o => o.id)) });
        const changed = await this.rebuild(ids);
        if (orphans.length) await this.notifyStorefront(orphans.map(o => o.productId));
        return [...changed, ...orphans.map(o => o.productId)];
    }

    private async allProductIds(): Promise<number[]> {
        const rows = await this.connection.rawConnection
            .getRepository(Product)
            .find({ where: { deletedAt: IsNull() }, select: { id: true }, order: { id: 'ASC' } });
        return rows.map(r => Number(r.id));
    }

    /**
     * Compares every stored document with one built now from the live entities: the ids of products
     * whose stored document differs, is missing or should not be there.
     */
    async check(): Promise<{ checked: number; stale: number[] }> {
        const ids = await this.allProductIds();
        const ctx = await this.shopContext();
        const stored = new Map(
            (await this.connection.rawConnection.getRepository(ProductDocument).find({ where: { channelId: Number(ctx.channelId) } })).map(
                d => [d.productId, d],
            ),
        );
        const stale: number[] = [];
        for (let i = 0; i < ids.length; i += CHUNK) {
            const chunk = ids.slice(i, i + CHUNK);
            const chunkCtx = await this.shopContext();
            const built = await this.buildEach(chunkCtx, chunk);
            chunk.forEach((id, k) => {
                const page = built[k];
                const doc = stored.get(id);
                stored.delete(id);
                if (!page ? !!doc : doc?.page !== JSON.stringify(page) || doc.card !== JSON.stringify(cardOf(page))) stale.push(id);
            });
        }
        stale.push(...stored.keys());
        return { checked: ids.length, stale };
    }

    /** Cards of these products, in their order: one statement; a missing one is built (and queued). */
    async cards(ctx: RequestContext, productIds: number[]): Promise<CardDocument[]> {
        if (!productIds.length) return [];
        const rows = await this.connection
            .getRepository(ctx, ProductDocument)
            .find({ where: { channelId: Number(ctx.channelId), productId: In(productIds) }, select: { productId: true, card: true } });
        const byId = new Map(rows.map(r => [r.productId, JSON.parse(r.card) as CardDocument]));
        const missing = productIds.filter(id => !byId.has(id));
        if (missing.length) {
            for (const page of await this.buildMissing(missing)) byId.set(Number(page.id), cardOf(page));
        }
        return productIds.flatMap(id => byId.get(id) ?? []);
    }

    /**
     * The stored page documents of these products, by product id: one statement, nothing built (a
     * product without a document is simply not in the map; the cart's lines fall back to the live
     * entities for it, services/order-line-catalogue.service.ts).
     */
    async pages(ctx: RequestContext, productIds: number[]): Promise<Map<number, PageDocument>> {
        if (!productIds.length) return new Map();
        const rows = await this.connection
            .getRepository(ctx, ProductDocument)
            .find({ where: { channelId: Number(ctx.channelId), productId: In(productIds) }, select: { productId: true, page: true } });
        return new Map(rows.map(r => [Number(r.productId), JSON.parse(r.page) as PageDocument]));
    }

    /** Cards of the products with these slugs, in their order: one statement (no building: a slug unknown here is left out). */
    async cardsBySlug(ctx: RequestContext, slugs: string[]): Promise<CardDocument[]> {
        if (!slugs.length) return [];
        const rows = await this.connection
            .getRepository(ctx, ProductDocument)
            .find({ where: { channelId: Number(ctx.channelId), slug: In(slugs) }, select: { slug: true, card: true } });
        const bySlug = new Map(rows.map(r => [r.slug, JSON.parse(r.card) as CardDocument]));
        return slugs.flatMap(slug => bySlug.get(slug) ?? []);
    }

    /** A product page by id or slug: one statement; a missing one is built (and queued). */
    async page(ctx: RequestContext, by: { id?: number; slug?: string }): Promise<PageDocument | null> {
        const where = by.id != null ? { productId: by.id } : { slug: by.slug ?? '' };
        const row = await this.connection
            .getRepository(ctx, ProductDocument)
            .findOne({ where: { channelId: Number(ctx.channelId), ...where }, select: { page: true } });
        if (row) return JSON.parse(row.page) as PageDocument;
        const id =
            by.id ??
            (
                await this.connection
                    .getRepository(ctx, Product)
                    .createQueryBuilder('product')
                    .innerJoin('product.translations', 't', 't.slug = :slug', { slug: by.slug })
                    .where('product.deletedAt IS NULL')
                    .select('product.id', 'id')
                    .getRawOne<{ id: number }>()
            )?.id;
        if (id == null) return null;
        return (await this.buildMissing([Number(id)]))[0] ?? null;
    }

    private async buildMissing(ids: number[]): Promise<PageDocument[]> {
        const ctx = await this.shopContext();
        const built = (await this.buildEach(ctx, ids)).filter((p): p is PageDocument => !!p);
        // enabled products without a document: their job has not run yet (or was lost); queue it
        if (built.length) this.enqueue(built.map(p => Number(p.id)));
        return built;
    }

    /**
     * One product after another: a product's own look-ups already run side by side, and more at
     * once would queue for the PostgreSQL pool (10 connections) past its 5 s connection timeout.
     */
    private async buildEach(ctx: RequestContext, ids: number[]): Promise<Array<PageDocument | null>> {
        const built: Array<PageDocument | null> = [];
        for (const id of ids) built.push(await this.builder.build(ctx, id));
        return built;
    }

    /**
     * POSTs the changed products' ids to the storefront, signed (HMAC-SHA256 of the body, hex), with
     * the sending time (the storefront refuses a call more than 5 minutes off: a replay). At most
     * 1000 ids, the storefront's limit: a change of a whole collection can touch more, and the
     * storefront's epoch is the whole catalogue's (decision 109), so the first 1000 say enough.
     */
    private async notifyStorefront(productIds: number[]): Promise<void> {
        const { storefrontUrl, hookSecret } = this.options;
        if (!hookSecret || !storefrontUrl) return;
        const body = JSON.stringify({ products: productIds.slice(0, STOREFRONT_CALL_IDS).map(String), at: Date.now() });
        const signature = createHmac('sha256', hookSecret).update(body).digest('hex');
        try {
            const res = await fetch(`${storefrontUrl}/api/catalogue/changed`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', 'x-catalogue-signature': signature },
                body,
                signal: AbortSignal.timeout(5000),
            });
            if (!res.ok) Logger.warn(`storefront answered ${res.status} to /api/catalogue/changed`, LOG);
        } catch (err) {
            // the storefront is down or elsewhere: its copies expire by age instead
            Logger.verbose(`storefront not told of changed products: ${(err as Error).message}`, LOG);
        }
    }
}
