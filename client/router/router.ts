import type { ComponentType } from 'react';
import { matchRoute, pageModules, routeById } from '../routes';
import type { PagePayload, PageProps } from './types';

export interface RouterState {
  payload: PagePayload;
  Page: ComponentType<PageProps<any>> | null;
  /** Path and query of the page shown. */
  url: string;
  /** Navigation in flight (the loading bar decides when to show it). */
  pending: boolean;
  /** The last navigation failed (loading bar "failed" style). */
  failed: boolean;
  /** Increments on every completed navigation, for effects that reset per page. */
  navigationId: number;
}

export interface Router {
  getState(): RouterState;
  subscribe(listener: () => void): () => void;
  navigate(href: string, options?: { replace?: boolean; pop?: boolean }): Promise<void>;
  prefetch(href: string, what?: 'data' | 'code'): void;
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

export async function loadPage(routeId: string): Promise<RouterState['Page']> {
  const route = routeById(routeId);
  if (!route) return null;
  const mod = await pageModules[route.page]();
  return mod.default;
}

const DATA_TIMEOUT_MS = 5000;
const PREFETCH_TTL_MS = 30_000;
const CHUNK_RELOAD_KEY = 'chunk-reload-at';
const CHUNK_RELOAD_INTERVAL_MS = 60_000;

interface Fetched {
  payload: PagePayload;
  url: string;
}

/** Browser router: fetches the loader JSON of the next URL and renders it without a reload. */
export function createBrowserRouter(initial: RouterState): Router {
  let state = initial;
  const listeners = new Set<() => void>();
  const prefetched = new Map<string, { at: number; promise: Promise<Fetched> }>();
  let current: AbortController | null = null;

  const set = (patch: Partial<RouterState>) => {
    state = { ...state, ...patch };
    for (const l of listeners) l();
  };

  const fetchPayload = (url: string, signal?: AbortSignal): Promise<Fetched> =>
    fetch(url, { headers: { Accept: 'application/json' }, signal, credentials: 'same-origin' }).then(async (res) => {
      const type = res.headers.get('content-type') ?? '';
      if (!type.includes('application/json')) throw new HardNavigation(res.url || url);
      const finalUrl = new URL(res.url || url, location.href);
      if (finalUrl.origin !== location.origin) throw new HardNavigation(finalUrl.href);
      return { payload: (await res.json()) as PagePayload, url: finalUrl.pathname + finalUrl.search };
    });

  const cachedPayload = (url: string, signal: AbortSignal): Promise<Fetched> => {
    const hit = prefetched.get(url);
    prefetched.delete(url);
    if (hit && Date.now() - hit.at < PREFETCH_TTL_MS) return hit.promise;
    return fetchPayload(url, signal);
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async navigate(href, options = {}) {
      const target = new URL(href, location.href);
      const url = target.pathname + target.search;
      current?.abort();
      const controller = new AbortController();
      current = controller;
      const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), DATA_TIMEOUT_MS);
      set({ pending: true, failed: false });
      try {
        const fetched = await cachedPayload(url, controller.signal);
        const Page = fetched.payload.route === 'error' ? null : await importWithReload(fetched.payload.route);
        if (controller.signal.aborted) return;
        if (!options.pop) {
          history.replaceState({ ...(history.state ?? {}), scroll: scrollY }, '');
          const method = options.replace ? 'replaceState' : 'pushState';
          history[method]({ scroll: 0 }, '', fetched.url + target.hash);
        } else if (fetched.url !== url) {
          history.replaceState(history.state, '', fetched.url + target.hash);
        }
        set({ payload: fetched.payload, Page, url: fetched.url, pending: false, failed: false, navigationId: state.navigationId + 1 });
        applyHead(fetched.payload);
        afterRender(options.pop ? ((history.state as { scroll?: number } | null)?.scroll ?? 0) : 0, target.hash);
      } catch (error) {
        if (error instanceof HardNavigation) {
          location.assign(error.href);
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
      if (!prefetchAllowed()) return;
      const target = new URL(href, location.href);
      if (target.origin !== location.origin) return;
      const match = matchRoute(target.pathname);
      if (!match) return;
      void pageModules[match.route.page]().catch(() => {});
      if (what === 'code') return;
      const url = target.pathname + target.search;
      const hit = prefetched.get(url);
      if (hit && Date.now() - hit.at < PREFETCH_TTL_MS) return;
      const promise = fetchPayload(url);
      promise.catch(() => prefetched.delete(url));
      prefetched.set(url, { at: Date.now(), promise });
    },
  };
}

class HardNavigation extends Error {
  constructor(readonly href: string) {
    super('hard navigation');
  }
}

/** Skips prefetching on data-saver or 2g connections (spec §9). */
export function prefetchAllowed(nav: Navigator = navigator): boolean {
  const connection = (nav as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  if (!connection) return true;
  if (connection.saveData) return false;
  return !(connection.effectiveType ?? '').includes('2g');
}

/**
 * A page chunk that fails to load (typically after a deploy replaced it) reloads
 * the page, at most once per minute (spec §8).
 */
async function importWithReload(routeId: string): Promise<RouterState['Page']> {
  try {
    return await loadPage(routeId);
  } catch (error) {
    const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0);
    if (Date.now() - last > CHUNK_RELOAD_INTERVAL_MS) {
      sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
      location.reload();
      await new Promise(() => {});
    }
    throw error;
  }
}

function applyHead(payload: PagePayload): void {
  document.title = payload.head.title;
  const description = document.querySelector('meta[name="description"]');
  if (description) description.setAttribute('content', payload.head.description ?? '');
  const canonical = document.querySelector('link[rel="canonical"]');
  if (canonical && payload.head.canonical) canonical.setAttribute('href', payload.head.canonical);
}

function afterRender(scroll: number, hash: string): void {
  requestAnimationFrame(() => {
    const anchor = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (anchor) anchor.scrollIntoView();
    else window.scrollTo(0, scroll);
    const main = document.getElementById('main');
    main?.focus({ preventScroll: true });
  });
}
