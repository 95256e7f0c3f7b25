import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { Ctx, ProductVariant, RequestContext } from '@vendure/core';
import { ConfiguratorOffer, ExtraOffer } from '../extras-pricing.rules';
import { ExtrasService } from '../services/extras.service';

/** `ProductVariant.extras` and `.configurator`: what the product page offers, as the cart charges it. */
@Resolver('ProductVariant')
export class ProductVariantExtrasResolver {
    constructor(private extrasService: ExtrasService) {}

    @ResolveField()
    extras(@Ctx() ctx: RequestContext, @Parent() variant: ProductVariant): Promise<ExtraOffer[]> {
        return this.extrasService.offersFor(ctx, variant.id);
    }

    @ResolveField()
    configurator(@Ctx() ctx: RequestContext, @Parent() variant: ProductVariant): Promise<ConfiguratorOffer | null> {
        return this.extrasService.configuratorFor(ctx, variant.id);
    }
}
