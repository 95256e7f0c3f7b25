import { type ComponentType, lazy } from 'react';
import { loadOnce } from './load-once';
import { whenIdle } from './when-idle';

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
    const observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && go(), { rootMargin: '200px' })
        : null;
    function go() {
      for (const type of INTERACTIONS) removeEventListener(type, go, true);
      observer?.disconnect();
      // once the tap (or scroll) that asked has been answered: loading and hydrating the part
      // would otherwise delay that tap's own events
      whenIdle(resolve);
    }
    for (const type of INTERACTIONS) addEventListener(type, go, { capture: true, passive: true });
    observer?.observe(section);
  });
}

/**
 * A tap on a button of a part whose code has not come in yet is kept (its default action stopped)
 * and made again once the part is hydrated: "Napisz opinię" tapped at once still opens the form.
 */
function keepTap(part: Element): { replay(): void } {
  let kept: HTMLButtonElement | null = null;
  const onClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !part.contains(button) || button.form?.getAttribute('action')) return;
    event.preventDefault();
    kept = button;
  };
  part.addEventListener('click', onClick, true);
  return {
    replay() {
      part.removeEventListener('click', onClick, true);
      if (kept?.isConnected && !kept.disabled) kept.click();
    },
  };
}

/**
 * A part of a page hydrated on its own, from its own chunk: its code is no part of the page's
 * first-load JS. Wrap the component in `<Suspense>`.
 *
 * The worker hands the real component over at start-up (`provide`, worker/render/islands.ts), so
 * server rendering has it at once: the HTML always carries the whole part (crawlers, no-JS
 * shoppers, the edge cache) and React never streams a fallback with an inline swap script (which
 * the CSP would block anyway). Hydrating a page, the runtime keeps the server's HTML of the part and
 * hydrates it once its chunk is in, while the rest of the page is already live. The part renders
 * one element: Preact keeps the first element after a suspended part (decision 122), so a part
 * that renders nothing would hold on to its next sibling; render it only when it has content.
 *
 * `anchorId` (a section below the fold: the reviews, the related products): the chunk is asked
 * for when the element `#anchorId` nears the viewport or the shopper first interacts with the
 * page. Without it (a part only some pages of a type show: an account section, the locker
 * picker) the chunk is asked for at once; such a page loads it with `preload()` before it
 * renders (its page module's `prepare(data)`, awaited by `loadPageComponent` in
 * client/page-modules.ts), so it hydrates whole. Rendered in the browser
 * (a client navigation: no server HTML of the part on the page yet) it loads at once (once per visit).
 */
export function deferredIsland<P extends object>(load: () => Promise<ComponentType<P>>, anchorId?: string) {
  /** Set once per isolate by the worker, never in the browser. */
  let server: ComponentType<P> | null = null;
  /** The browser's copy once its chunk is in (`preload`, or the first render). */
  let loaded: ComponentType<P> | null = null;
  const fetchChunk = loadOnce(() => load().then((component) => (loaded = component)));
  const Component = lazy<ComponentType<P>>(() => {
    const ready = server ?? loaded;
    if (ready) return now({ default: ready });
    const loadChunk = () => fetchChunk().then((component) => ({ default: component }));
    const fromServer = anchorId ? document.getElementById(anchorId) : null;
    if (!fromServer) return loadChunk();
    const tap = keepTap(fromServer);
    return wanted(fromServer)
      .then(loadChunk)
      .then((module) => {
        // after the render that hydrates the part (a microtask of the runtime's)
        setTimeout(tap.replay);
        return module;
      });
  });
  return {
    Component,
    provide(component: ComponentType<P>): void {
      server = component;
    },
    /** Loads the chunk now; rendered afterwards, the part does not suspend. */
    preload: fetchChunk,
  };
}
