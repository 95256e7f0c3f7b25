import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { varsSchema } from '../env';
import { MAX_TOKEN_LENGTH, verifyTurnstile } from './turnstile';

/** The dummy token Cloudflare's test site keys hand the browser. */
const DUMMY = 'XXXX.DUMMY.TOKEN.XXXX';
const VERIFY_URL = 'https://siteverify.test/turnstile/v0/siteverify';
const config = { ...env, TURNSTILE_VERIFY_URL: VERIFY_URL };

interface Sent {
  url: string;
  method: string;
  form: URLSearchParams;
}

/** Stubs fetch with siteverify answering `answer` (or throwing it), and records what was sent. */
function siteverify(answer: Response | Error | (() => Promise<Response>)): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push({ url: request.url, method: request.method, form: new URLSearchParams(await request.text()) });
    if (answer instanceof Error) throw answer;
    return typeof answer === 'function' ? answer() : answer.clone();
  });
  return sent;
}

const passed = () =>
  Response.json({
    success: true,
    'error-codes': [],
    challenge_ts: '2026-11-25T21:00:00.000Z',
    hostname: 'psiaki.pl',
    action: '',
    cdata: '',
  });

describe('verifyTurnstile: the siteverify call', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('posts the secret, the token, the address and an idempotency key as a form, and says yes on success', async () => {
    const sent = siteverify(passed());
    expect(await verifyTurnstile(config, DUMMY, '203.0.113.7')).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(VERIFY_URL);
    expect(sent[0]!.method).toBe('POST');
    const form = Object.fromEntries(sent[0]!.form);
    expect(form).toEqual({
      secret: env.TURNSTILE_SECRET_KEY,
      response: DUMMY,
      remoteip: '203.0.113.7',
      idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('sends no remoteip when there is no real address (local tools)', async () => {
    const sent = siteverify(passed());
    expect(await verifyTurnstile(config, DUMMY, 'local')).toBe(true);
    expect(sent[0]!.form.has('remoteip')).toBe(false);
    expect(await verifyTurnstile(config, DUMMY, '2001:db8::1')).toBe(true);
    expect(sent[1]!.form.get('remoteip')).toBe('2001:db8::1');
  });

  it('says no, without asking, to a missing, empty or over-long token', async () => {
    const sent = siteverify(passed());
    expect(await verifyTurnstile(config, undefined, '203.0.113.7')).toBe(false);
    expect(await verifyTurnstile(config, '', '203.0.113.7')).toBe(false);
    expect(await verifyTurnstile(config, 'x'.repeat(MAX_TOKEN_LENGTH + 1), '203.0.113.7')).toBe(false);
    expect(sent).toHaveLength(0);
    expect(await verifyTurnstile(config, 'x'.repeat(MAX_TOKEN_LENGTH), '203.0.113.7')).toBe(true);
  });

  it('says no when siteverify refuses the token (spent, expired, invalid), logging the codes but never the token', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    siteverify(Response.json({ success: false, 'error-codes': ['timeout-or-duplicate'] }));
    expect(await verifyTurnstile(config, DUMMY, '203.0.113.7')).toBe(false);
    expect(warn).toHaveBeenCalledWith('turnstile: siteverify refused (200: timeout-or-duplicate)');
    expect(JSON.stringify(warn.mock.calls)).not.toContain(DUMMY);
  });

  it('says no, logged as an error of ours, when the secret is refused or missing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const sent = siteverify(Response.json({ success: false, 'error-codes': ['invalid-input-secret'] }));
    expect(await verifyTurnstile(config, DUMMY, '203.0.113.7')).toBe(false);
    expect(error).toHaveBeenCalledWith('turnstile: siteverify refused (200: invalid-input-secret)');
    expect(await verifyTurnstile({ ...config, TURNSTILE_SECRET_KEY: undefined }, DUMMY, '203.0.113.7')).toBe(false);
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(error.mock.calls)).not.toContain(env.TURNSTILE_SECRET_KEY!);
  });

  it('says no, never throwing, when siteverify is unreachable, answers 5xx or not JSON', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    siteverify(new TypeError('Network connection lost.'));
    expect(await verifyTurnstile(config, DUMMY, '203.0.113.7')).toBe(false);
    siteverify(Response.json({ success: true }, { status: 500 }));
    expect(await verifyTurnstile(config, DUMMY, '203.0.113.7')).toBe(false);
    siteverify(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await verifyTurnstile(config, DUMMY, '203.0.113.7')).toBe(false);
    siteverify(Response.json({ 'error-codes': [] }));
    expect(await verifyTurnstile(config, DUMMY, '203.0.113.7')).toBe(false);
    expect(error).toHaveBeenCalledTimes(3);
  });

  it('gives up after its timeout on a siteverify that does not answer', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', (_input: RequestInfo | URL, init?: RequestInit) => {
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
      });
    });
    const started = Date.now();
    expect(await verifyTurnstile(config, DUMMY, '203.0.113.7')).toBe(false);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(error.mock.calls[0]![0]).toMatch(/did not answer within 3000 ms/);
  });
});

describe('the Turnstile configuration', () => {
  it("uses Cloudflare's test keys and the stand-in in development", () => {
    expect(env.TURNSTILE_SITE_KEY).toBe('1x00000000000000000000AA');
    expect(env.TURNSTILE_SECRET_KEY).toBe('1x0000000000000000000000000000000AA');
    expect(varsSchema.safeParse(env).success).toBe(true);
  });

  it('refuses the test keys outside development', () => {
    // the catalogue hook's development key is refused there too (decision 109): production sets its own secret
    const production = {
      ...env,
      ENVIRONMENT: 'production',
      RATE_LIMITS: 'on',
      BACKEND_TIMEOUT_FACTOR: undefined,
      CATALOGUE_HOOK_SECRET: undefined,
    };
    const messages = varsSchema.safeParse(production).error?.issues.map((i) => i.message);
    expect(messages).toEqual([
      "Cloudflare's Turnstile test site keys are for development only",
      "Cloudflare's Turnstile test secret keys are for development only",
    ]);
    expect(
      varsSchema.safeParse({ ...production, TURNSTILE_SITE_KEY: '0x4AAAAAAAexample', TURNSTILE_SECRET_KEY: '0x4AAAAAAAsecret' }).success,
    ).toBe(true);
  });
});
