import type { Rule } from '../../client/lib/forms/validation';
import { reviewFormTexts } from './review-form.texts';

type Field = 'rating' | 'title' | 'text';

/** The backend's limits (backend/src/plugins/reviews/reviews.rules.ts); the backend decides, this only warns early. */
export const REVIEW_LIMITS = { textMin: 10, textMax: 2000, titleMax: 120 } as const;

const E = reviewFormTexts.errors;

/** Characters as a person counts them (an emoji is one), after trimming, as the backend counts. */
export const reviewLength = (value: string): number => [...value.trim()].length;

const reviewRules: Record<Field, readonly Rule[]> = {
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

/**
 * Field → message for the fields that break a rule, in field order (the first is focused): the
 * same contract as `validate` in lib/forms/validation.ts. Not imported from there: that module
 * (and the form texts it brings) sits in the account pages' chunk, and a second importer here
 * would split it out of that chunk for every account page and the login modal.
 */
export function reviewProblems(values: Record<Field, string>): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  for (const field of Object.keys(reviewRules) as Field[]) {
    for (const rule of reviewRules[field]) {
      const message = rule(values[field]);
      if (message) {
        problems[field] = message;
        break;
      }
    }
  }
  return problems;
}
