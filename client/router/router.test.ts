import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { matchRoute } from './routes';
import { createBrowserRouter, prefetchAllowed, type RouterDeps } from './router';
import type { PageComponent, RouterState } from './types';
import type { PagePayload } from './types';

const ORIGIN = 'https://shop.test';
const START = 1_700_000_000_000;
/** The real page of the category route (`/c/:s1/...`) in the browser's route table. */
const CATEGORY = matchRoute('/c/x')!.route.page;

const CategoryPage: PageComponent = () => null;

function payload(name: string, route = 'category'): PagePayload {
  return {
    route,
    page: route === 'error' ? null : CATEGORY,
    layout: 'default',
    params: { s1: name },
    status: 200,
    head: { title: `Kategoria ${name}`, description: `Opis ${name}`, canonical: `${ORIGIN}/c/${name}` },
    data: { name },
    config: {
      assetUrl: '/assets',
      cartAddonSlugs: [],
      bankTransfer: { recipient: '', account: '', bank: '' },
      links: { harnessCreator: '', blog: '', dogBreeds: '', social: [] },
    },
  };
}

/** A JSON page response; `url` is the final URL after redirects (what `Response.url` reports). */
function json(body: PagePayload, url?: string): Response {
  const res = new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json; charset=utf-8' } });
  if (url) Object.defineProperty(res, 'url', { value: url });
  return res;
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Lets pending promise chains (fetch → json → chunk) run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * A fake browser: a session history with entries (so back/forward can be simulated),
 * a location that follows the current entry, and recorders for everything else.
 */
function fakeBrowser(startUrl = '/c/a') {
  const entries: Array<{ state: unknown; url: string }> = [{ state: null, url: startUrl }];
  let index = 0;
  const log: string[] = [];
  const toPath = (url: string | URL | null | undefined, fallback: string) => {
    if (url == null) return fallback;
    const u = new URL(String(url), ORIGIN + fallback);
    return u.pathname + u.search + u.hash;
  };
  const history: RouterDeps['history'] = {
    get state() {
      return entries[index]!.state;
    },
    pushState(state, _unused, url) {
      entries.splice(index + 1);
      entries.push({ state, url: toPath(url, entries[index]!.url) });
      index++;
      log.push(`push ${JSON.stringify(state)} ${entries[index]!.url}`);
    },
    replaceState(state, _unused, url) {
      entries[index] = { state, url: toPath(url, entries[index]!.url) };
      log.push(`replace ${JSON.stringify(state)} ${entries[index]!.url}`);
    },
  };
  const location = {
    get href() {
      return ORIGIN + entries[index]!.url;
    },
    origin: ORIGIN,
    assign: vi.fn<(url: string) => void>(),
    reload: vi.fn<() => void>(),
  };
  const storage = new Map<string, string>();
  let now = START;
  let scrollY = 0;
  const deps = {
    history,
    location,
    fetch: vi.fn<RouterDeps['fetch']>(),
    sessionStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    },
    readScroll: () => scrollY,
    writeScroll: vi.fn<RouterDeps['writeScroll']>(),
    requestFrame: (callback: () => void) => callback(),
    loadPage: vi.fn<RouterDeps['loadPage']>(async () => CategoryPage),
    applyHead: vi.fn<RouterDeps['applyHead']>(),
    now: () => now,
    navigator: {},
  } satisfies RouterDeps;
  return {
    deps,
    log,
    storage,
    entries: () => entries.map((e) => e.url),
    scrollTo: (y: number) => void (scrollY = y),
    advance: (ms: number) => void (now += ms),
    /** The browser's back button: moves to the previous entry (the router is then told with `pop`). */
    back() {
      index--;
      return location.href;
    },
  };
}

