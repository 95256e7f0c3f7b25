/**
 * Extras priced by the backend (issue 6) and the harness configurator (Pro-Fit Studio):
 * - the order-line custom fields that carry the choices (config/order-line-custom-fields.ts);
 * - `ProductVariant.extras` and `ProductVariant.configurator` in the Shop API: what the variant
 *   offers, with the prices the backend charges (product page = cart line price);
 * - the order-line price strategy that adds the chosen extras to the unit price
 *   (config/extras-price-calculation-strategy.ts) and the order interceptor that refuses extras the
 *   variant does not offer and configurations that do not fit it (config/extras-order-interceptor.ts,
 *   ORDER_INTERCEPTOR_ERROR with a Polish message).
 * The rules themselves, pure functions, are in extras-pricing.rules.ts; services/extras.service.ts
 * reads the facts about a variant they need.
 */
import { PluginCommonModule, VendurePlugin } from '@vendure/core';
import { shopApiExtensions } from './api/extras-pricing.api-extensions';
import { ProductVariantExtrasResolver } from './api/product-variant-extras.resolver';
import { ExtrasInterceptor } from './config/extras-order-interceptor';
import { ExtrasPriceStrategy } from './config/extras-price-calculation-strategy';
import { orderLineCustomFields } from './config/order-line-custom-fields';
import { ExtrasService } from './services/extras.service';

@VendurePlugin({
    imports: [PluginCommonModule],
    providers: [ExtrasService],
    // the catalogue read model builds its documents with it
    exports: [ExtrasService],
    shopApiExtensions: {
        schema: shopApiExtensions,
        resolvers: [ProductVariantExtrasResolver],
    },
    configuration: config => {
        config.customFields.OrderLine = [...(config.customFields.OrderLine ?? []), ...orderLineCustomFields];
        config.orderOptions.orderItemPriceCalculationStrategy = new ExtrasPriceStrategy();
        config.orderOptions.orderInterceptors = [...(config.orderOptions.orderInterceptors ?? []), new ExtrasInterceptor()];
        return config;
    },
    compatibility: '^3.0.0',
})
export class ExtrasPricingPlugin {}
