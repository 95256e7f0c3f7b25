import { loadPageComponent } from '../page-modules';
import { matchRoute } from './routes';
import { type PageComponent, type PagePayload, type Router, type RouterState, readPayload } from './types';

/** The part of `window.history` the router uses. */
interface RouterHistory {
  readonly state: unknown;
  pushState(data: unknown, unused: string, url?: string | URL | null): void;
  replaceState(data: unknown, unused: string, url?: string | URL | null): void;
}

/** The part of `window.location` the router uses. */
interface RouterLocation {
  readonly href: string;
  readonly origin: string;
  assign(url: string): void;
  reload(): void;
}

/** What `prefetchAllowed` reads of `navigator` (the Network Information API is not in lib.dom). */
interface ConnectionInfo {
  connection?: { saveData?: boolean; effectiveType?: string };
}

/**
 * The browser environment of `createBrowserRouter`, injectable for tests.
 * Every default reads the browser global when it is used, not when the module loads.
 */
export interface RouterDeps {
  history: RouterHistory;
  location: RouterLocation;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** Remembers the last chunk-failure reload across reloads. */
  sessionStorage: Pick<Storage, 'getItem' | 'setItem'>;
  /** Current vertical scroll position (`scrollY`). */
  readScroll: () => number;
  /**
   * Restores the view after a navigation rendered: scrolls to the element named by
   * `hash` when there is one, else to `y`, and moves focus to `#main`.
   */
  writeScroll: (y: number, hash: string) => void;
  /** Runs `callback` before the next paint (`requestAnimationFrame`). */
  requestFrame: (callback: () => void) => void;
  /** Loads the chunk of a page (by its name; null: the error screen), and what it needs to render `data` (default: `loadPage`). */
  loadPage: (page: string | null, data?: unknown) => Promise<PageComponent | null>;
  /** Applies a page's head (title, description, canonical) to the document. */
  applyHead: (head: PagePayload['head']) => void;
  now: () => number;
  /** Read by `prefetchAllowed`. */
  navigator: Navigator | ConnectionInfo;
}

/** A router that never changes: what the worker renders with. */
export function staticRouter(payload: PagePayload, Page: RouterState['Page'], url: string): Router {
  const state: RouterState = { payload, Page, url, pending: false, failed: false, navigationId: 0 };
  return {
    getState: () => state,
    subscribe: () => () => {},
    navigate: async () => {},
    prefetch: () => {},
  };
}

/** The page component the payload names (null on the error screen), with what it needs to render `data`. */
export async function loadPage(page: string | null, data?: unknown): Promise<RouterState['Page']> {
  if (!page) return null;
  return loadPageComponent(page, data);
}

const DATA_TIMEOUT_MS = 5000;
const PREFETCH_TTL_MS = 30_000;
const CHUNK_RELOAD_KEY = 'chunk-reload-at';
const CHUNK_RELOAD_INTERVAL_MS = 60_000;

interface Fetched {
  payload: PagePayload;
  url: string;
}

/** The real browser environment; each member touches its global only when called. */
function browserDeps(): RouterDeps {
  return {
    history: {
      get state(): unknown {
        return history.state;
      },
      pushState: (...args: Parameters<RouterHistory['pushState']>) => history.pushState(...args),
      replaceState: (...args: Parameters<RouterHistory['replaceState']>) => history.replaceState(...args),
    },
    location: {
      get href() {
        return location.href;
      },
      get origin() {
        return location.origin;
      },
      assign: (url) => location.assign(url),
      reload: () => location.reload(),
    },
    fetch: (url, init) => fetch(url, init),
    sessionStorage: {
      getItem: (key) => sessionStorage.getItem(key),
      setItem: (key, value) => sessionStorage.setItem(key, value),
    },
    readScroll: () => scrollY,
    writeScroll: restoreView,
    requestFrame: (callback) => void requestAnimationFrame(() => callback()),
    loadPage,
    applyHead,
    now: () => Date.now(),
    get navigator() {
      return navigator;
    },
  };
}

