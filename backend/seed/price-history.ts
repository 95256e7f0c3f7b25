/**
 * A realistic Omnibus price history for the seeded variants:
 * - a variant not on sale has had its price since the product was created;
 * - a variant on sale had its old price (`staracena`) from creation until the reduction 3–14 days
 *   ago; every third discounted product also had a short earlier promotion (halfway between the
 *   old and the current price, from 20 to 13 days before the reduction), which is then the lowest
 *   price of the 30 days before the reduction.
 */
import { type INestApplication } from '@nestjs/common';
import { ChannelService, TransactionalConnection } from '@vendure/core';
import { PriceHistoryEntry } from '../src/plugins/omnibus/entities/price-history-entry.entity';
import { type PricePoint } from '../src/plugins/omnibus/omnibus.rules';
import { PRODUCTS, type ProductDef, type VariantDef } from './catalogue';

const DAY = 24 * 60 * 60 * 1000;

/** Days before the seed when the product's current reduction started. */
export function reductionDaysAgo(p: ProductDef): number {
    const wanted = 3 + ((p.id * 5) % 12);
    return Math.min(wanted, Math.max(1, Math.floor(p.createdDaysAgo / 2)));
}

export function hadEarlierPromotion(p: ProductDef): boolean {
    return !!p.salePercent && p.id % 3 === 0 && p.createdDaysAgo - reductionDaysAgo(p) > 25;
}

/** The price history of one variant, oldest first. */
export function priceHistoryPlan(p: ProductDef, v: VariantDef, now: Date): PricePoint[] {
    const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
    const created = at(p.createdDaysAgo);
    if (!v.staracena) return [{ price: v.price, validFrom: created }];
    const reduction = reductionDaysAgo(p);
    const plan: PricePoint[] = [{ price: v.staracena, validFrom: created }];
    if (hadEarlierPromotion(p)) {
        plan.push({ price: earlierPromotionPrice(v), validFrom: at(reduction + 20) });
        plan.push({ price: v.staracena, validFrom: at(reduction + 13) });
    }
    plan.push({ price: v.price, validFrom: at(reduction) });
    return plan;
}

/** Halfway between the old and the current price (rounded to x,x9), so it is the 30-day minimum. */
export function earlierPromotionPrice(v: VariantDef): number {
    return Math.round((v.staracena! + v.price) / 20) * 10 - 1;
}

export async function seedPriceHistory(app: INestApplication, now: Date): Promise<void> {
    const connection = app.get(TransactionalConnection);
    const channel = await app.get(ChannelService).getDefaultChannel();
    const rows: PriceHistoryEntry[] = [];
    for (const p of PRODUCTS) {
        for (const v of p.variants) {
            const variantId = await variantIdBySku(connection, v.sku);
            for (const point of priceHistoryPlan(p, v, now)) {
                rows.push(
                    new PriceHistoryEntry({
                        variantId,
                        channelId: Number(channel.id),
                        currencyCode: channel.defaultCurrencyCode,
                        price: point.price,
                        validFrom: point.validFrom,
                    }),
                );
            }
        }
    }
    await connection.rawConnection.getRepository(PriceHistoryEntry).save(rows, { chunk: 200 });
}

let skuMap: Map<string, number> | undefined;
async function variantIdBySku(connection: TransactionalConnection, sku: string): Promise<number> {
    if (!skuMap) {
        const rows: Array<{ id: number; sku: string }> = await connection.rawConnection.query('SELECT id, sku FROM product_variant');
        skuMap = new Map(rows.map(r => [r.sku, Number(r.id)]));
    }
    const id = skuMap.get(sku);
    if (!id) throw new Error(`variant ${sku} missing`);
    return id;
}
