import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Allow, Ctx, type ID, Permission, RequestContext, Transaction } from '@vendure/core';
import { BOUNDS, bounded, boundedCount, withinBounds } from '../../../input-bounds';
import { WithdrawalService } from '../services/withdrawal.service';

@Resolver()
export class WithdrawalShopResolver {
    constructor(private service: WithdrawalService) {}

    @Query()
    @Allow(Permission.Public)
    withdrawalOrder(@Ctx() ctx: RequestContext, @Args() args: { code: string; emailAddress: string }) {
        // malformed input is null, like a wrong pair (decision 063); bounded before anything reads it (decision 104)
        if (!withinBounds([args.code, BOUNDS.orderCode], [args.emailAddress, BOUNDS.email])) return null;
        return this.service.findForWithdrawal(ctx, args.code, args.emailAddress);
    }

    @Transaction()
    @Mutation()
    @Allow(Permission.Public)
    requestWithdrawal(
        @Ctx() ctx: RequestContext,
        @Args() args: { input: { code: string; emailAddress: string; name: string; orderLineIds: ID[] } },
    ) {
        const { input } = args;
        bounded(input.code, BOUNDS.orderCode, 'Numer zamówienia');
        bounded(input.emailAddress, BOUNDS.email, 'Adres e-mail');
        bounded(input.name, BOUNDS.name, 'Imię i nazwisko');
        boundedCount(input.orderLineIds, BOUNDS.orderLines, 'Pozycje zamówienia');
        return this.service.request(ctx, input);
    }
}
