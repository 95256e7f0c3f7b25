import { Args, Query, Resolver } from '@nestjs/graphql';
import {
    ACTIVE_ORDER_INPUT_FIELD_NAME,
    ActiveOrderService,
    Allow,
    Ctx,
    Order,
    OrderService,
    Permission,
    type RelationPaths,
    Relations,
    RequestContext,
} from '@vendure/core';
import { SessionOrderService } from '../services/session-order.service';

/**
 * The Shop API's `activeOrder` (the cart, read on every cart view and mini-cart), in place of
 * Vendure's (issue 38: at most 4 SQL statements). Vendure's reads the session's order once to find
 * it and again to return it, the second time with each of the order's relations (customer,
 * shipping lines …) in a statement of its own: 5 statements before the lines' catalogue data.
 * Here, when the session names its active order and the shop uses Vendure's session strategy,
 * it is read in two statements (services/session-order.service.ts). Anything else (no order in the session, an order
 * no longer active, an `activeOrderInput`) takes Vendure's own path unchanged, which also
 * clears a stale session.
 */
@Resolver()
export class ActiveOrderResolver {
    constructor(
        private sessionOrders: SessionOrderService,
        private activeOrders: ActiveOrderService,
        private orders: OrderService,
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
        if (sessionOrderId && !args[ACTIVE_ORDER_INPUT_FIELD_NAME] && this.sessionOrders.sessionStrategyOnly()) {
            const order = await this.sessionOrders.read(ctx, sessionOrderId, relations);
            if (order?.active) return order;
        }
        const sessionOrder = await this.activeOrders.getActiveOrder(ctx, args[ACTIVE_ORDER_INPUT_FIELD_NAME] as never);
        return sessionOrder ? this.orders.findOne(ctx, sessionOrder.id, relations) : undefined;
    }
}
