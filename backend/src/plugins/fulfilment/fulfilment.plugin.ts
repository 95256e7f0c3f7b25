/**
 * Order fulfilment with tracking (issue 28; decision 100): staff send a paid order with a carrier
 * ('InPost Paczkomat' or 'Kurier DPD') and a tracking number through Vendure's own fulfilment model
 * (addFulfillmentToOrder with our handler, config/shipment-handler.ts, the default handler of both
 * shipping methods; then transitionFulfillmentToState Pending → Shipped → Delivered, which the
 * Dashboard uses). Shipped e-mails the shopper (FulfilmentShippedEvent); Delivered starts the
 * withdrawal period. Both APIs read `trackingUrl`, `shippedAt` and `deliveredAt` on Fulfillment.
 * A carrier webhook later calls FulfilmentService.markDelivered. A guest sees the order at
 * `/status-zamowienia` through the Shop API's `orderStatus` (decision 102).
 */
import { type OnApplicationBootstrap } from '@nestjs/common';
import { I18nService, PluginCommonModule, VendurePlugin } from '@vendure/core';
import { FulfilmentFieldsResolver } from './api/fulfilment.resolver';
import { adminApiExtensions, shopApiExtensions } from './api/fulfilment.api-extensions';
import { OrderStatusResolver } from './api/order-status.resolver';
import { shipmentHandler } from './config/shipment-handler';
import { FULFILMENT_OPTIONS } from './fulfilment.constants';
import { FulfilmentService } from './services/fulfilment.service';
import { OrderStatusService } from './services/order-status.service';
import type { FulfilmentOptions } from './types';

@VendurePlugin({
    imports: [PluginCommonModule],
    providers: [FulfilmentService, OrderStatusService, { provide: FULFILMENT_OPTIONS, useFactory: () => FulfilmentPlugin.options }],
    exports: [FulfilmentService],
    configuration: config => {
        // ours only: a shipping method naming another handler (older databases: manual-fulfillment)
        // is switched to the first one at start (Vendure's ShippingMethodService)
        config.shippingOptions.fulfillmentHandlers = [shipmentHandler];
        return config;
    },
    shopApiExtensions: { schema: shopApiExtensions, resolvers: [FulfilmentFieldsResolver, OrderStatusResolver] },
    adminApiExtensions: { schema: adminApiExtensions, resolvers: [FulfilmentFieldsResolver] },
    compatibility: '^3.0.0',
})
export class FulfilmentPlugin implements OnApplicationBootstrap {
    static options: FulfilmentOptions = { orderLinkSecret: '' };

    static init(options: FulfilmentOptions) {
        FulfilmentPlugin.options = options;
        return FulfilmentPlugin;
    }

    constructor(private i18n: I18nService) {}

    /**
     * Vendure answers a refused fulfilment with `CreateFulfillmentError`, whose `message` is a fixed
     * English sentence ('An error occurred when attempting to create the Fulfillment'); the Dashboard
     * shows only that `message`. Our handler's reason (`fulfillmentHandlerError`, in Polish) becomes
     * the message, so staff read why ('Podaj numer przesyłki.') where they typed it.
     */
    onApplicationBootstrap() {
        for (const language of ['en', 'pl'])
            this.i18n.addTranslation(language, { errorResult: { CREATE_FULFILLMENT_ERROR: '{ fulfillmentHandlerError }' } });
    }
}
