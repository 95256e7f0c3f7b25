import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { Ctx, ProductVariant, RequestContext } from '@vendure/core';
import { OmnibusService } from '../services/omnibus.service';

@Resolver('ProductVariant')
export class ProductVariantOmnibusResolver {
    constructor(private omnibus: OmnibusService) {}

    @ResolveField()
    omnibusPrice(@Ctx() ctx: RequestContext, @Parent() variant: ProductVariant): Promise<number | null> {
        return this.omnibus.omnibusPrice(ctx, variant.id);
    }
}
