/**
 * Omnibus price history (Polish/EU rule: next to a reduced price show the lowest price of the 30
 * days before the reduction). Every change of a variant's price in a channel and currency is
 * recorded in `price_history_entry` (from ProductVariantPriceEvent, i.e. any price change made
 * through Vendure); the seed writes a realistic history for the seeded variants.
 */
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DeepPartial, EventBus, ID, Logger, ProductVariantPrice, ProductVariantPriceEvent, RequestContext, TransactionalConnection, VendureEntity } from '@vendure/core';
import { Column, Entity, Index } from 'typeorm';

const DAY = 24 * 60 * 60 * 1000;
export const OMNIBUS_WINDOW_DAYS = 30;

@Entity()
@Index(['variantId', 'channelId', 'currencyCode', 'validFrom'])
export class PriceHistoryEntry extends VendureEntity {
    constructor(input?: DeepPartial<PriceHistoryEntry>) {
        super(input);
    }

    @Column('int')
    variantId: number;

    @Column('int')
    channelId: number;

    @Column('varchar', { length: 3 })
    currencyCode: string;

    /** the price as stored on the variant (gross when the channel has pricesIncludeTax) */
    @Column('int')
    price: number;

    /** from when this price applied */
    @Column('datetime')
    validFrom: Date;
}

export interface PricePoint {
    price: number;
    validFrom: Date;
}

/**
 * Lowest price of the 30 days before the current reduction, or null when the current price is not
 * a reduction (never changed, or the last change was a rise).
 * The current reduction starts when the price last dropped to its current value; the window covers
 * the 30 days before that moment, including the price that was in force at the window's start.
 */
export function lowestPriceBeforeReduction(history: PricePoint[], windowDays = OMNIBUS_WINDOW_DAYS): number | null {
    const rows = [...history].sort((a, b) => a.validFrom.getTime() - b.validFrom.getTime());
    if (rows.length < 2) return null;
    const current = rows[rows.length - 1].price;
    let i = rows.length - 1;
    while (i > 0 && rows[i - 1].price === current) i--;
    if (i === 0 || rows[i - 1].price <= current) return null;
    const reductionStart = rows[i].validFrom.getTime();
    const windowStart = reductionStart - windowDays * DAY;
    let lowest: number | null = null;
    for (let k = 0; k < i; k++) {
        const end = rows[k + 1].validFrom.getTime();
        if (end <= windowStart) continue; // ended before the window
        lowest = lowest === null ? rows[k].price : Math.min(lowest, rows[k].price);
    }
    return lowest;
}

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
    async recordPrices(prices: Array<{ variantId: ID; channelId: ID; currencyCode: string; price: number }>, at = new Date()): Promise<void> {
        const repo = this.connection.rawConnection.getRepository(PriceHistoryEntry);
        for (const p of prices) {
            const last = await repo.findOne({
                where: { variantId: Number(p.variantId), channelId: Number(p.channelId), currencyCode: p.currencyCode },
                order: { validFrom: 'DESC', id: 'DESC' },
            });
            if (last && last.price === p.price) continue;
            await repo.save(
                new PriceHistoryEntry({ variantId: Number(p.variantId), channelId: Number(p.channelId), currencyCode: p.currencyCode, price: p.price, validFrom: at }),
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

    async omnibusPrice(ctx: RequestContext, variantId: ID): Promise<number | null> {
        const history = await this.history(ctx, [variantId]);
        return lowestPriceBeforeReduction(history.get(Number(variantId)) ?? []);
    }
}
