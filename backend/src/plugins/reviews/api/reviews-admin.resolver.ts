import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Allow, Ctx, ID, Permission, RequestContext, Transaction } from '@vendure/core';
import { moderateReviews } from '../reviews.permissions';
import { ReviewsService } from '../services/reviews.service';
import { ReviewState } from '../types';

const fromGraphQLState = (s: string | null | undefined): ReviewState | null => (s ? (s.toLowerCase() as ReviewState) : null);

@Resolver()
export class AdminReviewsResolver {
    constructor(private reviews: ReviewsService) {}

    @Query()
    @Allow(Permission.ReadCatalog, moderateReviews.Permission)
    productReviews(
        @Ctx() ctx: RequestContext,
        @Args() args: { state?: string | null; productId?: ID | null; skip?: number | null; take?: number | null },
    ) {
        return this.reviews.list(ctx, { state: fromGraphQLState(args.state), productId: args.productId }, args.skip ?? 0, args.take ?? 50);
    }

    @Mutation()
    @Transaction()
    @Allow(Permission.UpdateCatalog, moderateReviews.Permission)
    approveProductReview(@Ctx() ctx: RequestContext, @Args() args: { id: ID }) {
        return this.reviews.moderate(ctx, args.id, 'approved');
    }

    @Mutation()
    @Transaction()
    @Allow(Permission.UpdateCatalog, moderateReviews.Permission)
    rejectProductReview(@Ctx() ctx: RequestContext, @Args() args: { id: ID }) {
        return this.reviews.moderate(ctx, args.id, 'rejected');
    }
}
