import { type ID, type RequestContext, VendureEvent } from '@vendure/core';

/**
 * A review of `productId` was stored in a state (submitted, approved, rejected): what a product's
 * review summary shows may have changed (the catalogue read model rebuilds that product).
 */
export class ProductReviewStateEvent extends VendureEvent {
    constructor(
        public ctx: RequestContext,
        public productId: ID,
        public state: string,
    ) {
        super();
    }
}
