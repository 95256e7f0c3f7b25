/**
 * Price history: every change of a variant's price in a channel and currency is recorded in
 * `price_history_entry` (from ProductVariantPriceEvent, i.e. any price change made through
 * Vendure); the seed writes a realistic history for the seeded variants.
 */
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import {
    EventBus,
    ID,
    Logger,
    ProductVariantPrice,
    ProductVariantPriceEvent,
    RequestContext,
    TransactionalConnection,
} from '@vendure/core';
import { PriceHistoryEntry } from '../entities/price-history-entry.entity';
import { lowestPriceBeforeReduction, PricePoint } from '../omnibus.rules';

@Injectable()
export class OmnibusService implements OnApplicationBootstrap {
    constructor(
        private connection: TransactionalConnection,
        private eventBus: EventBus,
    ) {}

    onApplicationBootstrap() {
        this.eventBus.ofType(ProductVariantPriceEvent).subscribe(event => {
            if (event.type === 'deleted') return;
            this.recordPriceEntities(event.entity).catch(err => Logger.error(`price history: ${err?.message ?? err}`, 'OmnibusService'));
        });
    }

    private async recordPriceEntities(prices: ProductVariantPrice[]): Promise<void> {
        const withVariant = [];
        for (const p of prices) {
            // an updated price entity is loaded without its variant relation: read the foreign key
            let variantId = p.variant?.id;
            if (!variantId) {
                const row = await this.connection.rawConnection
                    .getRepository(ProductVariantPrice)
                    .createQueryBuilder('p')
                    .select('p.variantId', 'variantId')
                    .where('p.id = :id', { id: p.id })
                    .getRawOne();
                variantId = row?.variantId;
            }
            if (variantId) withVariant.push({ variantId, channelId: p.channelId, currencyCode: p.currencyCode, price: p.price });
        }
        await this.recordPrices(withVariant);
    }

    /** Appends a history entry for each price that differs from the variant's last recorded price. */
    async recordPrices(
        prices: Array<{ variantId: ID; channelId: ID; currencyCode: string; price: number }>,
        at = new Date(),
    ): Promise<void> {
        const repo = this.connection.rawConnection.getRepository(PriceHistoryEntry);
        for (const p of prices) {
            const last = await repo.findOne({
                where: { variantId: Number(p.variantId), channelId: Number(p.channelId), currencyCode: p.currencyCode },
                order: { validFrom: 'DESC', id: 'DESC' },
            });
            if (last && last.price === p.price) continue;
            await repo.save(
                new PriceHistoryEntry({
                    variantId: Number(p.variantId),
                    channelId: Number(p.channelId),
                    currencyCode: p.currencyCode,
                    price: p.price,
                    validFrom: at,
                }),
            );
        }
    }

    async history(ctx: RequestContext, variantIds: ID[]): Promise<Map<number, PricePoint[]>> {
        const result = new Map<number, PricePoint[]>();
        if (!variantIds.length) return result;
        const rows = await this.connection
            .getRepository(ctx, PriceHistoryEntry)
            .createQueryBuilder('h')
            .where('h.variantId IN (:...ids)', { ids: variantIds.map(Number) })
            .andWhere('h.channelId = :channelId', { channelId: Number(ctx.channelId) })
            .andWhere('h.currencyCode = :currencyCode', { currencyCode: ctx.currencyCode })
            .orderBy('h.validFrom', 'ASC')
            .addOrderBy('h.id', 'ASC')
            .getMany();
        for (const row of rows) {
            const list = result.get(row.variantId) ?? [];
            list.push({ price: row.price, validFrom: new Date(row.validFrom) });
            result.set(row.variantId, list);
        }
        return result;
    }

    /**
     * The Omnibus price of one variant. GraphQL resolves `omnibusPrice` once per variant of a list (a
     * listing's 40 product cards are about 300 variants); the calls of one request that arrive in the
     * same turn of the event loop are answered by one query instead of one each.
     */
    omnibusPrice(ctx: RequestContext, variantId: ID): Promise<number | null> {
        let batch = this.pending.get(ctx);
        if (!batch) {
            const created: PendingBatch = { ids: new Set(), result: Promise.resolve(new Map()) };
            created.result = new Promise(resolve => setImmediate(resolve)).then(() => {
                this.pending.delete(ctx);
                return this.historyInChunks(ctx, [...created.ids]);
            });
            this.pending.set(ctx, created);
            batch = created;
        }
        batch.ids.add(Number(variantId));
        return batch.result.then(history => lowestPriceBeforeReduction(history.get(Number(variantId)) ?? []));
    }

    private readonly pending = new WeakMap<RequestContext, PendingBatch>();

    private async historyInChunks(ctx: RequestContext, variantIds: number[]): Promise<Map<number, PricePoint[]>> {
        const result = new Map<number, PricePoint[]>();
        for (let i = 0; i < variantIds.length; i += HISTORY_CHUNK) {
            for (const [id, points] of await this.history(ctx, variantIds.slice(i, i + HISTORY_CHUNK))) result.set(id, points);
        }
        return result;
    }
}

/** Variant ids per `IN (…)` list: well under SQLite's and PostgreSQL's bound-parameter limits. */
const HISTORY_CHUNK = 500;

interface PendingBatch {
    ids: Set<number>;
    result: Promise<Map<number, PricePoint[]>>;
}
