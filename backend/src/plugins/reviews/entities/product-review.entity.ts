/**
 * `product_review` holds one review per customer and product (a second submission edits it); the
 * author's display name is stored with the review, so renaming the account later does not rewrite
 * what was published.
 */
import { DeepPartial, VendureEntity } from '@vendure/core';
import { Column, Entity, Index } from 'typeorm';

/** Moderation state of a review: `pending` until a moderator (or the verified-purchase rule) decides. */
export type ReviewState = 'pending' | 'approved' | 'rejected';

@Entity()
@Index(['productId', 'customerId'], { unique: true })
@Index(['productId', 'state', 'createdAt'])
export class ProductReview extends VendureEntity {
    constructor(input?: DeepPartial<ProductReview>) {
        super(input);
    }

    @Column('int')
    productId: number;

    @Column('int')
    customerId: number;

    /** First name and the initial of the last name ("Anna K."), as shown under the review. */
    @Column('varchar', { length: 80 })
    authorName: string;

    /** 1–5 */
    @Column('int')
    rating: number;

    @Column('varchar', { length: 120, nullable: true })
    title: string | null;

    /** Plain text exactly as written (markup included): the storefront renders it as text, never as HTML. */
    @Column('text')
    text: string;

    @Column('varchar', { length: 16, default: 'pending' })
    state: ReviewState;

    /** The customer had a placed order containing the product when the review was (last) submitted. */
    @Column('boolean', { default: false })
    verifiedPurchase: boolean;
}
