import { type RequestContext, VendureEvent } from '@vendure/core';
import { type Withdrawal } from '../entities/withdrawal.entity';

/**
 * A withdrawal was recorded: the shopper gets an acknowledgement on a durable medium (e-mail) with
 * the date and time of receipt and the lines; the shop gets a notice (the e-mail plugin, or the
 * dev mailbox in development).
 */
export class WithdrawalReceivedEvent extends VendureEvent {
    constructor(
        public ctx: RequestContext,
        public withdrawal: Withdrawal,
    ) {
        super();
    }
}
