import { type ID, type RequestContext, VendureEvent } from '@vendure/core';

/**
 * Staff changed a customer's e-mail address in the Admin API (`updateCustomer`). Published after
 * the change is committed; the shop's mail plugins tell the OLD address (shop-mail, dev mailbox).
 */
export class CustomerEmailChangedByStaffEvent extends VendureEvent {
    constructor(
        public ctx: RequestContext,
        public customerId: ID,
        public oldEmailAddress: string,
        public newEmailAddress: string,
    ) {
        super();
    }
}
