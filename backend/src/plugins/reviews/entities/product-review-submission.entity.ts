/**
 * `product_review_submission` logs each accepted submission for the per-customer rate limit (edits
 * count too, they go back to moderation).
 */
import { DeepPartial, VendureEntity } from '@vendure/core';
import { Column, Entity, Index } from 'typeorm';

@Entity()
@Index(['customerId', 'createdAt'])
export class ProductReviewSubmission extends VendureEntity {
    constructor(input?: DeepPartial<ProductReviewSubmission>) {
        super(input);
    }

    @Column('int')
    customerId: number;

    @Column('int')
    productId: number;
}
