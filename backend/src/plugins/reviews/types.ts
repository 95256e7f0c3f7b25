import type { ProductReview } from './entities/product-review.entity';
import type { ReviewProblem } from './reviews.rules';

export type { ReviewState } from './entities/product-review.entity';

export interface ReviewsOptions {
    /** Reviews of verified purchases are approved at once (REVIEWS_AUTO_APPROVE_VERIFIED=1); all others wait for moderation. */
    autoApproveVerified: boolean;
    /** Accepted submissions (new or edited) per customer within the window. */
    rateLimit: { max: number; windowMinutes: number };
}

export interface ReviewSummary {
    /** Mean rating of the approved reviews, two decimals; null without reviews. */
    average: number | null;
    count: number;
    /** Counts of 5, 4, 3, 2 and 1 stars, in that order. */
    histogram: Array<{ rating: number; count: number }>;
}

export type SubmitResult =
    | { kind: 'ok'; review: ProductReview }
    | { kind: 'invalid'; problem: ReviewProblem }
    | { kind: 'rateLimited'; retryAfterSeconds: number }
    | { kind: 'productNotFound' };