function initialState(url = '/c/a'): RouterState {
  return { payload: payload('a'), Page: CategoryPage, url, pending: false, failed: false, navigationId: 0 };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('createBrowserRouter: default environment', () => {
  it('reads the browser globals only when it uses them, as entry.tsx calls it without deps', async () => {
    // Created where no browser global exists: nothing is read yet.
    const router = createBrowserRouter(initialState());
    const fetch = vi.fn(async () => json(payload('x')));
    const history = { state: { scroll: 0 }, pushState: vi.fn(), replaceState: vi.fn() };
    const document = { title: '', querySelector: () => null, getElementById: () => null };
    const scrollTo = vi.fn();
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('location', { href: `${ORIGIN}/c/a`, origin: ORIGIN, assign: vi.fn(), reload: vi.fn() });
    vi.stubGlobal('history', history);
    vi.stubGlobal('scrollY', 120);
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => callback(0));
    vi.stubGlobal('document', document);
    vi.stubGlobal('window', { scrollTo });

    await router.navigate('/c/x');

    expect(fetch).toHaveBeenCalledWith('/c/x', expect.objectContaining({ headers: { Accept: 'application/json' } }));
    expect(history.replaceState).toHaveBeenCalledWith({ scroll: 120 }, '');
    expect(history.pushState).toHaveBeenCalledWith({ scroll: 0 }, '', '/c/x');
    expect(document.title).toBe('Kategoria x');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(router.getState()).toMatchObject({ url: '/c/x', navigationId: 1, failed: false });
  });
});

describe('createBrowserRouter: navigation', () => {
  it('navigates without a reload: fetches the JSON payload, pushes the final URL, updates the state and applies the head', async () => {
    const b = fakeBrowser();
    b.deps.fetch.mockResolvedValue(json(payload('x'), `${ORIGIN}/c/x?sort=price`));
    const router = createBrowserRouter(initialState(), b.deps);
    const notified = vi.fn();
    router.subscribe(notified);

    await router.navigate('/c/x');

    expect(b.deps.fetch).toHaveBeenCalledTimes(1);
    const [url, init] = b.deps.fetch.mock.calls[0]!;
    expect(url).toBe('/c/x');
    expect(init.headers).toEqual({ Accept: 'application/json' });
    expect(init.signal).toBeInstanceOf(AbortSignal);
    // With the data, so the page module can load what it needs to render it (its `prepare`).
    expect(b.deps.loadPage).toHaveBeenCalledWith(CATEGORY, payload('x').data);
    expect(b.entries()).toEqual(['/c/a', '/c/x?sort=price']);
    expect(router.getState()).toMatchObject({
      payload: payload('x'),
      Page: CategoryPage,
      url: '/c/x?sort=price',
      pending: false,
      failed: false,
      navigationId: 1,
    });
    expect(notified).toHaveBeenCalled();
    expect(b.deps.applyHead).toHaveBeenCalledWith(payload('x').head);
    expect(b.deps.writeScroll).toHaveBeenCalledWith(0, '');
    expect(b.deps.location.assign).not.toHaveBeenCalled();
    expect(b.deps.location.reload).not.toHaveBeenCalled();
  });

  it('keeps the hash of the link in the pushed URL and scrolls to its anchor', async () => {
    const b = fakeBrowser();
    b.deps.fetch.mockResolvedValue(json(payload('x')));
    const router = createBrowserRouter(initialState(), b.deps);

    await router.navigate('/c/x#opis');

    expect(b.deps.fetch.mock.calls[0]![0]).toBe('/c/x');
    expect(b.entries()).toEqual(['/c/a', '/c/x#opis']);
    expect(b.deps.writeScroll).toHaveBeenCalledWith(0, '#opis');
  });

  it('replaces the current history entry instead of pushing when asked to', async () => {
    const b = fakeBrowser();
    b.deps.fetch.mockResolvedValue(json(payload('x')));
    const router = createBrowserRouter(initialState(), b.deps);

    await router.navigate('/c/x', { replace: true });

    expect(b.entries()).toEqual(['/c/x']);
    expect(router.getState().url).toBe('/c/x');
  });

  it('shows the error screen without loading a page chunk when the payload is the error route', async () => {
    const b = fakeBrowser();
    b.deps.fetch.mockResolvedValue(json({ ...payload('x'), route: 'error', status: 404, data: { status: 404 } }));
    const router = createBrowserRouter(initialState(), b.deps);

    await router.navigate('/c/missing');

    expect(b.deps.loadPage).not.toHaveBeenCalled();
    expect(router.getState()).toMatchObject({ Page: null, url: '/c/missing', navigationId: 1, failed: false });
  });

  it('aborts a superseded navigation: only the second payload reaches the state and the history', async () => {
    const b = fakeBrowser();
    const first = deferred<Response>();
    b.deps.fetch.mockReturnValueOnce(first.promise).mockResolvedValueOnce(json(payload('b')));
    const router = createBrowserRouter(initialState(), b.deps);

    const firstNavigation = router.navigate('/c/slow');
    await router.navigate('/c/b');
    const firstSignal = b.deps.fetch.mock.calls[0]![1].signal!;
    expect(firstSignal.aborted).toBe(true);

    // The first response arrives anyway (a fetch that ignored the abort): it must not win.
    first.resolve(json(payload('slow')));
    await firstNavigation;

    expect(router.getState()).toMatchObject({ payload: payload('b'), url: '/c/b', navigationId: 1, pending: false, failed: false });
    expect(b.entries()).toEqual(['/c/a', '/c/b']);
    expect(b.deps.applyHead).toHaveBeenCalledTimes(1);
    expect(b.deps.applyHead).toHaveBeenCalledWith(payload('b').head);
  });

  it('does not mark the page failed when a superseded navigation rejects with AbortError', async () => {
    const b = fakeBrowser();
    b.deps.fetch
      .mockImplementationOnce(
        (_url, init) => new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason))),
      )
      .mockResolvedValueOnce(json(payload('b')));
    const router = createBrowserRouter(initialState(), b.deps);

    const firstNavigation = router.navigate('/c/slow');
    await router.navigate('/c/b');
    await firstNavigation;

    expect(router.getState()).toMatchObject({ url: '/c/b', pending: false, failed: false });
    expect(console.error).not.toHaveBeenCalled();
  });
});

