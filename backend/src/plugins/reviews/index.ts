/**
 * Product reviews (issue 17): customers' reviews with moderation and a verified-purchase flag.
 * See api.ts for the GraphQL, service.ts for the rules of submitting, rules.ts for the limits.
 *
 * @example
 * plugins: [ReviewsPlugin.init({ autoApproveVerified: process.env.REVIEWS_AUTO_APPROVE_VERIFIED === '1' })]
 */
import { PluginCommonModule, VendurePlugin } from '@vendure/core';
import {
    AdminReviewsResolver,
    adminSchema,
    ProductReviewFieldsResolver,
    ProductReviewSummaryResolver,
    ShopReviewsResolver,
    shopSchema,
    SubmitProductReviewResultResolver,
} from './api';
import { ProductReview, ProductReviewSubmission } from './entities';
import { DEFAULT_REVIEWS_OPTIONS, REVIEWS_OPTIONS, ReviewsOptions, ReviewsService } from './service';

export { ProductReview, ProductReviewSubmission } from './entities';
export { REVIEW_LIMITS } from './rules';

@VendurePlugin({
    imports: [PluginCommonModule],
    providers: [ReviewsService, { provide: REVIEWS_OPTIONS, useFactory: () => ReviewsPlugin.options }],
    entities: [ProductReview, ProductReviewSubmission],
    shopApiExtensions: {
        schema: shopSchema,
        resolvers: [ShopReviewsResolver, ProductReviewSummaryResolver, ProductReviewFieldsResolver, SubmitProductReviewResultResolver],
    },
    adminApiExtensions: {
        schema: adminSchema,
        resolvers: [AdminReviewsResolver, ProductReviewFieldsResolver],
    },
    compatibility: '^3.0.0',
})
export class ReviewsPlugin {
    static options: ReviewsOptions = DEFAULT_REVIEWS_OPTIONS;

    static init(options: Partial<ReviewsOptions>): typeof ReviewsPlugin {
        ReviewsPlugin.options = { ...DEFAULT_REVIEWS_OPTIONS, ...options };
        return ReviewsPlugin;
    }
}
