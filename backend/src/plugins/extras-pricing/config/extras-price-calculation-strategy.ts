import type { Injector, OrderItemPriceCalculationStrategy, PriceCalculationResult, ProductVariant, RequestContext } from '@vendure/core';
import { priceExtras } from '../extras-pricing.rules';
import { ExtrasService } from '../services/extras.service';

/**
 * Unit price = the variant's price + the extras chosen in the line's custom fields (gross, since the
 * channel has pricesIncludeTax; on a net channel the extras would be added as net amounts).
 * Choices the variant does not offer are never charged (and the interceptor refuses them).
 */
export class ExtrasPriceStrategy implements OrderItemPriceCalculationStrategy {
    private extras: ExtrasService;

    init(injector: Injector) {
        this.extras = injector.get(ExtrasService);
    }

    async calculateUnitPrice(
        ctx: RequestContext,
        productVariant: ProductVariant,
        orderLineCustomFields: Record<string, unknown>,
    ): Promise<PriceCalculationResult> {
        const offers = await this.extras.offersFor(ctx, productVariant.id);
        const { total } = priceExtras(offers, orderLineCustomFields);
        return { price: productVariant.listPrice + total, priceIncludesTax: productVariant.listPriceIncludesTax };
    }
}
