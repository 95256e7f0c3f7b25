import { Args, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Allow, Ctx, Permission, RequestContext, Transaction } from '@vendure/core';
import { BOUNDS, bounded, withinBounds } from '../../../input-bounds';
import { OnlinePaymentService } from '../services/online-payment.service';

@Resolver()
export class OnlinePaymentShopResolver {
    constructor(private service: OnlinePaymentService) {}

    @Transaction()
    @Mutation()
    @Allow(Permission.Owner)
    startOnlinePayment(@Ctx() ctx: RequestContext) {
        return this.service.start(ctx);
    }

    @Transaction()
    @Mutation()
    @Allow(Permission.Owner)
    startBlikPayment(@Ctx() ctx: RequestContext, @Args() args: { blikCode: string }) {
        return this.service.startBlik(ctx, bounded(args.blikCode, BOUNDS.blikCode, 'Kod BLIK'));
    }

    @Query()
    @Allow(Permission.Public)
    onlinePaymentStatus(@Ctx() ctx: RequestContext, @Args() args: { orderCode: string }) {
        // null, like an order the caller may not see
        if (!withinBounds([args.orderCode, BOUNDS.orderCode])) return null;
        return this.service.statusOf(ctx, args.orderCode);
    }
}

@Resolver('OnlinePaymentStartResult')
export class OnlinePaymentStartResultResolver {
    @ResolveField('__resolveType')
    resolveType(@Parent() value: { __typename: string }) {
        return value.__typename;
    }
}

@Resolver('BlikPaymentStartResult')
export class BlikPaymentStartResultResolver {
    @ResolveField('__resolveType')
    resolveType(@Parent() value: { __typename: string }) {
        return value.__typename;
    }
}
