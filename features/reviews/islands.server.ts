import { provideReviewsSection } from './deferred';
import { ReviewsSection } from './ReviewsSection';

// The reviews section below the product page's fold, hydrated from its own chunk; the server renders it in place.
provideReviewsSection(ReviewsSection);
