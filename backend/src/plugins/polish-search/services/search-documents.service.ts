import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import {
    CollectionEvent,
    CollectionModificationEvent,
    EventBus,
    FacetValueEvent,
    type ID,
    JobQueue,
    JobQueueService,
    Logger,
    Product,
    ProductChannelEvent,
    ProductEvent,
    ProductVariant,
    ProductVariantChannelEvent,
    ProductVariantEvent,
    TransactionalConnection,
} from '@vendure/core';
import { In, MoreThanOrEqual } from 'typeorm';
import { PolishSearchDocument } from '../entities/polish-search-document.entity';
import { PolishMatcher, type SearchDocumentText } from '../polish-search.matcher';
import { htmlText } from '../polish-search.rules';

/** Bump when what a document holds changes: every process's startup then rebuilds all documents once. */
export const DOCUMENT_BUILDER_VERSION = 1;
/** How long a process trusts its matcher before it asks the database for the stamp again. */
const STAMP_TTL_MS = 500;
const CHUNK = 400;
const LOG = 'PolishSearch';

type JobData = { all?: boolean; productIds?: number[]; variantIds?: number[] };

/**
 * Keeps the search documents (one row per product, entities/polish-search-document.entity.ts)
 * in step with the catalogue and gives each process its matcher.
 *
 * Writes run as jobs of the `polish-search-documents` queue (in the worker), queued on the same
 * catalogue events the DefaultSearchPlugin indexes on, plus collection and facet value renames.
 * Reads: `matcher()` returns this process's PolishMatcher, brought up to the table when its stamp
 * (row count, highest `version`) differs from the one it last saw, checked at most every 500 ms:
 * the rows written since are read and replace their products' entries (a deletion: all rows). So a rename in the Admin API reaches every API process within about a second after its
 * job ran, with no message between processes.
 */
@Injectable()
export class SearchDocumentsService implements OnApplicationBootstrap {
    private queue: JobQueue<JobData> | undefined;
    private current: { stamp: { count: number; version: number }; matcher: PolishMatcher } | undefined;
    private checkedAt = 0;
    private loading: Promise<PolishMatcher> | undefined;

    constructor(
        private connection: TransactionalConnection,
        private jobQueueService: JobQueueService,
        private eventBus: EventBus,
    ) {}

    async onApplicationBootstrap(): Promise<void> {
        this.queue = await this.jobQueueService.createQueue<JobData>({
            name: 'polish-search-documents',
            process: async job => {
                const ids = job.data.all
                    ? null
                    : [...(job.data.productIds ?? []), ...(await this.productIdsOfVariants(job.data.variantIds ?? []))];
                await this.rebuild(ids);
            },
        });
        const enqueue = (data: JobData) => void this.queue?.add(data, { retries: 2 }).catch(e => Logger.error(String(e), LOG));
        this.eventBus.ofType(ProductEvent).subscribe(e => enqueue({ productIds: [Number(e.product.id)] }));
        this.eventBus
            .ofType(ProductVariantEvent)
            .subscribe(e => enqueue({ productIds: [...new Set(e.variants.map(v => Number(v.productId)))] }));
        this.eventBus.ofType(ProductChannelEvent).subscribe(e => enqueue({ productIds: [Number(e.product.id)] }));
        this.eventBus.ofType(ProductVariantChannelEvent).subscribe(e => enqueue({ variantIds: [Number(e.productVariant.id)] }));
        this.eventBus.ofType(CollectionModificationEvent).subscribe(e => enqueue({ variantIds: e.productVariantIds.map(Number) }));
        this.eventBus.ofType(CollectionEvent).subscribe(e => e.type !== 'created' && enqueue({ all: true }));
        this.eventBus.ofType(FacetValueEvent).subscribe(e => e.type !== 'created' && enqueue({ all: true }));
        // Documents missing or written by an older builder (a new deploy, a database seeded before this plugin): rebuild
        // now, before the process answers searches. Idempotent; if another process is doing the same, its write wins.
        try {
            if (await this.stale()) {
                const started = Date.now();
                await this.rebuild(null);
                Logger.info(`search documents rebuilt in ${Date.now() - started} ms`, LOG);
            }
        } catch (e) {
            Logger.warn(`search documents not rebuilt at startup: ${String(e)}`, LOG);
        }
        // build this process's matcher now rather than in the first shopper's search
        await this.matcher().catch(e => Logger.warn(`search matcher not built at startup: ${String(e)}`, LOG));
    }

    /** Queue a rebuild of every document (e.g. after an import). */
    async rebuildAllLater(): Promise<void> {
        await this.queue?.add({ all: true }, { retries: 2 });
    }

