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

/** Events that mean a shopper is using the page (the same rule as the router's viewport prefetch). */
const INTERACTIONS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/**
 * Resolves when the section is wanted: it comes near the viewport, or the shopper interacts with
 * the page (scrolls, taps, presses a key), whichever is first.
 */
function wanted(section: Element): Promise<void> {
  return new Promise((resolve) => {
    const observer = typeof IntersectionObserver === 'function' ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && go(), { rootMargin: '200px' }) : null;
    function go() {
      for (const type of INTERACTIONS) removeEventListener(type, go, true);
      observer?.disconnect();
      resolve();
    }
    for (const type of INTERACTIONS) addEventListener(type, go, { capture: true, passive: true });
    observer?.observe(section);
  });
}

/**
 * The reviews section, hydrated on its own: far below the fold and read-only until someone asks
 * for the form or more reviews, its code is no part of the product page's first-load JS. Wrap it
 * in `<Suspense>`. Hydrating a page, React keeps the server's HTML of the section and hydrates it
 * once its chunk is in, which is asked for when the section nears the viewport or the shopper
 * first interacts with the page. Rendered in the browser (a client navigation: no server HTML of
 * the section on the page yet) it loads at once (once per visit).
 */
export const DeferredReviewsSection = lazy<Section>(() => {
  if (serverSection) return now({ default: serverSection });
  const load = () => import('./ReviewsSection').then((m) => ({ default: m.ReviewsSection }));
  const fromServer = document.getElementById('opinie');
  return fromServer ? wanted(fromServer).then(load) : load();
});
