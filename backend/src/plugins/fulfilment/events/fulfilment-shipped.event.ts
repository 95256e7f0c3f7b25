import { type RequestContext, VendureEvent } from '@vendure/core';

/** What the shipping notice says (plain values, read after the transition's transaction ended). */
export interface ShipmentNotice {
    orderCode: string;
    emailAddress: string;
    /** the order belongs to a registered customer: the notice links to the account's order history */
    registered: boolean;
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
