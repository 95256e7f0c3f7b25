import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Allow, Ctx, type ID, Permission, RequestContext, Transaction } from '@vendure/core';
import { WithdrawalService } from '../services/withdrawal.service';

@Resolver()
export class WithdrawalShopResolver {
    constructor(private service: WithdrawalService) {}

    @Query()
    @Allow(Permission.Public)
    withdrawalOrder(@Ctx() ctx: RequestContext, @Args() args: { code: string; emailAddress: string }) {
        return this.service.findForWithdrawal(ctx, args.code, args.emailAddress);
    }

    @Transaction()
    @Mutation()
    @Allow(Permission.Public)
    requestWithdrawal(
        @Ctx() ctx: RequestContext,
        @Args() args: { input: { code: string; emailAddress: string; name: string; orderLineIds: ID[] } },
    ) {
        return this.service.request(ctx, args.input);
    }
}
