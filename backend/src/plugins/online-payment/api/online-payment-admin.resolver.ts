import { Args, Query, Resolver } from '@nestjs/graphql';
import { Allow, Ctx, type ID, Permission, RequestContext, TransactionalConnection } from '@vendure/core';
import { OnlinePaymentSession } from '../entities/online-payment-session.entity';

/** The order's Przelewy24 sessions for the Dashboard's order page (order permission). */
@Resolver()
export class OnlinePaymentAdminResolver {
    constructor(private connection: TransactionalConnection) {}

    @Query()
    @Allow(Permission.ReadOrder)
    onlinePaymentSessions(@Ctx() ctx: RequestContext, @Args() args: { orderId: ID }): Promise<OnlinePaymentSession[]> {
        return this.connection
            .getRepository(ctx, OnlinePaymentSession)
            .find({ where: { orderId: Number(args.orderId) }, order: { createdAt: 'DESC', id: 'DESC' } });
    }
}
