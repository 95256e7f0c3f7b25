import { type RequestContext, VendureEvent } from '@vendure/core';

/** What the shipping notice says (plain values, read after the transition's transaction ended). */
export interface ShipmentNotice {
    orderCode: string;
    emailAddress: string;
    carrier: string;
    trackingCode: string;
    trackingUrl: string | null;
    shippedAt: Date;
}

/**
 * A fulfilment moved to Shipped: the shopper gets a notice with the carrier, the tracking number
 * and link, and a link to the order (the e-mail plugin, or the dev mailbox in development).
 */
export class FulfilmentShippedEvent extends VendureEvent {
    constructor(
        public ctx: RequestContext,
        public shipment: ShipmentNotice,
    ) {
        super();
    }
}
