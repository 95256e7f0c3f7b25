import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { Ctx, type Fulfillment, type RequestContext } from '@vendure/core';
import { trackingUrlOf } from '../fulfilment.rules';
import { FulfilmentService } from '../services/fulfilment.service';

@Resolver('Fulfillment')
export class FulfilmentFieldsResolver {
    constructor(private fulfilments: FulfilmentService) {}

    @ResolveField()
    trackingUrl(@Parent() f: Fulfillment): string | null {
        return trackingUrlOf(f.method, f.trackingCode);
    }

    @ResolveField()
    shippedAt(@Ctx() ctx: RequestContext, @Parent() f: Fulfillment): Promise<Date | null> {
        return this.fulfilments.shippedAt(ctx, f);
    }

    @ResolveField()
    deliveredAt(@Ctx() ctx: RequestContext, @Parent() f: Fulfillment): Promise<Date | null> {
        return this.fulfilments.deliveredAt(ctx, f);
    }
}
