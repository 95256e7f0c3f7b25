import { parse } from '@0no-co/graphql.web';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { app } from '../app';
import { ORIGIN } from '../shop/test-client';
import { DEFAULT_LIMIT, DEFAULT_WINDOW_SECONDS, limitedAttempts } from './auth';
import { SlidingWindow } from './sliding-window';

const LOGIN =
  'mutation login($u: String!, $p: String!) { login(username: $u, password: $p) { ... on CurrentUser { id } ... on ErrorResult { errorCode message } } }';

/** A request to /api/shop from one client address, with the worker's configuration overridden. */
function fromAddress(ip: string, vars: Record<string, string> = {}) {
  return (body: unknown) =>
    app.request(
      `${ORIGIN}/api/shop`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: ORIGIN, 'CF-Connecting-IP': ip },
        body: JSON.stringify(body),
      },
      { ...env, ...vars },
    );
}

const uniqueIp = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}-${crypto.randomUUID().slice(0, 6)}`;

describe('rate limit of login, register and password reset (per client address)', () => {
  it('refuses the 11th login within a minute from one address with 429, a Polish message and Retry-After, without asking the backend', async () => {
    const post = fromAddress(uniqueIp(), { AUTH_RATE_LIMIT: '10', AUTH_RATE_WINDOW_SECONDS: '60' });
    for (let i = 1; i <= 10; i++) {
      const res = await post({ query: LOGIN, variables: { u: 'demo@psiaki.test', p: `zle-haslo-${i}` } });
      expect(res.status, `attempt ${i}`).toBe(200);
      expect(((await res.json()) as { data: { login: { errorCode: string } } }).data.login.errorCode).toBe('INVALID_CREDENTIALS_ERROR');
    }
    // The right password does not help: the 11th attempt never reaches Vendure.
    const refused = await post({ query: LOGIN, variables: { u: 'demo@psiaki.test', p: 'Demo1234!' } });
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers.get('Retry-After'));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(refused.headers.get('Cache-Control')).toBe('no-store');
    expect(refused.headers.getSetCookie()).toEqual([]);
    const body = (await refused.json()) as { errors: Array<{ message: string; extensions: { code: string } }> };
    expect(body.errors[0]!.message).toBe(`Zbyt wiele prób. Odczekaj ${seconds} s i spróbuj ponownie.`);
    expect(body.errors[0]!.extensions.code).toBe('RATE_LIMITED');
  });

  it('counts per address and only the limited mutations; catalogue queries and cart mutations pass', async () => {
    const vars = { AUTH_RATE_LIMIT: '2', AUTH_RATE_WINDOW_SECONDS: '60' };
    const first = fromAddress(uniqueIp(), vars);
    const register = (email: string) => ({
      query:
        'mutation($i: RegisterCustomerInput!) { registerCustomerAccount(input: $i) { ... on Success { success } ... on ErrorResult { errorCode } } }',
      variables: { i: { emailAddress: email, password: 'Start1234!', firstName: 'Ola', lastName: 'Lis' } },
    });
    expect((await first(register(`limit-${crypto.randomUUID().slice(0, 8)}@psiaki.test`))).status).toBe(200);
    expect(
      (
        await first({
          query: 'mutation($e: String!) { requestPasswordReset(emailAddress: $e) { ... on Success { success } } }',
          variables: { e: 'demo@psiaki.test' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await first({ query: 'mutation { resetPassword(token: "x", password: "y12345678") { ... on ErrorResult { errorCode } } }' })).status,
    ).toBe(429);
    expect((await first({ query: '{ activeChannel { code } }' })).status).toBe(200);
    expect((await first({ query: 'mutation { removeAllOrderLines { ... on ErrorResult { errorCode } } }' })).status).toBe(200);
    // Another address has its own budget.
    expect((await fromAddress(uniqueIp(), vars)({ query: LOGIN, variables: { u: 'demo@psiaki.test', p: 'zle' } })).status).toBe(200);
  });

  it('limits guessing order codes in the withdrawal form: the 4th lookup with a limit of 3 is refused without asking the backend', async () => {
    const post = fromAddress(uniqueIp(), { AUTH_RATE_LIMIT: '3' });
    const lookup = (code: string) => ({
      query: 'query($c: String!, $e: String!) { withdrawalOrder(code: $c, emailAddress: $e) { code } }',
      variables: { c: code, e: 'demo@psiaki.test' },
    });
    for (const code of ['AAAA1111', 'BBBB2222', 'CCCC3333']) {
      const res = await post(lookup(code));
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: { withdrawalOrder: null } }).data.withdrawalOrder).toBeNull();
    }
    const refused = await post(lookup('DDDD4444'));
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]!.extensions.code).toBe('RATE_LIMITED');
  });

  it('counts every aliased attempt of one document, so batching does not get around it', async () => {
    const post = fromAddress(uniqueIp(), { AUTH_RATE_LIMIT: '3' });
    const batch =
      'mutation { a: login(username: "demo@psiaki.test", password: "1") { __typename } b: login(username: "demo@psiaki.test", password: "2") { __typename } c: login(username: "demo@psiaki.test", password: "3") { __typename } d: login(username: "demo@psiaki.test", password: "4") { __typename } }';
    expect((await post({ query: batch })).status).toBe(429);
  });
});

describe('limitedAttempts', () => {
  it('finds the limited mutations through aliases, inline fragments and fragment spreads, never in other queries', () => {
    expect(limitedAttempts(parse(LOGIN))).toBe(1);
    expect(
      limitedAttempts(
        parse(
          'mutation { x: login(username: "a", password: "b") { __typename } ... on Mutation { requestPasswordReset(emailAddress: "a") { __typename } } ...M } fragment M on Mutation { resetPassword(token: "t", password: "p") { __typename } }',
        ),
      ),
    ).toBe(3);
    expect(limitedAttempts(parse('query { login: activeChannel { code } }'))).toBe(0);
    expect(limitedAttempts(parse('mutation { addItemToOrder(productVariantId: 1, quantity: 1) { __typename } }'))).toBe(0);
  });

  it('counts the withdrawal form: its order lookup (a query) and its submit, aliases included', () => {
    expect(
      limitedAttempts(
        parse(
          'query { a: withdrawalOrder(code: "A", emailAddress: "x@y.pl") { code } b: withdrawalOrder(code: "B", emailAddress: "x@y.pl") { code } }',
        ),
      ),
    ).toBe(2);
    expect(
      limitedAttempts(
        parse('mutation { requestWithdrawal(input: { code: "A", emailAddress: "x@y.pl", name: "Ewa", orderLineIds: [1] }) { id } }'),
      ),
    ).toBe(1);
    expect(limitedAttempts(parse('mutation { withdrawalOrder: activeOrder { id } }'))).toBe(0);
  });

  it('defaults to 10 attempts per 60 seconds', () => {
    expect([DEFAULT_LIMIT, DEFAULT_WINDOW_SECONDS]).toEqual([10, 60]);
  });
});

describe('SlidingWindow', () => {
  it('allows `limit` hits in any window, frees them as they age out, and says when', () => {
    const w = new SlidingWindow();
    for (let i = 0; i < 3; i++) expect(w.hit('a', 1, 3, 60_000, 1_000 + i * 1_000).ok).toBe(true);
    expect(w.hit('a', 1, 3, 60_000, 30_000)).toEqual({ ok: false, retryAfterSeconds: 31 });
    // Refused attempts are not counted: once the first hit (t=1 s) ages out, one more fits.
    expect(w.hit('a', 1, 3, 60_000, 61_001).ok).toBe(true);
    expect(w.hit('a', 1, 3, 60_000, 61_002).ok).toBe(false);
    expect(w.hit('b', 1, 3, 60_000, 61_002).ok).toBe(true);
  });

  it('keeps at most maxKeys addresses', () => {
    const w = new SlidingWindow(2);
    w.hit('a', 1, 1, 60_000, 0);
    w.hit('b', 1, 1, 60_000, 0);
    w.hit('c', 1, 1, 60_000, 0);
    // 'a' was forgotten to make room, so it may try again.
    expect(w.hit('a', 1, 1, 60_000, 1).ok).toBe(true);
    expect(w.hit('c', 1, 1, 60_000, 1).ok).toBe(false);
  });
});
