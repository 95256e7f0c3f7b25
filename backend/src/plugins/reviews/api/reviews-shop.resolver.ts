import { Args, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Allow, Ctx, ForbiddenError, ID, Permission, Product, RequestContext, Transaction } from '@vendure/core';
import { BOUNDS, bounded } from '../../../input-bounds';
import { PAGE_TAKE_DEFAULT } from '../reviews.constants';
import { REVIEW_LIMITS } from '../reviews.rules';
import { ReviewsService } from '../services/reviews.service';
import { ReviewSummary } from '../types';

/** An ErrorResult of the submit union; `__typename` lets Vendure's ErrorResult resolver and ours pick the type. */
function errorResult(typename: string, message: string, extra: Record<string, unknown> = {}) {
    const errorCode = typename.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();
    return { __typename: typename, errorCode, message, ...extra };
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
    productReviews(
        @Ctx() ctx: RequestContext,
        @Args() args: { productId: ID; options?: { skip?: number | null; take?: number | null } | null },
    ) {
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
    async submitProductReview(
        @Ctx() ctx: RequestContext,
        @Args() args: { input: { productId: ID; rating: number; title?: string | null; text: string } },
    ) {
        if (!ctx.activeUserId) throw new ForbiddenError();
        // raw bounds before the rules trim and join lines (reviews.rules.ts then holds the spec's 120 and 2000 characters)
        bounded(args.input.title, BOUNDS.reviewTitle, 'Tytuł opinii');
        bounded(args.input.text, BOUNDS.reviewText, 'Treść opinii');
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
                return errorResult('InvalidReviewTextError', p.message, {
                    minLength: REVIEW_LIMITS.textMin,
                    maxLength: REVIEW_LIMITS.textMax,
                });
            }
        }
    }
}
