/**
 * What a review may contain. The storefront's form checks the same limits
 * (features/reviews/review-rules.ts) so the shopper hears about a problem before sending;
 * the backend is the one that decides.
 */
export const REVIEW_LIMITS = {
    ratingMin: 1,
    ratingMax: 5,
    /** Shorter than this says nothing a star rating does not ("Super!"). */
    textMin: 10,
    textMax: 2000,
    titleMax: 120,
} as const;

export interface ReviewInput {
    rating: number;
    title?: string | null;
    text: string;
}

export type ReviewProblem = { code: 'rating'; message: string } | { code: 'text'; message: string } | { code: 'title'; message: string };

/** Length in characters as a person counts them (code points: an emoji is one, not two). */
export function charLength(s: string): number {
    return [...s].length;
}

/** Control characters other than tab and newline are never meaningful in a review. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * Normalises a review as written: line endings to `\n`, control characters dropped, outer
 * whitespace trimmed; the title on one line. Markup is kept as typed (it is text).
 */
export function normaliseReview(input: ReviewInput): { rating: number; title: string | null; text: string } {
    const text = input.text.replace(/\r\n?/g, '\n').replace(CONTROL, '').trim();
    const title = (input.title ?? '').replace(/\s+/g, ' ').replace(CONTROL, '').trim();
    return { rating: input.rating, title: title || null, text };
}

/** The first rule a (normalised) review breaks, with a Polish message for the shopper; null when it is fine. */
export function reviewProblem(review: { rating: number; title: string | null; text: string }): ReviewProblem | null {
    const L = REVIEW_LIMITS;
    if (!Number.isInteger(review.rating) || review.rating < L.ratingMin || review.rating > L.ratingMax) {
        return { code: 'rating', message: `Ocena musi być liczbą gwiazdek od ${L.ratingMin} do ${L.ratingMax}.` };
    }
    const n = charLength(review.text);
    if (n < L.textMin || n > L.textMax) {
        return { code: 'text', message: `Treść opinii musi mieć od ${L.textMin} do ${L.textMax} znaków (ma ${n}).` };
    }
    if (review.title && charLength(review.title) > L.titleMax) {
        return { code: 'title', message: `Tytuł opinii może mieć najwyżej ${L.titleMax} znaków.` };
    }
    return null;
}

/** "Anna K." from the customer's names; a customer without names is "Klient sklepu". */
export function authorName(firstName: string | null | undefined, lastName: string | null | undefined): string {
    const first = (firstName ?? '').trim();
    const initial = [...(lastName ?? '').trim()][0];
    if (!first) return initial ? `${initial.toUpperCase()}.` : 'Klient sklepu';
    return initial ? `${first} ${initial.toUpperCase()}.` : first;
}
