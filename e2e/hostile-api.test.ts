/**
 * Issue 44's findings against the running stack, on both profiles (`npm test`'s e2e step on
 * SQLite, e2e:production on PostgreSQL, Redis and two API servers behind HAProxy): no browser,
 * the requests an attacker sends to the storefront's `/api/shop` and to the backend's own address.
 * The limiter's forms (defaults, literals, aliases) are worker tests (worker/ratelimit/auth.test.ts):
 * the stacks here run with the rate limits off.
 */
import { describe, expect, inject, it } from 'vitest';

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

/** `depth` levels of `facets { values { facet { … } } }` split into `chunks` chained fragments (the probe's query). */
function chainedFragments(depth: number, chunks: number): string {
  const per = Math.ceil(depth / chunks);
  const fragments = Array.from({ length: chunks }, (_, i) => {
    const open = Array.from({ length: per }, (_, j) => ((i * per + j) % 2 === 0 ? 'values {' : 'facet {')).join(' ');
    return `fragment F${i} on Facet { id ${open} ${i + 1 < chunks ? `...F${i + 1}` : 'id'} ${'}'.repeat(per)} }`;
  });
  return `query { facets { items { ...F0 } } } ${fragments.join(' ')}`;
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
