/**
 * Cloudflare Turnstile, loaded on demand: only when the worker answers a login with
 * CHALLENGE_REQUIRED (worker/ratelimit/turnstile.ts) is its script added to the page, once per
 * page load; no page loads it up front. Development and tests get the stand-in's script
 * (backend/stand-ins/turnstile.ts), which keeps the same API.
 */

/** The part of Turnstile's explicit-rendering API the login uses. */
export interface TurnstileApi {
  render(
    container: HTMLElement,
    params: {
      sitekey: string;
      callback(token: string): void;
      'expired-callback'?(): void;
      'error-callback'?(code: string): boolean | void;
      language?: string;
      theme?: 'light' | 'dark' | 'auto';
    },
  ): string | null | undefined;
  reset(widgetId?: string): void;
  remove(widgetId?: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

/** How long the script may take before the shopper is told it failed. */
const LOAD_TIMEOUT_MS = 15_000;

let loading: { url: string; promise: Promise<TurnstileApi> } | null = null;

/**
 * Turnstile's API, adding its script to the page on the first call (the address the worker's
 * challenge named; only http(s)). A failed load is forgotten, so the next call tries again.
 *
 * @example
 *   const turnstile = await loadTurnstile(challenge.scriptUrl);
 *   const id = turnstile.render(container, { sitekey: challenge.siteKey, callback: (token) => retry(token) });
 */
export function loadTurnstile(scriptUrl: string, doc: Document = document): Promise<TurnstileApi> {
  const win = doc.defaultView;
  if (win?.turnstile) return Promise.resolve(win.turnstile);
  if (loading?.url === scriptUrl) return loading.promise;
  const promise = new Promise<TurnstileApi>((resolve, reject) => {
    let url: URL;
    try {
      url = new URL(scriptUrl, doc.baseURI);
    } catch {
      return reject(new Error('Turnstile: not a script address'));
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return reject(new Error('Turnstile: not a script address'));
    const script = doc.createElement('script');
    script.src = url.href;
    script.async = true;
    const timer = setTimeout(() => fail(new Error('Turnstile: the script took too long')), LOAD_TIMEOUT_MS);
    function fail(error: Error) {
      clearTimeout(timer);
      script.remove();
      loading = null;
      reject(error);
    }
    script.addEventListener('load', () => {
      clearTimeout(timer);
      if (win?.turnstile) resolve(win.turnstile);
      else fail(new Error('Turnstile: the script defined no turnstile'));
    });
    script.addEventListener('error', () => fail(new Error('Turnstile: the script could not be loaded')));
    doc.head.append(script);
  });
  loading = { url: scriptUrl, promise };
  return promise;
}
