/**
 * InPost ShipX shipments (issue 41; decision 113): staff create a paid locker order's parcel at
 * ShipX from the Admin API (`createInpostShipment`, `createInpostShipments`), print its label
 * (`/inpost/label/{orderId}`, `/inpost/labels?orderIds=`), cancel it while ShipX has not confirmed
 * it. ShipX's tracking number goes on a Vendure fulfilment (our handler, carrier InPost) by itself;
 * ShipX's status webhooks (`/inpost/webhook/{INPOST_WEBHOOK_SECRET}`, only a hint: the shipment is
 * re-read from ShipX) and a poll (INPOST_POLL_SECONDS) move it to Shipped and Delivered with
 * InPost's date (FulfilmentService.markDelivered). The contract: shipx.ts; the stand-in:
 * stand-ins/inpost-shipx.ts.
 */
import { PluginCommonModule, VendurePlugin } from '@vendure/core';
import { FulfilmentPlugin } from '../fulfilment/fulfilment.plugin';
import { readRawNotificationBody } from '../online-payment/api/raw-body.middleware';
import { adminApiExtensions } from './api/api-extensions';
import { InpostController } from './api/inpost.controller';
import { InpostShipmentFieldsResolver, InpostShipmentResolver } from './api/inpost-shipment.resolver';
import { INPOST_OPTIONS, type InpostOptions } from './inpost-shipments.constants';
import { InpostShipment } from './entities/inpost-shipment.entity';
import { InpostShipmentService } from './services/inpost-shipment.service';

@VendurePlugin({
    imports: [PluginCommonModule, FulfilmentPlugin],
    providers: [InpostShipmentService, { provide: INPOST_OPTIONS, useFactory: () => InpostShipmentsPlugin.options }],
    entities: [InpostShipment],
    controllers: [InpostController],
    adminApiExtensions: { schema: adminApiExtensions, resolvers: [InpostShipmentResolver, InpostShipmentFieldsResolver] },
    configuration: config => {
        // the webhook's exact bytes, at most 16 KB (413 past that), before Nest's JSON parser
        config.apiOptions.middleware = [
            ...(config.apiOptions.middleware ?? []),
            { route: '/inpost/webhook', handler: readRawNotificationBody, beforeListen: true },
        ];
        return config;
    },
    // the InPost block on the Dashboard's order page (docs/dashboard-extensions.md)
    dashboard: './dashboard/index.tsx',
    compatibility: '^3.0.0',
})
export class InpostShipmentsPlugin {
    static options: InpostOptions;

    static init(options: InpostOptions) {
        InpostShipmentsPlugin.options = options;
        return InpostShipmentsPlugin;
    }
}
