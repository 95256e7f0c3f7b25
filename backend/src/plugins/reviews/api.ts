/**
 * GraphQL of the reviews plugin. Shop API: approved reviews of a product (newest first, paged), the
 * summary on Product (average, count, stars histogram; cheap enough for cards), the customer's own
 * review, and `submitProductReview` (logged-in customers only). Admin API: list by state and
 * product, approve, reject.
 */
import { Args, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Allow, Ctx, ForbiddenError, ID, Permission, Product, RequestContext, Transaction } from '@vendure/core';
import gql from 'graphql-tag';
import { ProductReview, ReviewState } from './entities';
import { REVIEW_LIMITS } from './rules';
import { PAGE_TAKE_DEFAULT, ReviewsService, ReviewSummary } from './service';

const commonTypes = `
    enum ProductReviewState {
        PENDING
        APPROVED
        REJECTED
    }

    "A customer's review of a product. Title and text are plain text as written: render them as text, never as HTML."
    type ProductReview {
        id: ID!
        createdAt: DateTime!
        updatedAt: DateTime!
        productId: ID!
        "First name and the initial of the last name, e.g. Anna K."
        authorName: String!
        "1-5 stars"
        rating: Int!
        title: String
        text: String!
        "The author had a placed order containing the product when writing (set by the backend)"
        verifiedPurchase: Boolean!
        state: ProductReviewState!
    }

    type ProductReviewList {
        items: [ProductReview!]!
        totalItems: Int!
    }
`;

export const shopSchema = gql`
    ${commonTypes}

    type ProductReviewHistogramBar {
        rating: Int!
        count: Int!
    }

    "Approved reviews only"
    type ProductReviewSummary {
        "Mean rating rounded to two decimals; null without reviews"
        average: Float
        count: Int!
        "Counts of 5, 4, 3, 2 and 1 stars, in that order"
        histogram: [ProductReviewHistogramBar!]!
    }

    input ProductReviewPageOptions {
        skip: Int
        "default ${PAGE_TAKE_DEFAULT}, at most 20"
        take: Int
    }

    input SubmitProductReviewInput {
        productId: ID!
        "${REVIEW_LIMITS.ratingMin}-${REVIEW_LIMITS.ratingMax}"
        rating: Int!
        "optional, at most ${REVIEW_LIMITS.titleMax} characters"
        title: String
        "${REVIEW_LIMITS.textMin}-${REVIEW_LIMITS.textMax} characters after trimming"
        text: String!
    }

    type InvalidReviewRatingError implements ErrorResult {
        errorCode: ErrorCode!
        message: String!
    }

    type InvalidReviewTextError implements ErrorResult {
        errorCode: ErrorCode!
        message: String!
        minLength: Int!
        maxLength: Int!
    }

    type InvalidReviewTitleError implements ErrorResult {
        errorCode: ErrorCode!
        message: String!
        maxLength: Int!
    }

    type ReviewRateLimitError implements ErrorResult {
        errorCode: ErrorCode!
        message: String!
        retryAfterSeconds: Int!
    }

    type ReviewProductNotFoundError implements ErrorResult {
        errorCode: ErrorCode!
        message: String!
    }

    union SubmitProductReviewResult =
          ProductReview
        | InvalidReviewRatingError
        | InvalidReviewTextError
        | InvalidReviewTitleError
        | ReviewRateLimitError
        | ReviewProductNotFoundError

    extend type Product {
        "Average, count and histogram of the approved reviews"
        reviewSummary: ProductReviewSummary!
    }

    extend type Query {
        "Approved reviews of a product, newest first"
        productReviews(productId: ID!, options: ProductReviewPageOptions): ProductReviewList!
        "The logged-in customer's own review of the product (any state); null for guests or when there is none"
        myProductReview(productId: ID!): ProductReview
    }

    extend type Mutation {
        "Logged-in customers only (FORBIDDEN otherwise). One review per customer and product: a second submission edits it and sends it back to moderation. New reviews are PENDING (APPROVED at once for verified purchases when the backend is configured so). Rate-limited per customer."
        submitProductReview(input: SubmitProductReviewInput!): SubmitProductReviewResult!
    }
`;

export const adminSchema = gql`
    ${commonTypes}

    extend type ProductReview {
        customerId: ID!
    }

    extend type Query {
        "Reviews newest first, optionally of one state and/or product"
        productReviews(state: ProductReviewState, productId: ID, skip: Int, take: Int): ProductReviewList!
    }

    extend type Mutation {
        approveProductReview(id: ID!): ProductReview!
        rejectProductReview(id: ID!): ProductReview!
    }
`;

