import { Args, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Allow, Ctx, Permission, RequestContext, Transaction } from '@vendure/core';
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

    @Query()
    @Allow(Permission.Public)
    onlinePaymentStatus(@Ctx() ctx: RequestContext, @Args() args: { orderCode: string }) {
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
