import { Args, Query, Resolver } from '@nestjs/graphql';
import {
    ACTIVE_ORDER_INPUT_FIELD_NAME,
    ActiveOrderService,
    Allow,
    ConfigService,
    Ctx,
    DefaultActiveOrderStrategy,
    Order,
    OrderLine,
    OrderService,
    Permission,
    ProductVariantService,
    type RelationPaths,
    Relations,
    RequestContext,
    TransactionalConnection,
    TranslatorService,
} from '@vendure/core';

/**
 * The Shop API's `activeOrder` (the cart, read on every cart view and mini-cart), in place of
 * Vendure's (issue 38: at most 4 SQL statements). Vendure's reads the session's order once to find
 * it and again to return it, the second time with each of the order's relations (customer,
 * shipping lines …) in a statement of its own: 5 statements before the lines' catalogue data.
 * Here, when the session names its active order and the shop uses Vendure's session strategy,
 * the order and every relation asked for but the lines are one statement (joined), the lines with
 * their variants a second, as Vendure's `OrderService.findOne` reads them (variants priced and
 * translated for the channel the same way). Anything else (no order in the session, an order
 * no longer active, an `activeOrderInput`) takes Vendure's own path unchanged, which also
 * clears a stale session.
 */
@Resolver()
export class ActiveOrderResolver {
    constructor(
        private connection: TransactionalConnection,
        private activeOrders: ActiveOrderService,
        private orders: OrderService,
        private variants: ProductVariantService,
        private translator: TranslatorService,
        private config: ConfigService,
    ) {}

    @Query()
    @Allow(Permission.Owner)
    async activeOrder(
        @Ctx() ctx: RequestContext,
        @Relations({ entity: Order, omit: ['aggregateOrder', 'sellerOrders'] }) relations: RelationPaths<Order>,
        @Args() args: Record<string, unknown>,
    ): Promise<Order | undefined> {
        if (!ctx.authorizedAsOwnerOnly) return;
        const sessionOrderId = ctx.session?.activeOrderId;
        if (sessionOrderId && !args[ACTIVE_ORDER_INPUT_FIELD_NAME] && this.sessionStrategyOnly()) {
            const order = await this.read(ctx, sessionOrderId, relations);
            if (order?.active) return order;
        }
        const sessionOrder = await this.activeOrders.getActiveOrder(ctx, args[ACTIVE_ORDER_INPUT_FIELD_NAME] as never);
        return sessionOrder ? this.orders.findOne(ctx, sessionOrder.id, relations) : undefined;
    }

    /** Whether the active order is the session's alone (Vendure's default strategy, nothing else). */
    private sessionStrategyOnly(): boolean {
        const strategy = this.config.orderOptions.activeOrderStrategy;
        const strategies = Array.isArray(strategy) ? strategy : [strategy];
        return strategies.length === 1 && strategies[0] instanceof DefaultActiveOrderStrategy;
    }

    /** The order in this channel with `relations`: two statements (order with its relations joined; lines with theirs). */
    private async read(ctx: RequestContext, orderId: Order['id'], relations: RelationPaths<Order>): Promise<Order | undefined> {
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