const toGraphQLState = (s: ReviewState) => s.toUpperCase();
const fromGraphQLState = (s: string | null | undefined): ReviewState | null => (s ? (s.toLowerCase() as ReviewState) : null);

/** An ErrorResult of the submit union; `__typename` lets Vendure's ErrorResult resolver and ours pick the type. */
function errorResult(typename: string, message: string, extra: Record<string, unknown> = {}) {
    const errorCode = typename.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();
    return { __typename: typename, errorCode, message, ...extra };
}

@Resolver('ProductReview')
export class ProductReviewFieldsResolver {
    @ResolveField()
    state(@Parent() review: ProductReview): string {
        return toGraphQLState(review.state);
    }
}

@Resolver('SubmitProductReviewResult')
export class SubmitProductReviewResultResolver {
    @ResolveField()
    __resolveType(value: { __typename?: string }): string {
        return value.__typename ?? 'ProductReview';
    }
}

@Resolver('Product')
export class ProductReviewSummaryResolver {
    constructor(private reviews: ReviewsService) {}

    @ResolveField()
    reviewSummary(@Ctx() ctx: RequestContext, @Parent() product: Product): Promise<ReviewSummary> {
        return this.reviews.summary(ctx, product.id);
    }
}

@Resolver()
export class ShopReviewsResolver {
    constructor(private reviews: ReviewsService) {}

    @Query()
    @Allow(Permission.Public)
    productReviews(@Ctx() ctx: RequestContext, @Args() args: { productId: ID; options?: { skip?: number | null; take?: number | null } | null }) {
        return this.reviews.approved(ctx, args.productId, args.options?.skip ?? 0, args.options?.take ?? PAGE_TAKE_DEFAULT);
    }

    @Query()
    @Allow(Permission.Public)
    myProductReview(@Ctx() ctx: RequestContext, @Args() args: { productId: ID }) {
        return this.reviews.mine(ctx, args.productId);
    }

    @Mutation()
    @Transaction()
    @Allow(Permission.Owner)
    async submitProductReview(@Ctx() ctx: RequestContext, @Args() args: { input: { productId: ID; rating: number; title?: string | null; text: string } }) {
        if (!ctx.activeUserId) throw new ForbiddenError();
        const result = await this.reviews.submit(ctx, args.input);
        switch (result.kind) {
            case 'ok':
                return result.review;
            case 'productNotFound':
                return errorResult('ReviewProductNotFoundError', 'Nie znaleźliśmy tego produktu.');
            case 'rateLimited':
                return errorResult('ReviewRateLimitError', 'Wysłano zbyt wiele opinii w krótkim czasie. Spróbuj ponownie później.', {
                    retryAfterSeconds: result.retryAfterSeconds,
                });
            case 'invalid': {
                const p = result.problem;
                if (p.code === 'rating') return errorResult('InvalidReviewRatingError', p.message);
                if (p.code === 'title') return errorResult('InvalidReviewTitleError', p.message, { maxLength: REVIEW_LIMITS.titleMax });
                return errorResult('InvalidReviewTextError', p.message, { minLength: REVIEW_LIMITS.textMin, maxLength: REVIEW_LIMITS.textMax });
            }
        }
    }
}

@Resolver()
export class AdminReviewsResolver {
    constructor(private reviews: ReviewsService) {}

    @Query()
    @Allow(Permission.ReadCatalog)
    productReviews(@Ctx() ctx: RequestContext, @Args() args: { state?: string | null; productId?: ID | null; skip?: number | null; take?: number | null }) {
        return this.reviews.list(ctx, { state: fromGraphQLState(args.state), productId: args.productId }, args.skip ?? 0, args.take ?? 50);
    }

    @Mutation()
    @Transaction()
    @Allow(Permission.UpdateCatalog)
    approveProductReview(@Ctx() ctx: RequestContext, @Args() args: { id: ID }) {
        return this.reviews.moderate(ctx, args.id, 'approved');
    }

    @Mutation()
    @Transaction()
    @Allow(Permission.UpdateCatalog)
    rejectProductReview(@Ctx() ctx: RequestContext, @Args() args: { id: ID }) {
        return this.reviews.moderate(ctx, args.id, 'rejected');
    }
}