describe('createBrowserRouter: back and forward', () => {
  it('saves the scroll position in the history state before pushing the next page', async () => {
    const b = fakeBrowser();
    b.deps.fetch.mockResolvedValue(json(payload('b')));
    const router = createBrowserRouter(initialState(), b.deps);
    b.scrollTo(420);

    await router.navigate('/c/b');

    expect(b.log).toEqual(['replace {"scroll":420} /c/a', 'push {"scroll":0} /c/b']);
  });

  it('restores the saved scroll position on a pop navigation without pushing history', async () => {
    const b = fakeBrowser();
    b.deps.fetch.mockResolvedValueOnce(json(payload('b'))).mockResolvedValueOnce(json(payload('a')));
    const router = createBrowserRouter(initialState(), b.deps);
    b.scrollTo(420);
    await router.navigate('/c/b');
    b.deps.writeScroll.mockClear();
    b.log.length = 0;

    await router.navigate(b.back(), { pop: true });

    expect(b.log).toEqual([]);
    expect(router.getState()).toMatchObject({ payload: payload('a'), url: '/c/a', navigationId: 2 });
    expect(b.deps.writeScroll).toHaveBeenCalledWith(420, '');
  });
});

describe('createBrowserRouter: prefetch', () => {
  it('reuses a prefetched payload within 30 s: navigation does not fetch again', async () => {
    const b = fakeBrowser();
    b.deps.fetch.mockResolvedValue(json(payload('x')));
    const router = createBrowserRouter(initialState(), b.deps);

    router.prefetch('/c/x');
    router.prefetch(`${ORIGIN}/c/x`);
    expect(b.deps.fetch).toHaveBeenCalledTimes(1);
    expect(b.deps.loadPage).toHaveBeenCalledWith(CATEGORY);
    // Once the data is in, what the page needs to render it is asked for too.
    await vi.waitFor(() => expect(b.deps.loadPage).toHaveBeenCalledWith(CATEGORY, payload('x').data));
    b.advance(29_000);
    await router.navigate('/c/x');

    expect(b.deps.fetch).toHaveBeenCalledTimes(1);
    expect(router.getState()).toMatchObject({ payload: payload('x'), url: '/c/x', navigationId: 1 });
  });

  it('fetches again when the prefetched payload is 30 s old', async () => {
    const b = fakeBrowser();
    b.deps.fetch.mockImplementation(async () => json(payload('x')));
    const router = createBrowserRouter(initialState(), b.deps);

    router.prefetch('/c/x');
    b.advance(30_000);
    router.prefetch('/c/x');
    expect(b.deps.fetch).toHaveBeenCalledTimes(2);
    b.advance(30_000);
    await router.navigate('/c/x');

    expect(b.deps.fetch).toHaveBeenCalledTimes(3);
    expect(b.deps.fetch.mock.calls[2]![1].signal).toBeInstanceOf(AbortSignal);
    expect(router.getState().url).toBe('/c/x');
  });

  it('loads only the page chunk when prefetching code', () => {
    const b = fakeBrowser();
    const router = createBrowserRouter(initialState(), b.deps);

    router.prefetch('/c/x', 'code');

    expect(b.deps.loadPage).toHaveBeenCalledWith(CATEGORY);
    expect(b.deps.fetch).not.toHaveBeenCalled();
  });

  it.each([
    ['data saver', { saveData: true, effectiveType: '4g' }],
    ['a 2g connection', { effectiveType: '2g' }],
    ['a slow-2g connection', { effectiveType: 'slow-2g' }],
  ])('skips prefetching on %s', (_name, connection) => {
    const b = fakeBrowser();
    const router = createBrowserRouter(initialState(), { ...b.deps, navigator: { connection } });

    router.prefetch('/c/x');

    expect(b.deps.fetch).not.toHaveBeenCalled();
    expect(b.deps.loadPage).not.toHaveBeenCalled();
  });

  it('allows prefetching on fast connections and when the browser does not report one', () => {
    expect(prefetchAllowed({ connection: { effectiveType: '4g', saveData: false } })).toBe(true);
    expect(prefetchAllowed({ connection: { effectiveType: '3g' } })).toBe(true);
    expect(prefetchAllowed({})).toBe(true);
    expect(prefetchAllowed({ connection: { saveData: true } })).toBe(false);
    expect(prefetchAllowed({ connection: { effectiveType: '2g' } })).toBe(false);
  });

  it('skips prefetching cross-origin links and paths outside the route table', () => {
    const b = fakeBrowser();
    const router = createBrowserRouter(initialState(), b.deps);

    router.prefetch('https://other.test/c/x');
    router.prefetch('/no-such-route/x');

    expect(b.deps.fetch).not.toHaveBeenCalled();
    expect(b.deps.loadPage).not.toHaveBeenCalled();
  });

  it('forgets a failed prefetch so the navigation fetches again', async () => {
    const b = fakeBrowser();
    b.deps.fetch.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(json(payload('x')));
    const router = createBrowserRouter(initialState(), b.deps);

    router.prefetch('/c/x');
    await settle();
    await router.navigate('/c/x');

    expect(b.deps.fetch).toHaveBeenCalledTimes(2);
    expect(router.getState()).toMatchObject({ url: '/c/x', failed: false });
  });
});

