/**
 * Order fulfilment with tracking (issue 28; decision 100): staff send a paid order with a carrier
 * ('InPost Paczkomat' or 'Kurier DPD') and a tracking number through Vendure's own fulfilment model
 * (addFulfillmentToOrder with our handler, config/shipment-handler.ts, the default handler of both
 * shipping methods; then transitionFulfillmentToState Pending → Shipped → Delivered, which the
 * Dashboard uses). Shipped e-mails the shopper (FulfilmentShippedEvent); Delivered starts the
 * withdrawal period. Both APIs read `trackingUrl`, `shippedAt` and `deliveredAt` on Fulfillment.
 * A carrier webhook later calls FulfilmentService.markDelivered.
 */
import { type OnApplicationBootstrap } from '@nestjs/common';
import { I18nService, PluginCommonModule, VendurePlugin } from '@vendure/core';
import { FulfilmentFieldsResolver } from './api/fulfilment.resolver';
import { adminApiExtensions, shopApiExtensions } from './api/fulfilment.api-extensions';
import { shipmentHandler } from './config/shipment-handler';
import { FulfilmentService } from './services/fulfilment.service';

@VendurePlugin({
    imports: [PluginCommonModule],
    providers: [FulfilmentService],
    exports: [FulfilmentService],
    configuration: config => {
        // ours only: a shipping method naming another handler (older databases: manual-fulfillment)
        // is switched to the first one at start (Vendure's ShippingMethodService)
        config.shippingOptions.fulfillmentHandlers = [shipmentHandler];
        return config;
    },
    shopApiExtensions: { schema: shopApiExtensions, resolvers: [FulfilmentFieldsResolver] },
    adminApiExtensions: { schema: adminApiExtensions, resolvers: [FulfilmentFieldsResolver] },
    compatibility: '^3.0.0',
})
export class FulfilmentPlugin implements OnApplicationBootstrap {
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