    /** This process's matcher, current to within STAMP_TTL_MS of the last document write. */
    async matcher(): Promise<PolishMatcher> {
        if (this.current && Date.now() - this.checkedAt < STAMP_TTL_MS) return this.current.matcher;
        this.loading ??= this.refresh().finally(() => (this.loading = undefined));
        return this.loading;
    }

    /**
     * Brings this process's matcher up to the table: the documents written since the last look
     * (version ≥ the highest seen) replace their products' old ones; when the row count then
     * disagrees (a product was deleted), everything is read again.
     */
    private async refresh(): Promise<PolishMatcher> {
        const stamp = await this.stamp();
        this.checkedAt = Date.now();
        const current = this.current;
        if (current && current.stamp.count === stamp.count && current.stamp.version === stamp.version) return current.matcher;
        const repo = this.connection.rawConnection.getRepository(PolishSearchDocument);
        if (current) {
            const changed = await repo.find({ where: { version: MoreThanOrEqual(String(current.stamp.version)) } });
            current.matcher.upsert(changed.map(toText));
            if (current.matcher.size === stamp.count) {
                current.stamp = stamp;
                return current.matcher;
            }
        }
        const matcher = new PolishMatcher((await repo.find()).map(toText));
        this.current = { stamp, matcher };
        return matcher;
    }

    private async stamp(): Promise<{ count: number; version: number }> {
        const raw = await this.connection.rawConnection
            .getRepository(PolishSearchDocument)
            .createQueryBuilder('d')
            .select('COUNT(*)', 'n')
            .addSelect('MAX(d.version)', 'v')
            .getRawOne<{ n: string | number; v: string | number | null }>();
        return { count: Number(raw?.n ?? 0), version: Number(raw?.v ?? 0) };
    }

    private async stale(): Promise<boolean> {
        const docs = this.connection.rawConnection.getRepository(PolishSearchDocument);
        const current = await docs.count({ where: { builderVersion: DOCUMENT_BUILDER_VERSION } });
        const all = await docs.count();
        const live = await this.connection.rawConnection
            .getRepository(Product)
            .createQueryBuilder('p')
            .where('p.deletedAt IS NULL')
            .getCount();
        return live > 0 && (current !== all || all !== live);
    }

    private async productIdsOfVariants(variantIds: number[]): Promise<number[]> {
        const out = new Set<number>();
        for (let i = 0; i < variantIds.length; i += CHUNK) {
            const rows = await this.connection.rawConnection
                .getRepository(ProductVariant)
                .createQueryBuilder('v')
                .select('v.productId', 'productId')
                .where('v.id IN (:...ids)', { ids: variantIds.slice(i, i + CHUNK) })
                .getRawMany<{ productId: number | string }>();
            for (const r of rows) out.add(Number(r.productId));
        }
        return [...out];
    }

    /** Rewrites the documents of these products (null: of every product); deleted products lose theirs. */
    async rebuild(productIds: ID[] | null): Promise<void> {
        const ids =
            productIds?.map(Number) ??
            (
                await this.connection.rawConnection
                    .getRepository(Product)
                    .createQueryBuilder('p')
                    .select('p.id', 'id')
                    .getRawMany<{ id: number }>()
            ).map(r => Number(r.id));
        if (productIds === null) {
            // documents of products that no longer exist at all
            const known = new Set(ids);
            const stored = await this.connection.rawConnection.getRepository(PolishSearchDocument).find({ select: { productId: true } });
            const gone = stored.map(d => d.productId).filter(id => !known.has(id));
            for (let i = 0; i < gone.length; i += CHUNK) {
                await this.connection.rawConnection.getRepository(PolishSearchDocument).delete({ productId: In(gone.slice(i, i + CHUNK)) });
            }
        }
        for (let i = 0; i < ids.length; i += CHUNK) await this.rebuildChunk(ids.slice(i, i + CHUNK));
    }

