import type { Rule } from '../../lib/forms/validation';
import { reviewFormTexts } from '../../texts/review-form';

/** The backend's limits (backend/src/plugins/reviews/rules.ts); the backend decides, this only warns early. */
export const REVIEW_LIMITS = { textMin: 10, textMax: 2000, titleMax: 120 } as const;

const E = reviewFormTexts.errors;

/** Characters as a person counts them (an emoji is one), after trimming, as the backend counts. */
export const reviewLength = (value: string): number => [...value.trim()].length;

export const reviewRules: Record<'rating' | 'title' | 'text', readonly Rule[]> = {
  rating: [(v) => (/^[1-5]$/.test(v) ? null : E.rating)],
  title: [(v) => (reviewLength(v) > REVIEW_LIMITS.titleMax ? E.titleLong(REVIEW_LIMITS.titleMax) : null)],
  text: [
    (v) => {
      const n = reviewLength(v);
      if (n < REVIEW_LIMITS.textMin) return E.textShort(REVIEW_LIMITS.textMin);
      return n > REVIEW_LIMITS.textMax ? E.textLong(REVIEW_LIMITS.textMax) : null;
    },
  ],
};
