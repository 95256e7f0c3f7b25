import type {
    ID,
    Injector,
    Order,
    OrderInterceptor,
    RequestContext,
    WillAddItemToOrderInput,
    WillAdjustOrderLineInput,
} from '@vendure/core';
import { checkConfigurator, priceExtras } from '../extras-pricing.rules';
import { ExtrasService } from '../services/extras.service';

/**
 * Refuses extras the variant does not offer and configurator JSON that does not fit the product
 * (ORDER_INTERCEPTOR_ERROR with the Polish reasons).
 */
export class ExtrasInterceptor implements OrderInterceptor {
    private extras: ExtrasService;

    init(injector: Injector) {
        this.extras = injector.get(ExtrasService);
    }

    async willAddItemToOrder(ctx: RequestContext, order: Order, input: WillAddItemToOrderInput): Promise<string | void> {
        return this.check(ctx, input.productVariant.id, input.customFields as Record<string, unknown> | undefined);
    }

    async willAdjustOrderLine(ctx: RequestContext, order: Order, input: WillAdjustOrderLineInput): Promise<string | void> {
        if (!input.customFields) return;
        // the configurator is checked against the line as it will be (a new hardware colour must match it)
        const merged = {
            ...(input.orderLine.customFields as Record<string, unknown> | undefined),
            ...(input.customFields as Record<string, unknown>),
        };
        return this.check(
            ctx,
            input.orderLine.productVariantId ?? input.orderLine.productVariant.id,
            input.customFields as Record<string, unknown>,
            merged,
        );
    }

    private async check(
        ctx: RequestContext,
        variantId: ID,
        customFields: Record<string, unknown> | undefined,
        line = customFields,
    ): Promise<string | void> {
        if (!customFields) return;
        const { refused } = priceExtras(await this.extras.offersFor(ctx, variantId), customFields);
        const configurator = line?.configurator;
        if (typeof configurator === 'string' && configurator.trim() !== '') {
            const [offer, images] = await Promise.all([
                this.extras.configuratorFor(ctx, variantId),
                this.extras.imagePathsFor(ctx, variantId),
            ]);
            refused.push(...checkConfigurator(offer, configurator, line?.kolorOkuc, images));
        }
        if (refused.length) return refused.join(' ');
    }
}
