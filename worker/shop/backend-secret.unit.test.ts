import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { app } from '../app';
import { SHOP_API_SECRET_HEADER } from './backend';
import { OPEN_MS } from './breaker';

const BASE = 'http://127.0.0.1:8787';
const SECRET = 'test-secret-of-the-shop-api-0123456789abcdef';

/** Every request the worker sends out, answered with an empty Shop API answer (or failing, to open the breaker). */
function recordCalls(fail = false): Request[] {
  const calls: Request[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    calls.push(request);
    if (fail) throw new TypeError('connection refused');
    return Response.json({ data: { activeChannel: { code: 'x' } } });
  });
  return calls;
}

/** A backend URL of its own per test: the circuit breaker is per URL and per isolate. */
const withBackend = (secret?: string) => ({
  ...env,
  VENDURE_SHOP_API: `http://backend-${crypto.randomUUID()}.test/shop-api`,
  ...(secret ? { SHOP_API_SECRET: secret } : {}),
});

const shopCall = (vars: ReturnType<typeof withBackend>) =>
  app.request(
    `${BASE}/api/shop`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: BASE },
      body: JSON.stringify({ query: '{ activeChannel { code } }' }),
    },
    vars,
  );

describe('the Shop API secret (decision 105)', () => {
  // the stubbed backend answers every loader with the same little answer: their complaints are expected
  beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('is sent on every call to the backend: /api/shop, the loaders of a page, the breaker probe', async () => {
    const calls = recordCalls();
    const vars = withBackend(SECRET);
    await shopCall(vars);
    await app.request(`${BASE}/`, {}, vars);
    const backend = calls.filter((r) => r.url === vars.VENDURE_SHOP_API);
    // /api/shop's call and the home page's (menu, top bar, page data)
    expect(backend.length).toBeGreaterThanOrEqual(3);
    for (const r of backend) expect(r.headers.get(SHOP_API_SECRET_HEADER)).toBe(SECRET);
  });

  it("goes with the breaker's background probe too", async () => {
    const vars = withBackend(SECRET);
    const failing = recordCalls(true);
    for (let i = 0; i < 3; i++) await shopCall(vars);
    expect(failing).toHaveLength(3);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + OPEN_MS + 100);
    const calls = recordCalls();
    // refused at once (503) while its probe goes out in the background
    expect((await shopCall(vars)).status).toBe(503);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(await calls[0]!.text()).toBe('{"query":"{ __typename }"}');
    expect(calls[0]!.headers.get(SHOP_API_SECRET_HEADER)).toBe(SECRET);
  });

  it('is not sent when the worker has none (development stacks against a backend without the check)', async () => {
    const calls = recordCalls();
    const vars = withBackend();
    await shopCall(vars);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.has(SHOP_API_SECRET_HEADER)).toBe(false);
  });

  it('never reaches the browser: not in the page, not in the answer of /api/shop', async () => {
    recordCalls();
    const vars = withBackend(SECRET);
    const page = await app.request(`${BASE}/`, {}, vars);
    expect(await page.text()).not.toContain(SECRET);
    const answer = await shopCall(vars);
    expect(await answer.text()).not.toContain(SECRET);
    expect([...answer.headers.values()].join(' ')).not.toContain(SECRET);
  });
});
