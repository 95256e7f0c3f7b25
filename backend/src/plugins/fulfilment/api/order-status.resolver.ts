import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Allow, Ctx, Permission, RequestContext } from '@vendure/core';
import { BOUNDS, bounded } from '../../../input-bounds';
import { OrderStatusService } from '../services/order-status.service';

@Resolver()
export class OrderStatusResolver {
    constructor(private service: OrderStatusService) {}

    /**
     * The guest's order status page (decisions 102, 104); the storefront's worker rate-limits it per
     * address. Arguments over their bounds are null, like any malformed input (the service checks).
     */
    @Query()
    @Allow(Permission.Public)
    orderStatus(@Ctx() ctx: RequestContext, @Args() args: { code: string; key?: string | null; emailAddress?: string | null }) {
        return this.service.find(ctx, args);
    }

    /** A fresh link by code and e-mail (decision 104): always true; rate-limited per address by the worker. */
    @Mutation()
    @Allow(Permission.Public)
    async requestOrderStatusLink(@Ctx() ctx: RequestContext, @Args() args: { code: string; emailAddress: string }): Promise<boolean> {
        bounded(args.code, BOUNDS.orderCode, 'Numer zamówienia');
        bounded(args.emailAddress, BOUNDS.email, 'Adres e-mail');
        await this.service.requestLink(ctx, args);
        return true;
    }
}
