/**
 * Checkout rules of the shop (issue 11):
 * - an order cannot move to ArrangingPayment without what its shipping method needs: a locker code
 *   (`shippingAddress.customFields.paczkomat`) for `inpost-paczkomat`, a street address for `kurier`
 *   (ORDER_STATE_TRANSITION_ERROR with the Polish reason in `transitionError`);
 * - `orderByCode` also answers the session whose active order it is (a guest polling
 *   /payment-check before the gateway's notification has placed the order); otherwise Vendure's
 *   rules: the owner, or anybody within 2 hours of placement for guest orders;
 * - `shippingRates`: the delivery methods and their flat prices without an order (issue 39: feeds,
 *   structured data and the MCP policies tool read them);
 * - `activeOrder` read in at most 4 SQL statements in place of Vendure's 6 (api/active-order.resolver.ts),
 *   `addItemToOrder` in half of Vendure's (api/add-to-cart.resolver.ts), both reading the session's
 *   order through services/session-order.service.ts.
 */
import { PluginCommonModule, VendurePlugin } from '@vendure/core';
import { ActiveOrderResolver } from './api/active-order.resolver';
import { AddToCartResolver } from './api/add-to-cart.resolver';
import { ShippingRatesResolver, shippingRatesSchema } from './api/shipping-rates.resolver';
import { SessionOrderByCodeAccessStrategy } from './config/session-order-by-code-access-strategy';
import { shippingRequirementsProcess } from './config/shipping-requirements-process';
import { SessionOrderService } from './services/session-order.service';

@VendurePlugin({
    imports: [PluginCommonModule],
    providers: [SessionOrderService],
    configuration: config => {
        config.orderOptions.process = [...(config.orderOptions.process ?? []), shippingRequirementsProcess];
        config.orderOptions.orderByCodeAccessStrategy = new SessionOrderByCodeAccessStrategy('2h');
        return config;
    },
    shopApiExtensions: { schema: shippingRatesSchema, resolvers: [ShippingRatesResolver, ActiveOrderResolver, AddToCartResolver] },
    compatibility: '^3.0.0',
})
export class CheckoutPlugin {}