describe('createBrowserRouter: page chunk failure', () => {
  it('reloads the page once when a page chunk fails, and not again within a minute, but again after it', async () => {
    const b = fakeBrowser();
    b.deps.fetch.mockImplementation(async () => json(payload('x')));
    b.deps.loadPage.mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    const router = createBrowserRouter(initialState(), b.deps);

    void router.navigate('/c/x'); // never settles: the page is reloading
    await settle();
    expect(b.deps.location.reload).toHaveBeenCalledTimes(1);
    expect(b.storage.get('chunk-reload-at')).toBe(String(START));
    expect(b.entries()).toEqual(['/c/a']);

    // After that reload (same tab, so same sessionStorage) the chunk still fails within the minute.
    b.advance(59_000);
    const reloaded = createBrowserRouter(initialState(), b.deps);
    await reloaded.navigate('/c/x');
    expect(b.deps.location.reload).toHaveBeenCalledTimes(1);
    expect(reloaded.getState()).toMatchObject({ pending: false, failed: true, navigationId: 0 });

    b.advance(2_000);
    void reloaded.navigate('/c/x');
    await settle();
    expect(b.deps.location.reload).toHaveBeenCalledTimes(2);
    expect(b.storage.get('chunk-reload-at')).toBe(String(START + 61_000));
  });
});

