import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { app } from '../app';
import worker from '../index';
import { SESSION_COOKIE } from '../shop/session';
import { requestId } from './request-log';
import { freshWindow } from '../ratelimit/test-limits';
import { forgetPage } from '../cache/test-cache';

const BASE = 'http://127.0.0.1:8787';
const EMAIL = 'ola.kowalska@example.pl';
const PASSWORD = 'Tajne-Haslo-123';
const TOKEN = 'tokentajny0123456789abcdef';
const STREET = 'ul. Spacerowa 7';
/** What no log line and no Sentry event may carry. */
const SECRETS = [EMAIL, 'ola.kowalska', PASSWORD, TOKEN, 'Spacerowa', `${SESSION_COOKIE}=`];

let lines: string[] = [];
beforeEach(() => {
  lines = [];
  for (const level of ['log', 'error', 'warn', 'info'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      lines.push(
        args.map((a) => (typeof a === 'string' ? a : a instanceof Error ? `${a.name}: ${a.message}` : JSON.stringify(a))).join(' '),
      );
    });
  }
});
afterEach(() => vi.restoreAllMocks());

const requestLines = () =>
  lines.filter((l) => l.startsWith('{') && l.includes('"message":"request"')).map((l) => JSON.parse(l) as Record<string, unknown>);

const shop = (body: unknown, vars: Partial<typeof env> = {}) =>
  app.request(
    `${BASE}/api/shop`,
    {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: BASE,
        Cookie: `${SESSION_COOKIE}=${TOKEN}`,
        'CF-Connecting-IP': '198.51.100.77',
      },
      body: JSON.stringify(body),
    },
    { ...env, ...vars },
  );

