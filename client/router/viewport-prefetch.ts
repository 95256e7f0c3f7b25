import { whenIdle } from '../lib/chunks/when-idle';
import { matchRoute } from './routes';

/**
 * Viewport prefetch of page code (decision 029, decision 128): once the shopper has interacted
 * with the page, the code of a page one of its links leads to loads when that link comes into
 * view, so the tap that follows renders without waiting for a chunk.
 *
 * What it costs the phone is kept small (issue 42):
 * - It starts after the first interaction has been answered: a tap's `click`, a key's `keyup`,
 *   a scroll's `scrollend` (at the latest `SETTLE_MS` after the interaction began), then when the
 *   browser is idle. Started on `pointerdown`, its set-up ran between the tap's `pointerdown` and
 *   its `click`, and delayed the tap.
 * - One link per page is enough: a link is watched only if its page's code has not been asked for
 *   (nor is the page shown), and once one link of a page comes into view every other link of that
 *   page stops being watched. A listing's 40 product cards are one request for the product page's
 *   code and one callback, not 80.
 */

/** What makes the shopper's first interaction. */
const STARTS = ['scroll', 'pointerdown', 'keydown', 'touchstart'] as const;
/** What ends it: the events whose handlers answer it. */
const ENDS = ['click', 'keyup', 'scrollend'] as const;
/** An interaction without one of `ENDS` (a long press, a cancelled touch) counts as ended after this. */
const SETTLE_MS = 1000;

export interface ViewportPrefetch {
  /** Watches the links of the page shown (call after each navigation). */
  scan(): void;
  stop(): void;
}

/**
 * @param prefetchCode loads the code of the page `href` leads to (router.prefetch(href, 'code'))
 * @param shownPage the page shown now, whose code is already loaded
 */
export function startViewportPrefetch(prefetchCode: (href: string) => void, shownPage: () => string | null): ViewportPrefetch {
  if (typeof IntersectionObserver !== 'function') return { scan() {}, stop() {} };
  const requested = new Set<string>();
  const watched = new Map<string, Set<HTMLAnchorElement>>();
  const pageOfLink = new WeakMap<Element, string>();
  let observer: IntersectionObserver | null = null;
  let stopped = false;
  let settleTimer: ReturnType<typeof setTimeout> | undefined;

  const unwatch = (page: string) => {
    for (const link of watched.get(page) ?? []) observer?.unobserve(link);
    watched.delete(page);
  };

  const scan = () => {
    if (!observer) return;
    const shown = shownPage();
    if (shown) {
      requested.add(shown);
      unwatch(shown);
    }
    // Links of the page left behind by a client navigation.
    for (const links of watched.values()) {
      for (const link of links) {
        if (link.isConnected) continue;
        observer.unobserve(link);
        links.delete(link);
      }
    }
    for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href^="/"]')) {
      if (watched.get(pageOfLink.get(link) ?? '')?.has(link)) continue;
      const page = pageOf(link);
      if (!page || requested.has(page)) continue;
      pageOfLink.set(link, page);
      let links = watched.get(page);
      if (!links) watched.set(page, (links = new Set()));
      links.add(link);
      observer.observe(link);
    }
  };

  const start = () => {
    if (stopped || observer) return;
    observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const page = pageOfLink.get(entry.target);
        if (!page || requested.has(page)) continue;
        requested.add(page);
        unwatch(page);
        prefetchCode((entry.target as HTMLAnchorElement).href);
      }
    });
    scan();
  };

  const ended = () => {
    for (const type of ENDS) window.removeEventListener(type, ended, true);
    clearTimeout(settleTimer);
    if (!stopped) whenIdle(start);
  };

  const began = () => {
    for (const type of STARTS) window.removeEventListener(type, began, true);
    // Capture phase: armed before the interaction's own handlers run, so its end is not missed.
    for (const type of ENDS) window.addEventListener(type, ended, { capture: true, passive: true });
    settleTimer = setTimeout(ended, SETTLE_MS);
  };

  for (const type of STARTS) window.addEventListener(type, began, { capture: true, passive: true });

  return {
    scan,
    stop() {
      stopped = true;
      for (const type of STARTS) window.removeEventListener(type, began, true);
      for (const type of ENDS) window.removeEventListener(type, ended, true);
      clearTimeout(settleTimer);
      observer?.disconnect();
      watched.clear();
    },
  };
}

/** The page a same-origin link to a known route opens in this tab, or null. */
export function pageOf(link: HTMLAnchorElement): string | null {
  if (link.target && link.target !== '_self') return null;
  if (link.hasAttribute('download') || link.getAttribute('rel')?.includes('external')) return null;
  if (link.origin !== location.origin) return null;
  return matchRoute(link.pathname)?.route.page ?? null;
}
