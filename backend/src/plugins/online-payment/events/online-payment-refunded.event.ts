import { type RequestContext, VendureEvent } from '@vendure/core';

/**
 * A verified payment was refunded without anyone asking: it arrived for an order that had changed
 * meanwhile (another total, or already paid). The shopper is told by e-mail (the e-mail plugin, or
 * the dev mailbox in development).
 */
export class OnlinePaymentRefundedEvent extends VendureEvent {
    constructor(
        public ctx: RequestContext,
        public refund: { orderCode: string; emailAddress: string; amount: number },
    ) {
        super();
    }
}