describe('createBrowserRouter: fallbacks', () => {
  it('falls back to a full load when the response is not JSON', async () => {
    const b = fakeBrowser();
    b.deps.fetch.mockResolvedValue(new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } }));
    const router = createBrowserRouter(initialState(), b.deps);

    await router.navigate('/c/x');

    expect(b.deps.location.assign).toHaveBeenCalledWith('/c/x');
    expect(b.entries()).toEqual(['/c/a']);
    expect(router.getState()).toMatchObject({ url: '/c/a', navigationId: 0 });
  });

  it('falls back to a full load when the JSON is not a page payload', async () => {
    const b = fakeBrowser();
    b.deps.fetch.mockResolvedValue(new Response('{"error":"upstream"}', { headers: { 'content-type': 'application/json' } }));
    const router = createBrowserRouter(initialState(), b.deps);

    await router.navigate('/c/x');

    expect(b.deps.location.assign).toHaveBeenCalledWith(expect.stringContaining('/c/x'));
    expect(router.getState()).toMatchObject({ url: '/c/a', navigationId: 0, failed: false });
  });

  it('falls back to a full load when the request was redirected to another origin', async () => {
    const b = fakeBrowser();
    b.deps.fetch.mockResolvedValue(json(payload('x'), 'https://login.other.test/oauth?next=%2Fc%2Fx'));
    const router = createBrowserRouter(initialState(), b.deps);

    await router.navigate('/c/x');

    expect(b.deps.location.assign).toHaveBeenCalledWith('https://login.other.test/oauth?next=%2Fc%2Fx');
    expect(b.entries()).toEqual(['/c/a']);
    expect(router.getState().navigationId).toBe(0);
  });

  it('marks the navigation failed without throwing when the network fails', async () => {
    const b = fakeBrowser();
    b.deps.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    const router = createBrowserRouter(initialState(), b.deps);

    await expect(router.navigate('/c/x')).resolves.toBeUndefined();

    expect(router.getState()).toMatchObject({ pending: false, failed: true, url: '/c/a', navigationId: 0 });
    expect(b.deps.location.assign).not.toHaveBeenCalled();
    expect(b.entries()).toEqual(['/c/a']);
  });

  it('aborts the request after 5 s and marks the navigation failed without throwing', async () => {
    const b = fakeBrowser();
    b.deps.fetch.mockImplementation(
      (_url, init) => new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason))),
    );
    const router = createBrowserRouter(initialState(), b.deps);

    const navigation = router.navigate('/c/x');
    expect(router.getState().pending).toBe(true);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(router.getState()).toMatchObject({ pending: true, failed: false });
    await vi.advanceTimersByTimeAsync(1);
    await expect(navigation).resolves.toBeUndefined();

    expect(b.deps.fetch.mock.calls[0]![1].signal!.reason).toMatchObject({ name: 'TimeoutError' });
    expect(router.getState()).toMatchObject({ pending: false, failed: true, url: '/c/a' });
    expect(b.deps.location.assign).not.toHaveBeenCalled();
  });
});
