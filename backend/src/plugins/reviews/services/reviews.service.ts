/**
 * Reviews: reading approved ones (list, summary), submitting (one per customer and product; a
 * second submission edits the first and sends it back to moderation), moderation, and the
 * verified-purchase check.
 */
import { Inject, Injectable } from '@nestjs/common';
import {
    Customer,
    EntityNotFoundError,
    EventBus,
    ForbiddenError,
    ID,
    OrderLine,
    Product,
    RequestContext,
    TransactionalConnection,
} from '@vendure/core';
import { MoreThan } from 'typeorm';
import { ProductReviewSubmission } from '../entities/product-review-submission.entity';
import { ProductReview } from '../entities/product-review.entity';
import { ProductReviewStateEvent } from '../events/product-review-state.event';
import { PAGE_TAKE_DEFAULT, PAGE_TAKE_MAX, REVIEWS_OPTIONS } from '../reviews.constants';
import { authorName, normaliseReview, ReviewInput, reviewProblem } from '../reviews.rules';
import { ReviewsOptions, ReviewState, ReviewSummary, SubmitResult } from '../types';

const summariesPerRequest = new WeakMap<RequestContext, Promise<Map<number, number[]>>>();

@Injectable()
export class ReviewsService {
    constructor(
        private connection: TransactionalConnection,
        @Inject(REVIEWS_OPTIONS) private options: ReviewsOptions,
        private eventBus: EventBus,
    ) {}

    /** Approved reviews of a product, newest first. */
    async approved(
        ctx: RequestContext,
        productId: ID,
        skip = 0,
        take = PAGE_TAKE_DEFAULT,
    ): Promise<{ items: ProductReview[]; totalItems: number }> {
        const [items, totalItems] = await this.connection.getRepository(ctx, ProductReview).findAndCount({
            where: { productId: Number(productId), state: 'approved' },
            order: { createdAt: 'DESC', id: 'DESC' },
            skip: Math.max(0, Math.floor(skip)),
            take: Math.min(PAGE_TAKE_MAX, Math.max(1, Math.floor(take))),
        });
        return { items, totalItems };
    }

    /**
     * Star counts of every product with approved reviews, read once per request: a listing asks for
     * the summary of each of its cards, and one grouped query beats one query per card.
     */
    private counts(ctx: RequestContext): Promise<Map<number, number[]>> {
        let counts = summariesPerRequest.get(ctx);
        if (!counts) {
            counts = this.connection
                .getRepository(ctx, ProductReview)
                .createQueryBuilder('r')
                .select('r.productId', 'productId')
                .addSelect('r.rating', 'rating')
                .addSelect('COUNT(r.id)', 'n')
                .where('r.state = :state', { state: 'approved' })
                .groupBy('r.productId')
                .addGroupBy('r.rating')
                .getRawMany<{ productId: number; rating: number; n: number }>()
                .then(rows => {
                    const map = new Map<number, number[]>();
                    for (const row of rows) {
                        const list = map.get(Number(row.productId)) ?? [0, 0, 0, 0, 0];
                        list[Number(row.rating) - 1] += Number(row.n);
                        map.set(Number(row.productId), list);
                    }
                    return map;
                });
            summariesPerRequest.set(ctx, counts);
        }
        return counts;
    }

    async summary(ctx: RequestContext, productId: ID): Promise<ReviewSummary> {
        const stars = (await this.counts(ctx)).get(Number(productId)) ?? [0, 0, 0, 0, 0];
        const count = stars.reduce((a, b) => a + b, 0);
        const sum = stars.reduce((a, n, i) => a + n * (i + 1), 0);
        return {
            average: count ? Math.round((sum / count) * 100) / 100 : null,
            count,
            histogram: [5, 4, 3, 2, 1].map(rating => ({ rating, count: stars[rating - 1] })),
        };
    }

    /** The logged-in customer, or null for a guest (an anonymous session with a cart included). */
    async activeCustomer(ctx: RequestContext): Promise<Customer | null> {
        if (!ctx.activeUserId) return null;
        const customer = await this.connection.getRepository(ctx, Customer).findOne({ where: { user: { id: ctx.activeUserId } } });
        return customer && !customer.deletedAt ? customer : null;
    }

    /** The active customer's own review of a product (in any state), for editing it. */
    async mine(ctx: RequestContext, productId: ID): Promise<ProductReview | null> {
        const customer = await this.activeCustomer(ctx);
        if (!customer) return null;
        return this.connection
            .getRepository(ctx, ProductReview)
            .findOne({ where: { productId: Number(productId), customerId: Number(customer.id) } });
    }

