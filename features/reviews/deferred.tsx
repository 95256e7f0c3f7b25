import type { ReviewsData } from './review-items';
import { deferredIsland } from '../../client/lib/chunks/deferred-island';

/** The reviews section (`#opinie`), far below the fold and read-only until someone asks for the form or more reviews. */
const reviews = deferredIsland<{ data: ReviewsData }>(() => import('./ReviewsSection').then((m) => m.ReviewsSection), 'opinie');

export const DeferredReviewsSection = reviews.Component;
export const provideReviewsSection = reviews.provide;
