/**
 * Product reviews (issue 17): customers' reviews with moderation and a verified-purchase flag.
 * See api/ for the GraphQL (reviews.api-extensions.ts the schema, one resolver file per API),
 * services/reviews.service.ts for the rules of submitting, reviews.rules.ts for the limits.
 *
 * @example
 * plugins: [ReviewsPlugin.init({ autoApproveVerified: process.env.REVIEWS_AUTO_APPROVE_VERIFIED === '1' })]
 */
import { PluginCommonModule, VendurePlugin } from '@vendure/core';
import { AdminProductReviewFieldsResolver, ProductReviewFieldsResolver } from './api/product-review-entity.resolver';
import { adminApiExtensions, shopApiExtensions } from './api/reviews.api-extensions';
import { AdminReviewsResolver } from './api/reviews-admin.resolver';
import { ProductReviewSummaryResolver, ShopReviewsResolver, SubmitProductReviewResultResolver } from './api/reviews-shop.resolver';
import { ProductReviewSubmission } from './entities/product-review-submission.entity';
import { ProductReview } from './entities/product-review.entity';
import { DEFAULT_REVIEWS_OPTIONS, REVIEWS_OPTIONS } from './reviews.constants';
import { moderateReviews } from './reviews.permissions';
import { ReviewsService } from './services/reviews.service';
import { ReviewsOptions } from './types';

@VendurePlugin({
    imports: [PluginCommonModule],
    providers: [ReviewsService, { provide: REVIEWS_OPTIONS, useFactory: () => ReviewsPlugin.options }],
    // the catalogue read model builds its documents with it
    exports: [ReviewsService],
    entities: [ProductReview, ProductReviewSubmission],
    shopApiExtensions: {
        schema: shopApiExtensions,
        resolvers: [ShopReviewsResolver, ProductReviewSummaryResolver, ProductReviewFieldsResolver, SubmitProductReviewResultResolver],
    },
    adminApiExtensions: {
        schema: adminApiExtensions,
        resolvers: [AdminReviewsResolver, ProductReviewFieldsResolver, AdminProductReviewFieldsResolver],
    },
    configuration: config => {
        config.authOptions.customPermissions.push(moderateReviews);
        return config;
    },
    // the moderation screen of Vendure's Dashboard (built by backend/dashboard/, docs/dashboard-extensions.md)
    dashboard: './dashboard/index.tsx',
    compatibility: '^3.0.0',
})
export class ReviewsPlugin {
    static options: ReviewsOptions = DEFAULT_REVIEWS_OPTIONS;

    static init(options: Partial<ReviewsOptions>): typeof ReviewsPlugin {
        ReviewsPlugin.options = { ...DEFAULT_REVIEWS_OPTIONS, ...options };
        return ReviewsPlugin;
    }
}