    /** Whether the customer has a placed (not cancelled) order with a variant of the product. */
    async hasBought(ctx: RequestContext, customerId: ID, productId: ID): Promise<boolean> {
        const row = await this.connection
            .getRepository(ctx, OrderLine)
            .createQueryBuilder('line')
            .innerJoin('line.order', 'o')
            .innerJoin('line.productVariant', 'v')
            .where('o.customerId = :customerId', { customerId: Number(customerId) })
            .andWhere('o.orderPlacedAt IS NOT NULL')
            .andWhere('o.state != :cancelled', { cancelled: 'Cancelled' })
            .andWhere('v.productId = :productId', { productId: Number(productId) })
            .select('line.id', 'id')
            .limit(1)
            .getRawOne();
        return !!row;
    }

    async submit(ctx: RequestContext, input: ReviewInput & { productId: ID }): Promise<SubmitResult> {
        const customer = await this.activeCustomer(ctx);
        // Anonymous sessions (a guest with a cart) have no customer: only a logged-in customer writes.
        if (!customer) throw new ForbiddenError();
        const review = normaliseReview(input);
        const problem = reviewProblem(review);
        if (problem) return { kind: 'invalid', problem };
        const productId = Number(input.productId);
        const product =
            Number.isInteger(productId) && productId > 0
                ? await this.connection
                      .getRepository(ctx, Product)
                      .findOne({ where: { id: productId, enabled: true }, select: { id: true, deletedAt: true } })
                : null;
        if (!product || product.deletedAt) return { kind: 'productNotFound' };

        const { max, windowMinutes } = this.options.rateLimit;
        const since = new Date(Date.now() - windowMinutes * 60_000);
        const submissions = this.connection.getRepository(ctx, ProductReviewSubmission);
        const recent = await submissions.find({
            where: { customerId: Number(customer.id), createdAt: MoreThan(since) },
            order: { createdAt: 'ASC' },
            take: max,
        });
        if (recent.length >= max) {
            const retryAt = recent[0].createdAt.getTime() + windowMinutes * 60_000;
            return { kind: 'rateLimited', retryAfterSeconds: Math.max(1, Math.ceil((retryAt - Date.now()) / 1000)) };
        }

        const verifiedPurchase = await this.hasBought(ctx, customer.id, productId);
        const state: ReviewState = verifiedPurchase && this.options.autoApproveVerified ? 'approved' : 'pending';
        const repo = this.connection.getRepository(ctx, ProductReview);
        const existing = await repo.findOne({ where: { productId, customerId: Number(customer.id) } });
        const fields = { ...review, state, verifiedPurchase, authorName: authorName(customer.firstName, customer.lastName) };
        const saved = existing
            ? await repo.save(Object.assign(existing, fields))
            : await repo.save(new ProductReview({ ...fields, productId, customerId: Number(customer.id) }));
        await submissions.save(new ProductReviewSubmission({ customerId: Number(customer.id), productId }));
        await this.eventBus.publish(new ProductReviewStateEvent(ctx, productId, state));
        return { kind: 'ok', review: saved };
    }

    async list(
        ctx: RequestContext,
        filter: { state?: ReviewState | null; productId?: ID | null },
        skip = 0,
        take = 50,
    ): Promise<{ items: ProductReview[]; totalItems: number }> {
        const where: Record<string, unknown> = {};
        if (filter.state) where.state = filter.state;
        if (filter.productId) where.productId = Number(filter.productId);
        const [items, totalItems] = await this.connection.getRepository(ctx, ProductReview).findAndCount({
            where,
            order: { createdAt: 'DESC', id: 'DESC' },
            skip: Math.max(0, skip),
            take: Math.min(100, Math.max(1, take)),
        });
        return { items, totalItems };
    }

    async moderate(ctx: RequestContext, id: ID, state: 'approved' | 'rejected'): Promise<ProductReview> {
        const repo = this.connection.getRepository(ctx, ProductReview);
        const review = await repo.findOne({ where: { id } });
        if (!review) throw new EntityNotFoundError('ProductReview' as never, id);
        review.state = state;
        const saved = await repo.save(review);
        await this.eventBus.publish(new ProductReviewStateEvent(ctx, review.productId, state));
        return saved;
    }
}
