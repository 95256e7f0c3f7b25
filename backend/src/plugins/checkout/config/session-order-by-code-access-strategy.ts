import { DefaultOrderByCodeAccessStrategy, idsAreEqual, type Order, type RequestContext } from '@vendure/core';

/** Vendure's rules plus "it is this session's active order". */
export class SessionOrderByCodeAccessStrategy extends DefaultOrderByCodeAccessStrategy {
    canAccessOrder(ctx: RequestContext, order: Order): boolean {
        const activeOrderId = ctx.session?.activeOrderId;
        if (activeOrderId && idsAreEqual(activeOrderId, order.id)) return true;
        return super.canAccessOrder(ctx, order);
    }
}
