import { type ComponentType, lazy } from 'react';
import type { ReviewsData } from '../../lib/reviews';

type Section = ComponentType<{ data: ReviewsData }>;

/** Set once per isolate by the worker (worker/loaders/product.ts), never in the browser. */
let serverSection: Section | null = null;

/**
 * The worker hands the section over at start-up, so server rendering has it at once: the HTML
 * always carries the whole section (crawlers, no-JS shoppers, the edge cache) and React never
 * streams a fallback with an inline swap script (which the CSP would block anyway).
 */
export function provideReviewsSection(section: Section): void {
  serverSection = section;
}

/** A thenable that calls back at once: React's lazy then treats the component as loaded and does not suspend. */
function now<T>(value: T): Promise<T> {
  // only `then` is ever called by React; the cast names what React's types ask for
  return { then: (onFulfilled?: (v: T) => unknown) => now(onFulfilled ? onFulfilled(value) : value) } as unknown as Promise<T>;
}

/**
 * The reviews section, hydrated on its own: below the fold and read-only until someone asks for
 * the form or more reviews, its code is not part of the product page's first-load JS. In the
 * browser React keeps the server's HTML of the section (wrap it in `<Suspense>`) and hydrates it
 * when this chunk has arrived, which it requests during hydration; a click before that is replayed.
 * On a client navigation the section appears when its chunk is in (once per visit).
 */
export const DeferredReviewsSection = lazy<Section>(() =>
  serverSection ? now({ default: serverSection }) : import('./ReviewsSection').then((m) => ({ default: m.ReviewsSection })),
);
