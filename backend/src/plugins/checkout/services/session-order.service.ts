import { Injectable } from '@nestjs/common';
import {
    ConfigService,
    DefaultActiveOrderStrategy,
    Order,
    OrderLine,
    ProductVariantService,
    type RelationPaths,
    RequestContext,
    TransactionalConnection,
    TranslatorService,
} from '@vendure/core';

/**
 * The session's order read in two SQL statements (issue 38), for the cart's query and mutations
 * (api/active-order.resolver.ts, api/add-to-cart.resolver.ts): the order with every relation asked
 * for but the lines in one statement (joined), the lines with theirs in a second, as Vendure's
 * `OrderService.findOne` reads them (variants priced and translated for the channel the same way).
 * Vendure's read takes one statement per relation and, in a mutation, reads the order twice.
 */
@Injectable()
export class SessionOrderService {
    constructor(
        private connection: TransactionalConnection,
        private variants: ProductVariantService,
        private translator: TranslatorService,
        private config: ConfigService,
    ) {}

    /** Whether the active order is the session's alone (Vendure's default strategy, nothing else). */
    sessionStrategyOnly(): boolean {
        const strategy = this.config.orderOptions.activeOrderStrategy;
        const strategies = Array.isArray(strategy) ? strategy : [strategy];
        return strategies.length === 1 && strategies[0] instanceof DefaultActiveOrderStrategy;
    }

    /** The order in this channel with `relations`: two statements (order with its relations joined; lines with theirs). */
    async read(ctx: RequestContext, orderId: Order['id'], relations: RelationPaths<Order>): Promise<Order | undefined> {
        const paths = relations as string[];
        const orderRelations = paths.filter(r => r !== 'lines' && !r.startsWith('lines.'));
        const lineRelations = paths.filter(r => r.startsWith('lines.')).map(r => r.slice('lines.'.length));
        const wantsVariant = lineRelations.some(r => r === 'productVariant' || r.startsWith('productVariant.'));
        if (wantsVariant) {
            for (const r of ['productVariant.taxCategory', 'productVariant.translations'])
                if (!lineRelations.includes(r)) lineRelations.push(r);
        }
        const order = await this.connection
            .getRepository(ctx, Order)
            .createQueryBuilder('order')
            .setFindOptions({ relations: orderRelations, relationLoadStrategy: 'join' })
            .innerJoin('order.channels', 'activeChannel', 'activeChannel.id = :channelId', { channelId: ctx.channelId })
            .where('order.id = :orderId', { orderId })
            .getOne();
        if (!order) return undefined;
        if (paths.includes('lines') || lineRelations.length) {
            order.lines = await this.connection
                .getRepository(ctx, OrderLine)
                .createQueryBuilder('line')
                .setFindOptions({ relations: lineRelations })
                .where('line.orderId = :orderId', { orderId })
                .addOrderBy('line.createdAt', 'ASC')
                .addOrderBy('line.productVariantId', 'ASC')
                .getMany();
            if (wantsVariant) {
                for (const line of order.lines) {
                    line.productVariant = this.translator.translate(
                        await this.variants.applyChannelPriceAndTax(line.productVariant, ctx, order),
                        ctx,
                    );
                }
            }
        }
        return order;
    }
}