describe('observability: one JSON log line per request, Server-Timing', () => {
  it('logs the request id, route, status, cache state, backend time and isolate state of a page, and sends Server-Timing', async () => {
    await forgetPage(`${BASE}/c/dla-psa`);
    const res = await app.request(`${BASE}/c/dla-psa`, { headers: { 'cf-ray': '8f1a2b3c4d5e6f70-WAW' } }, env);
    expect(res.status).toBe(200);
    await res.text();
    expect(res.headers.get('X-Request-Id')).toBe('8f1a2b3c4d5e6f70-WAW');
    const timing = res.headers.get('Server-Timing') ?? '';
    expect(timing).toMatch(/^edge;dur=\d+, backend;dur=\d+;desc="\d+ calls", cache;desc="MISS"$/);
    const [line] = requestLines();
    expect(line).toMatchObject({
      requestId: '8f1a2b3c4d5e6f70-WAW',
      route: 'category',
      method: 'GET',
      status: 200,
      cache: 'MISS',
      breaker: 'closed',
    });
    expect(line!.backendCalls).toBeGreaterThan(0);
    expect(typeof line!.backendMs).toBe('number');
    expect(['cold', 'warm']).toContain(line!.isolate);
  });

  it('names /api/shop, generates an id when cf-ray is missing or malformed, and times the proxy', async () => {
    const res = await app.request(
      `${BASE}/api/shop`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: BASE, 'cf-ray': 'x"<script>alert(1)</script>' },
        body: JSON.stringify({ query: '{ activeChannel { code } }' }),
      },
      env,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Request-Id')).toMatch(/^[0-9a-f]{16}$/);
    expect(res.headers.get('Server-Timing')).toMatch(/backend;dur=\d+;desc="1 calls"/);
    expect(requestLines()[0]).toMatchObject({ route: 'api/shop', status: 200, backendCalls: 1 });
    expect(requestId(undefined)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('never logs a cookie, token, password, e-mail address or street address', async () => {
    await shop({
      query: 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { __typename } }',
      variables: { u: EMAIL, p: PASSWORD },
    });
    await shop({
      query: 'mutation($i: RegisterCustomerInput!) { registerCustomerAccount(input: $i) { __typename } }',
      variables: { i: { emailAddress: EMAIL, password: PASSWORD, firstName: 'Ola', lastName: 'Kowalska' } },
    });
    await shop({
      query: 'mutation($i: CreateAddressInput!) { setOrderShippingAddress(input: $i) { __typename } }',
      variables: { i: { streetLine1: STREET, city: 'Kraków', postalCode: '30-001', countryCode: 'PL' } },
    });
    // …also when the limits refuse, and when the backend is down (its failure is logged and reported).
    const logins = (n: number, count: number) =>
      `mutation { ${Array.from({ length: count }, (_, i) => `a${i}: login(username: "${n}-${i}-${EMAIL}", password: "${PASSWORD}${i}") { __typename }`).join(' ')} }`;
    // the binding's windows are fixed minutes: the thirty attempts below must fall in one
    await freshWindow(30);
    // over the query limits' ten aliases: refused before the limiter (logged as queryLimit)
    expect((await shop({ query: logins(0, 31) }, { RATE_LIMITS: 'on' })).status).toBe(400);
    // three documents of ten logins spend the address's thirty; the fourth is refused by the limiter
    for (let n = 1; n <= 3; n++) expect((await shop({ query: logins(n, 10) }, { RATE_LIMITS: 'on' })).status).toBe(200);
    expect((await shop({ query: logins(4, 10) }, { RATE_LIMITS: 'on' })).status).toBe(429);
    expect(
      (await shop({ query: '{ activeOrder { id } }' }, { VENDURE_SHOP_API: `http://127.0.0.1:9/shop-api?log=${crypto.randomUUID()}` }))
        .status,
    ).toBe(503);
    const page = await app.request(
      `${BASE}/szukaj/${encodeURIComponent(EMAIL)}?email=${encodeURIComponent(EMAIL)}&adres=${encodeURIComponent(STREET)}&token=${TOKEN}`,
      { headers: { Cookie: `${SESSION_COOKIE}=${TOKEN}` } },
      env,
    );
    await page.text();
    expect(requestLines().length).toBe(10);
    expect(requestLines().some((l) => l.queryLimit === 'aliases')).toBe(true);
    expect(requestLines().some((l) => l.rateLimited === 'LOGIN_ADDRESS_LIMITER')).toBe(true);
    const captured = lines.join('\n');
    for (const secret of SECRETS) expect(captured, `the logs carry "${secret}"`).not.toContain(secret);
  }, 90_000);
});

describe('Sentry (@sentry/cloudflare) when a DSN is configured', () => {
  it('reports a backend failure to the configured sink with the request id, and without cookie, token, e-mail or address', async () => {
    const sink = inject('sentrySink');
    const before = ((await (await fetch(`${sink.url}/envelopes`)).json()) as string[]).length;
    // not from the edge cache: the page is rendered, and fails
    await forgetPage(`${BASE}/c/dla-psa`);
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request(`${BASE}/c/dla-psa?email=${encodeURIComponent(EMAIL)}&adres=${encodeURIComponent(STREET)}&t=${TOKEN}`, {
        headers: { Cookie: `${SESSION_COOKIE}=${TOKEN}; other=${EMAIL}`, Authorization: `Bearer ${TOKEN}`, 'X-Email': EMAIL },
      }),
      { ...env, SENTRY_DSN: sink.dsn, VENDURE_SHOP_API: `http://127.0.0.1:9/shop-api?sentry=${crypto.randomUUID()}` },
      ctx,
    );
    expect(res.status).toBe(503);
    await res.text();
    await waitOnExecutionContext(ctx);
    const id = res.headers.get('X-Request-Id')!;
    let envelopes: string[] = [];
    for (let i = 0; i < 50 && !envelopes.some((e) => e.includes(id)); i++) {
      envelopes = ((await (await fetch(`${sink.url}/envelopes`)).json()) as string[]).slice(before);
      if (!envelopes.some((e) => e.includes(id))) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const event = envelopes.find((e) => e.includes(id));
    expect(event, 'an event with the request id arrived').toBeDefined();
    expect(event).toContain('"request_id"');
    expect(event).toContain('BackendUnavailable');
    for (const secret of SECRETS) expect(event, `the event carries "${secret}"`).not.toContain(secret);
    expect(event).not.toContain('Bearer');
  });

  it('sends nothing without a DSN', async () => {
    const sink = inject('sentrySink');
    const before = ((await (await fetch(`${sink.url}/envelopes`)).json()) as string[]).length;
    await forgetPage(`${BASE}/c/dla-psa`);
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request(`${BASE}/c/dla-psa`),
      { ...env, VENDURE_SHOP_API: `http://127.0.0.1:9/shop-api?nodsn=${crypto.randomUUID()}` },
      ctx,
    );
    expect(res.status).toBe(503);
    await res.text();
    await waitOnExecutionContext(ctx);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(((await (await fetch(`${sink.url}/envelopes`)).json()) as string[]).length).toBe(before);
  });
});
