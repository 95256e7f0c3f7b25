import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Allow, Ctx, type ID, Permission, RequestContext, Transaction } from '@vendure/core';
import { BOUNDS, bounded } from '../../../input-bounds';
import { WithdrawalService } from '../services/withdrawal.service';

@Resolver()
export class WithdrawalAdminResolver {
    constructor(private service: WithdrawalService) {}

    @Query()
    @Allow(Permission.ReadOrder)
    withdrawals(@Ctx() ctx: RequestContext, @Args() args: { skip?: number | null; take?: number | null }) {
        return this.service.list(ctx, args.skip ?? 0, args.take ?? 50);
    }

    @Transaction()
    @Mutation()
    @Allow(Permission.UpdateOrder)
    setWithdrawalState(@Ctx() ctx: RequestContext, @Args() args: { id: ID; state: string }) {
        return this.service.setState(ctx, args.id, bounded(args.state, BOUNDS.state, 'Stan'));
    }
}
