import { type RequestContext, VendureEvent } from '@vendure/core';

/** A fresh link to an order's status page, for the address the order was placed with (plain values). */
export interface OrderStatusLinkRequest {
    orderCode: string;
    /** the order's own address (never the one typed into the form, though they are equal but for case) */
    emailAddress: string;
    /** the page with a new key: `/status-zamowienia?order=CODE&key=KEY` (orderViewLink) */
    link: string;
}

/**
 * Someone gave an order's code and its e-mail address on the status page and asked for a new
 * link, usually because the one in an older e-mail expired (decision 104): the e-mail plugin (or
 * the dev mailbox in development) sends the link to the order's address.
 */
export class OrderStatusLinkRequestedEvent extends VendureEvent {
    constructor(
        public ctx: RequestContext,
        public request: OrderStatusLinkRequest,
    ) {
        super();
    }
}
