import { Args, Query, Resolver } from '@nestjs/graphql';
import { Allow, Ctx, Permission, RequestContext } from '@vendure/core';
import { OrderStatusService } from '../services/order-status.service';

@Resolver()
export class OrderStatusResolver {
    constructor(private service: OrderStatusService) {}

    /** The guest's order status page (decision 102); the storefront's worker rate-limits it per address. */
    @Query()
    @Allow(Permission.Public)
    orderStatus(@Ctx() ctx: RequestContext, @Args() args: { code: string; key?: string | null; emailAddress?: string | null }) {
        return this.service.find(ctx, args);
    }
}