    private async rebuildChunk(ids: number[]): Promise<void> {
        if (!ids.length) return;
        const db = this.connection.rawConnection;
        const products = await db
            .getRepository(Product)
            .createQueryBuilder('p')
            .leftJoin('p.translations', 'pt')
            .leftJoin('p.channels', 'ch')
            .select('p.id', 'id')
            .addSelect('p.deletedAt', 'deletedAt')
            .addSelect('pt.name', 'name')
            .addSelect('pt.description', 'description')
            .addSelect('ch.id', 'channelId')
            .where('p.id IN (:...ids)', { ids })
            .getRawMany<{
                id: number | string;
                deletedAt: unknown;
                name: string | null;
                description: string | null;
                channelId: number | string | null;
            }>();
        const variants = await db
            .getRepository(ProductVariant)
            .createQueryBuilder('v')
            .leftJoin('v.translations', 'vt')
            .select('v.productId', 'productId')
            .addSelect('v.sku', 'sku')
            .addSelect('vt.name', 'name')
            .where('v.productId IN (:...ids)', { ids })
            .andWhere('v.deletedAt IS NULL')
            .getRawMany<{ productId: number | string; sku: string | null; name: string | null }>();
        const productFacets = await db
            .getRepository(Product)
            .createQueryBuilder('p')
            .innerJoin('p.facetValues', 'fv')
            .innerJoin('fv.translations', 'fvt')
            .select('p.id', 'productId')
            .addSelect('fvt.name', 'name')
            .where('p.id IN (:...ids)', { ids })
            .getRawMany<{ productId: number | string; name: string | null }>();
        const variantFacets = await db
            .getRepository(ProductVariant)
            .createQueryBuilder('v')
            .innerJoin('v.facetValues', 'fv')
            .innerJoin('fv.translations', 'fvt')
            .select('v.productId', 'productId')
            .addSelect('fvt.name', 'name')
            .where('v.productId IN (:...ids)', { ids })
            .andWhere('v.deletedAt IS NULL')
            .getRawMany<{ productId: number | string; name: string | null }>();
        const collections = await db
            .getRepository(ProductVariant)
            .createQueryBuilder('v')
            .innerJoin('v.collections', 'c')
            .innerJoin('c.translations', 'ct')
            .select('v.productId', 'productId')
            .addSelect('ct.name', 'name')
            .where('v.productId IN (:...ids)', { ids })
            .andWhere('v.deletedAt IS NULL')
            .andWhere('c.isPrivate = :private', { private: false })
            .andWhere('c.isRoot = :root', { root: false })
            .getRawMany<{ productId: number | string; name: string | null }>();

        type Draft = {
            channels: Set<string>;
            name: Set<string>;
            variants: Set<string>;
            collections: Set<string>;
            facets: Set<string>;
            description: Set<string>;
        };
        const drafts = new Map<number, Draft>();
        const draft = (id: number | string) => {
            const key = Number(id);
            let d = drafts.get(key);
            if (!d)
                drafts.set(
                    key,
                    (d = {
                        channels: new Set(),
                        name: new Set(),
                        variants: new Set(),
                        collections: new Set(),
                        facets: new Set(),
                        description: new Set(),
                    }),
                );
            return d;
        };
        const deleted = new Set<number>();
        for (const p of products) {
            if (p.deletedAt) {
                deleted.add(Number(p.id));
                continue;
            }
            const d = draft(p.id);
            if (p.channelId != null) d.channels.add(String(p.channelId));
            if (p.name) d.name.add(p.name);
            if (p.description) d.description.add(htmlText(p.description));
        }
        for (const v of variants) {
            if (!drafts.has(Number(v.productId))) continue;
            const d = draft(v.productId);
            if (v.name) d.variants.add(v.name);
            if (v.sku) d.variants.add(v.sku);
        }
        for (const f of [...productFacets, ...variantFacets])
            if (f.name && drafts.has(Number(f.productId))) draft(f.productId).facets.add(f.name);
        for (const c of collections) if (c.name && drafts.has(Number(c.productId))) draft(c.productId).collections.add(c.name);

        const version = String(Date.now());
        const rows: PolishSearchDocument[] = [...drafts].map(([productId, d]) =>
            Object.assign(new PolishSearchDocument(), {
                productId,
                channelIds: [...d.channels].join(',').slice(0, 255),
                name: [...d.name].join(' \n'),
                variants: [...d.variants].join(' \n'),
                collections: [...d.collections].join(' \n'),
                facets: [...d.facets].join(' \n'),
                description: [...d.description].join(' \n'),
                builderVersion: DOCUMENT_BUILDER_VERSION,
                version,
            }),
        );
        await db.transaction(async em => {
            const repo = em.getRepository(PolishSearchDocument);
            await repo.delete({ productId: In(ids) });
            if (rows.length) await repo.insert(rows);
        });
        if (deleted.size) Logger.debug(`search documents: ${deleted.size} deleted product(s) dropped`, LOG);
    }
}

function toText(row: PolishSearchDocument): SearchDocumentText {
    return {
        productId: Number(row.productId),
        channelIds: row.channelIds.split(',').filter(Boolean),
        name: row.name,
        variants: row.variants,
        collections: row.collections,
        facets: row.facets,
        description: row.description,
    };
}