/** Browser router: fetches the loader JSON of the next URL and renders it without a reload. */
export function createBrowserRouter(initial: RouterState, deps: Partial<RouterDeps> = {}): Router {
  const defaults = browserDeps();
  // Looked up on use, so a default getter (e.g. `navigator`) is read only when needed.
  const env = <K extends keyof RouterDeps>(key: K): RouterDeps[K] => deps[key] ?? defaults[key];

  let state = initial;
  const listeners = new Set<() => void>();
  const prefetched = new Map<string, { at: number; promise: Promise<Fetched> }>();
  let current: AbortController | null = null;

  const set = (patch: Partial<RouterState>) => {
    state = { ...state, ...patch };
    for (const l of listeners) l();
  };

  const fetchPayload = (url: string, signal?: AbortSignal): Promise<Fetched> =>
    env('fetch')(url, { headers: { Accept: 'application/json' }, signal, credentials: 'same-origin' }).then(async (res) => {
      const type = res.headers.get('content-type') ?? '';
      if (!type.includes('application/json')) throw new HardNavigation(res.url || url);
      const location = env('location');
      const finalUrl = new URL(res.url || url, location.href);
      if (finalUrl.origin !== location.origin) throw new HardNavigation(finalUrl.href);
      // Not a page payload (a proxy's error page, a half-written body): let the browser load it.
      const payload = await res
        .json()
        .then(readPayload, () => null)
        .catch(() => null);
      if (!payload) throw new HardNavigation(finalUrl.href);
      return { payload, url: finalUrl.pathname + finalUrl.search };
    });

  const cachedPayload = (url: string, signal: AbortSignal): Promise<Fetched> => {
    const hit = prefetched.get(url);
    prefetched.delete(url);
    if (hit && env('now')() - hit.at < PREFETCH_TTL_MS) return hit.promise;
    return fetchPayload(url, signal);
  };

  /**
   * A page chunk that fails to load (typically after a deploy replaced it) reloads
   * the page, at most once per minute (spec §8).
   */
  const importWithReload = async (page: string | null, data: unknown): Promise<RouterState['Page']> => {
    try {
      return await env('loadPage')(page, data);
    } catch (error) {
      const storage = env('sessionStorage');
      const now = env('now');
      const last = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? 0);
      if (now() - last > CHUNK_RELOAD_INTERVAL_MS) {
        storage.setItem(CHUNK_RELOAD_KEY, String(now()));
        env('location').reload();
        await new Promise(() => {});
      }
      throw error;
    }
  };

  const afterRender = (scroll: number, hash: string): void => {
    env('requestFrame')(() => env('writeScroll')(scroll, hash));
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async navigate(href, options = {}) {
      const history = env('history');
      const target = new URL(href, env('location').href);
      const url = target.pathname + target.search;
      current?.abort();
      const controller = new AbortController();
      current = controller;
      const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), DATA_TIMEOUT_MS);
      set({ pending: true, failed: false });
      try {
        const fetched = await cachedPayload(url, controller.signal);
        const Page = fetched.payload.route === 'error' ? null : await importWithReload(fetched.payload.page, fetched.payload.data);
        if (controller.signal.aborted) return;
        if (!options.pop) {
          history.replaceState({ ...((history.state ?? {}) as object), scroll: env('readScroll')() }, '');
          const method = options.replace ? 'replaceState' : 'pushState';
          history[method]({ scroll: 0 }, '', fetched.url + target.hash);
        } else if (fetched.url !== url) {
          history.replaceState(history.state, '', fetched.url + target.hash);
        }
        set({ payload: fetched.payload, Page, url: fetched.url, pending: false, failed: false, navigationId: state.navigationId + 1 });
        env('applyHead')(fetched.payload.head);
        afterRender(options.pop ? ((history.state as { scroll?: number } | null)?.scroll ?? 0) : 0, target.hash);
      } catch (error) {
        if (error instanceof HardNavigation) {
          env('location').assign(error.href);
          return;
        }
        if (current !== controller) return;
        console.error('Navigation failed', error);
        set({ pending: false, failed: true });
      } finally {
        clearTimeout(timer);
        if (current === controller) current = null;
      }
    },
    prefetch(href, what = 'data') {
      if (!prefetchAllowed(env('navigator'))) return;
      const location = env('location');
      const target = new URL(href, location.href);
      if (target.origin !== location.origin) return;
      const match = matchRoute(target.pathname);
      if (!match) return;
      void env('loadPage')(match.route.page).catch(() => {});
      if (what === 'code') return;
      const url = target.pathname + target.search;
      const now = env('now');
      const hit = prefetched.get(url);
      if (hit && now() - hit.at < PREFETCH_TTL_MS) return;
      const promise = fetchPayload(url);
      promise.catch(() => prefetched.delete(url));
      // With the data known, what the page needs to render it (an account section's chunk) loads too.
      promise.then(({ payload }) => (payload.route === 'error' ? null : env('loadPage')(payload.page, payload.data))).catch(() => {});
      prefetched.set(url, { at: now(), promise });
    },
  };
}

class HardNavigation extends Error {
  constructor(readonly href: string) {
    super('hard navigation');
  }
}

/** Skips prefetching on data-saver or 2g connections (spec §9). */
export function prefetchAllowed(nav: Navigator | ConnectionInfo = navigator): boolean {
  const connection = (nav as ConnectionInfo).connection;
  if (!connection) return true;
  if (connection.saveData) return false;
  return !(connection.effectiveType ?? '').includes('2g');
}

function applyHead(head: PagePayload['head']): void {
  document.title = head.title;
  const description = document.querySelector('meta[name="description"]');
  if (description) description.setAttribute('content', head.description ?? '');
  const canonical = document.querySelector('link[rel="canonical"]');
  if (canonical && head.canonical) canonical.setAttribute('href', head.canonical);
}

function restoreView(scroll: number, hash: string): void {
  const anchor = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
  // Parts below the first screen are laid out only near the viewport (content-visibility, decision
  // 123): while scrolling to a position or an anchor, everything is laid out at its real height, so
  // the shopper lands where they left; two frames later `auto` remembers those heights.
  const root = document.documentElement;
  if (anchor || scroll > 0) {
    root.dataset.layoutAll = '';
    requestAnimationFrame(() => requestAnimationFrame(() => delete root.dataset.layoutAll));
  }
  if (anchor) anchor.scrollIntoView();
  else window.scrollTo(0, scroll);
  const main = document.getElementById('main');
  main?.focus({ preventScroll: true });
}
