import { describe, expect, it } from 'vitest';
import { type TurnstileApi, loadTurnstile } from './turnstile';

/** Just enough of a document for the loader: a head that takes scripts, which load or fail on demand. */
function fakeDocument() {
  const scripts: Array<{ src: string; async: boolean; listeners: Record<string, () => void>; removed: boolean }> = [];
  const win: { turnstile?: TurnstileApi } = {};
  const doc = {
    baseURI: 'https://psiaki.pl/',
    defaultView: win,
    createElement: () => {
      const s = {
        src: '',
        async: false,
        removed: false,
        listeners: {} as Record<string, () => void>,
        addEventListener: (type: string, fn: () => void) => (s.listeners[type] = fn),
        remove: () => (s.removed = true),
      };
      return s;
    },
    head: { append: (s: (typeof scripts)[number]) => scripts.push(s) },
  };
  return { doc: doc as unknown as Document, win, scripts };
}

const api = { render: () => 'w1', reset: () => {}, remove: () => {} } satisfies TurnstileApi;
const URL_ = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

describe('loadTurnstile: the script only when a challenge needs it', () => {
  it('adds the script once, async, and gives the API its load defined', async () => {
    const { doc, win, scripts } = fakeDocument();
    const first = loadTurnstile(URL_, doc);
    const second = loadTurnstile(URL_, doc);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatchObject({ src: URL_, async: true });
    win.turnstile = api;
    scripts[0]!.listeners.load!();
    expect(await first).toBe(api);
    expect(await second).toBe(api);
    expect(await loadTurnstile(URL_, doc)).toBe(api);
    expect(scripts).toHaveLength(1);
  });

  it('fails, and tries again next time, when the script cannot load or defines nothing', async () => {
    const { doc, scripts } = fakeDocument();
    const failed = loadTurnstile(`${URL_}&n=1`, doc);
    scripts[0]!.listeners.error!();
    await expect(failed).rejects.toThrow(/could not be loaded/);
    expect(scripts[0]!.removed).toBe(true);
    const empty = loadTurnstile(`${URL_}&n=1`, doc);
    expect(scripts).toHaveLength(2);
    scripts[1]!.listeners.load!();
    await expect(empty).rejects.toThrow(/defined no turnstile/);
  });

  it('refuses an address that is not http(s)', async () => {
    const { doc, scripts } = fakeDocument();
    await expect(loadTurnstile('javascript:alert(1)', doc)).rejects.toThrow(/not a script address/);
    expect(scripts).toHaveLength(0);
  });
});
