/**
 * Issue 44's findings against the running stack, on both profiles (`npm test`'s e2e step on
 * SQLite, e2e:production on PostgreSQL, Redis and two API servers behind HAProxy): no browser,
 * the requests an attacker sends to the storefront's `/api/shop` and to the backend's own address.
 * The shared stack runs with the rate limits off (every shopper of it comes from 127.0.0.1), so the
 * limiter's forms run through a storefront of this file's own with the limits on; every form is a
 * worker test too (worker/ratelimit/auth.test.ts).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../backend/src/dev/ports';
import { type Storefront, startStorefront } from '../scripts/test-stack/stack';
import { chainedFragments } from '../worker/security/hostile-documents';

const production = process.env.TEST_PROFILE === 'production';
const storefront = () => inject('storefrontUrl');

/** A GraphQL POST through the storefront, as a browser on the shop's own page sends it. */
async function shopApi(query: string, variables: Record<string, unknown> = {}): Promise<{ status: number; ms: number; body: string }> {
  const started = performance.now();
  const res = await fetch(`${storefront()}/api/shop`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: storefront() },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.text();
  return { status: res.status, ms: performance.now() - started, body };
}

const NORMAL = '{ facets { items { code values { code } } } }';

describe('issue 44 on the running stack', () => {
  it('refuses the chained-fragment query at the storefront in milliseconds; the backend keeps serving', async () => {
    for (const query of [chainedFragments(17, 4), chainedFragments(24, 6)]) {
      const refused = await shopApi(query);
      expect(refused.status).toBe(400);
      expect(refused.body).toContain('QUERY_TOO_COMPLEX');
      expect(refused.ms).toBeLessThan(500);
    }
    const normal = await shopApi(NORMAL);
    expect(normal.status).toBe(200);
    expect(normal.body).toContain('"facets"');
  });

  it('refuses the same query sent to the backend directly, without reaching its resolvers', async () => {
    const started = performance.now();
    const res = await fetch(`${inject('backendUrl')}/shop-api`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: chainedFragments(24, 6) }),
    });
    const ms = performance.now() - started;
    await res.text();
    // production: the Shop API answers only the worker (403 without its secret); development: the
    // backend's own limits refuse the document (400)
    expect(res.status).toBe(production ? 403 : 400);
    expect(ms).toBeLessThan(500);
    expect((await shopApi(NORMAL)).status).toBe(200);
  });

  it('answers the 30 KB ReDoS e-mail of the withdrawal lookup at once, and does not hold up another shopper', async () => {
    const hostile = `a@${'.'.repeat(30_000)}@`;
    const lookup = 'query($c: String!, $e: String!) { withdrawalOrder(code: $c, emailAddress: $e) { code } }';
    const submit = 'mutation($i: RequestWithdrawalInput!) { requestWithdrawal(input: $i) { id } }';
    const [attack, other] = await Promise.all([shopApi(lookup, { c: 'ABCD1234', e: hostile }), shopApi(NORMAL)]);
    expect(attack.status).toBeLessThan(500);
    expect(attack.ms).toBeLessThan(500);
    expect(other.status).toBe(200);
    expect(other.ms).toBeLessThan(1000);
    const submitted = await shopApi(submit, { i: { code: 'ABCD1234', emailAddress: hostile, name: 'Ewa Nowak', orderLineIds: ['1'] } });
    expect(submitted.status).toBeLessThan(500);
    expect(submitted.ms).toBeLessThan(500);
    console.log(
      `ReDoS e-mail: lookup ${attack.ms.toFixed(0)} ms, a normal query meanwhile ${other.ms.toFixed(0)} ms, submit ${submitted.ms.toFixed(0)} ms`,
    );
  });

  it('gives the order status link no path to the customer, the addresses or the history', async () => {
    const res = await shopApi(
      `query($c: String!, $k: String) { orderStatus(code: $c, key: $k) {
        code fulfillments { lines { orderLine { order { customer { emailAddress phoneNumber } shippingAddress { streetLine1 } } } } }
      } }`,
      { c: 'ABCD1234', k: 'x' },
    );
    expect(res.status).toBe(400);
    expect(res.body).toContain('GRAPHQL_VALIDATION_FAILED');
    // the production backend suggests no field names (they would rebuild the schema introspection hides)
    if (production) expect(res.body).not.toContain('Did you mean');
  });
});

describe('issue 44: the limits read what a login means, on this profile', () => {
  let limited: Storefront;
  beforeAll(async () => {
    limited = await startStorefront(
      {
        url: inject('backendUrl'),
        blogUrl: inject('blogUrl'),
        mailboxUrl: inject('mailboxUrl'),
        adminLogin: inject('adminLogin'),
        staffLogin: inject('staffLogin'),
        catalogueHookSecret: inject('catalogueHookSecret'),
        shopApiSecret: inject('shopApiSecret') || undefined,
        storefrontPort: await freePort(),
        stop: async () => {},
      },
      { RATE_LIMITS: 'on' },
    );
  }, 180_000);
  afterAll(async () => {
    await limited?.stop();
  });

  const post = async (body: unknown, ip: string) => {
    const res = await fetch(`${limited.url}/api/shop`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: limited.url, 'CF-Connecting-IP': ip },
      body: JSON.stringify(body),
    });
    await res.text();
    return res.status;
  };

  it("refuses the 11th wrong password for one account from one address, written with a variable's default or a literal", async () => {
    const account = `hostile-${Date.now().toString(36)}@psiaki.test`;
    const register = await post(
      {
        query: 'mutation($i: RegisterCustomerInput!) { registerCustomerAccount(input: $i) { __typename } }',
        variables: { i: { emailAddress: account, firstName: 'Ola', lastName: 'Lis', password: 'Start1234!' } },
      },
      '198.51.100.90',
    );
    expect(register).toBe(200);
    const withDefault = (p: string) => ({
      query: `mutation($u: String! = "${account}", $p: String!) { login(username: $u, password: $p) { __typename } }`,
      variables: { p },
    });
    const literal = (p: string) => ({ query: `mutation { guess: login(username: "${account}", password: "${p}") { __typename } }` });
    // the binding counts in fixed windows aligned to the minute (miniflare): start with 30 s of one left
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 30_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
    const statuses: number[] = [];
    for (let i = 1; i <= 10; i++) statuses.push(await post(i % 2 ? withDefault(`zle-${i}`) : literal(`zle-${i}`), '198.51.100.91'));
    statuses.push(await post(withDefault('Start1234!'), '198.51.100.91'));
    statuses.push(await post(literal('Start1234!'), '198.51.100.91'));
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
  }, 90_000);
});
