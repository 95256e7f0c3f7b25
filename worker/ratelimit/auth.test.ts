import { parse } from '@0no-co/graphql.web';
import { describe, expect, it } from 'vitest';
import { app } from '../app';
import { ORIGIN } from '../shop/test-client';
import { limitedAttempts, limitedFields } from './auth';
import { freshWindow, limitsOn, uniqueAddress } from './test-limits';

const LOGIN =
  'mutation login($u: String!, $p: String!) { login(username: $u, password: $p) { ... on CurrentUser { id } ... on ErrorResult { errorCode message } } }';
const DEMO = { u: 'demo@psiaki.test', password: 'Demo1234!' };

/** A shopper at one client address, with its own cookie jar, the limits on. */
function client(ip: string, vars: Record<string, string> = {}) {
  const jar = new Map<string, string>();
  return async (body: unknown) => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await app.request(
      `${ORIGIN}/api/shop`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: ORIGIN, 'CF-Connecting-IP': ip, ...(cookie ? { Cookie: cookie } : {}) },
        body: JSON.stringify(body),
      },
      { ...limitsOn, ...vars },
    );
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!, value.join('='));
    }
    return res;
  };
}

/**
 * Ten lookups of orders that do not exist from one address: each reaches the backend (200, the
 * field answers null); the 11th is refused (429) before it does.
 */
async function tenUnknownThenRefused(post: ReturnType<typeof client>, field: string, lookup: (code: string) => unknown) {
  for (let i = 1; i <= 10; i++) {
    const res = await post(lookup(`AAAA${1000 + i}`));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: Record<string, null> }).data[field]).toBeNull();
  }
  expect((await post(lookup('DDDD4444'))).status).toBe(429);
}

const login = (u: string, p: string) => ({ query: LOGIN, variables: { u, p } });
const errorCode = async (res: Response) => ((await res.json()) as { data: { login: { errorCode?: string } } }).data.login.errorCode;

/** A new customer account (verification is off in the test backend), to be the target of wrong passwords. */
async function newAccount(): Promise<string> {
  const email = `limit-${crypto.randomUUID().slice(0, 8)}@psiaki.test`;
  const res = await client(uniqueAddress())({
    query:
      'mutation($i: RegisterCustomerInput!) { registerCustomerAccount(input: $i) { ... on Success { success } ... on ErrorResult { errorCode } } }',
    variables: { i: { emailAddress: email, password: 'Start1234!', firstName: 'Ola', lastName: 'Lis' } },
  });
  expect(res.status).toBe(200);
  return email;
}

describe('rate limits on the Rate Limiting binding: logins', () => {
  it('lets 15 successful logins of one account from one address within a minute all through', async () => {
    await freshWindow(20);
    const post = client(uniqueAddress());
    for (let i = 1; i <= 15; i++) {
      const res = await post(login(DEMO.u, DEMO.password));
      expect(res.status, `login ${i}`).toBe(200);
      expect(await errorCode(res), `login ${i}`).toBeUndefined();
    }
  }, 60_000);

  it('refuses the 11th wrong password for one account from one address with 429, a Polish message and Retry-After, without asking the backend', async () => {
    await freshWindow(20);
    const ip = uniqueAddress();
    const account = await newAccount();
    const post = client(ip);
    for (let i = 1; i <= 10; i++) {
      const res = await post(login(account, `zle-haslo-${i}`));
      expect(res.status, `attempt ${i}`).toBe(200);
      expect(await errorCode(res), `attempt ${i}`).toBe('INVALID_CREDENTIALS_ERROR');
    }
    // The right password does not help: the 11th attempt never reaches Vendure.
    const refused = await post(login(account, 'Start1234!'));
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers.get('Retry-After'));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(refused.headers.get('Cache-Control')).toBe('no-store');
    expect(refused.headers.getSetCookie()).toEqual([]);
    const body = (await refused.json()) as { errors: Array<{ message: string; extensions: { code: string } }> };
    expect(body.errors[0]!.message).toBe(`Zbyt wiele prób. Odczekaj ${seconds} s i spróbuj ponownie.`);
    expect(body.errors[0]!.extensions.code).toBe('RATE_LIMITED');

    // A different account from the same address is not blocked by someone else's failures…
    const other = await post(login(DEMO.u, DEMO.password));
    expect(other.status).toBe(200);
    expect(await errorCode(other)).toBeUndefined();
    // …nor is the same account from another address (its owner on another network).
    expect((await client(uniqueAddress())(login(account, 'Start1234!'))).status).toBe(200);
  }, 60_000);

  it('counts a login whose answer hides the outcome as a failure', async () => {
    await freshWindow(20);
    const ip = uniqueAddress();
    const account = await newAccount();
    const post = client(ip);
    const hidden = (p: string) => ({ query: `mutation { login(username: "${account}", password: "${p}") { ... on CurrentUser { id } } }` });
    for (let i = 1; i <= 10; i++) expect((await post(hidden(`zle-${i}`))).status, `attempt ${i}`).toBe(200);
    expect((await post(hidden('Start1234!'))).status).toBe(429);
  }, 60_000);

  it('stops one address trying many accounts at the looser per-address ceiling (30 a minute)', async () => {
    await freshWindow(40);
    const post = client(uniqueAddress());
    // Ten at a time: thirty password checks one after another could outlast the window on a busy machine.
    for (let batch = 0; batch < 3; batch++) {
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => post(login(`nikt-${batch * 10 + i}@psiaki.test`, 'zle'))));
      expect(answers.map((res) => res.status)).toEqual(Array(10).fill(200));
    }
    expect((await post(login('nikt-31@psiaki.test', 'zle'))).status).toBe(429);
  }, 90_000);

  it('counts every aliased attempt of one document, so batching does not get around it', async () => {
    const post = client(uniqueAddress());
    const aliases = Array.from({ length: 31 }, (_, i) => `a${i}: login(username: "x${i}@psiaki.test", password: "1") { __typename }`);
    expect((await post({ query: `mutation { ${aliases.join(' ')} }` })).status).toBe(429);
  });
});

describe('rate limits on the Rate Limiting binding: coupons, accounts, withdrawal', () => {
  it('refuses the 21st wrong coupon code in one session with 429, without asking the backend', async () => {
    await freshWindow(20);
    const post = client(uniqueAddress());
    const added = await post({ query: 'mutation { addItemToOrder(productVariantId: 1, quantity: 1) { __typename } }' });
    expect(added.status).toBe(200);
    const coupon = (code: string) => ({
      query: 'mutation($c: String!) { applyCouponCode(couponCode: $c) { ... on ErrorResult { errorCode } } }',
      variables: { c: code },
    });
    for (let i = 1; i <= 20; i++) {
      const res = await post(coupon(`ZGADUJE${i}`));
      expect(res.status, `code ${i}`).toBe(200);
      expect(((await res.json()) as { data: { applyCouponCode: { errorCode: string } } }).data.applyCouponCode.errorCode).toBe(
        'COUPON_CODE_INVALID_ERROR',
      );
    }
    const refused = await post(coupon('ZGADUJE21'));
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]!.extensions.code).toBe('RATE_LIMITED');
    // Another session from another address has its own budget.
    expect((await client(uniqueAddress())(coupon('ZGADUJE22'))).status).toBe(200);
  }, 60_000);

  it('limits registration and password reset per e-mail address across addresses (3 a minute), and per address', async () => {
    await freshWindow(20);
    const email = `reset-${crypto.randomUUID().slice(0, 8)}@psiaki.test`;
    const reset = {
      query: 'mutation($e: String!) { requestPasswordReset(emailAddress: $e) { ... on Success { success } } }',
      variables: { e: email },
    };
    for (let i = 1; i <= 3; i++) expect((await client(uniqueAddress())(reset)).status, `request ${i}`).toBe(200);
    expect((await client(uniqueAddress())(reset)).status).toBe(429);

    const post = client(uniqueAddress());
    for (let i = 1; i <= 10; i++) {
      const res = await post({
        query: 'mutation { resetPassword(token: "x", password: "y12345678") { ... on ErrorResult { errorCode } } }',
      });
      expect(res.status, `reset ${i}`).toBe(200);
    }
    expect(
      (await post({ query: 'mutation { resetPassword(token: "x", password: "y12345678") { ... on ErrorResult { errorCode } } }' })).status,
    ).toBe(429);
    // Catalogue queries and cart mutations from the same address pass.
    expect((await post({ query: '{ activeChannel { code } }' })).status).toBe(200);
    expect((await post({ query: 'mutation { removeAllOrderLines { ... on ErrorResult { errorCode } } }' })).status).toBe(200);
  }, 60_000);

  it('limits guessing order codes in the withdrawal form: the 11th lookup is refused without asking the backend', async () => {
    await freshWindow(20);
    const post = client(uniqueAddress());
    const lookup = (code: string) => ({
      query: 'query($c: String!, $e: String!) { withdrawalOrder(code: $c, emailAddress: $e) { code } }',
      variables: { c: code, e: 'demo@psiaki.test' },
    });
    await tenUnknownThenRefused(post, 'withdrawalOrder', lookup);
    // the order status page's lookup shares that budget: no second way to try codes
    const status = await post({
      query: 'query($c: String!, $e: String) { orderStatus(code: $c, emailAddress: $e) { code } }',
      variables: { c: 'DDDD4445', e: 'demo@psiaki.test' },
    });
    expect(status.status).toBe(429);
    expect(((await status.json()) as { errors: Array<{ message: string }> }).errors[0]!.message).toMatch(
      /^Zbyt wiele prób\. Odczekaj \d+ s/,
    );
  }, 60_000);

  it('limits order status lookups on their own: the 11th is refused, the first ten answer null for wrong pairs', async () => {
    await freshWindow(20);
    const post = client(uniqueAddress());
    const lookup = (code: string) => ({
      query: 'query($c: String!, $k: String) { orderStatus(code: $c, key: $k) { code } }',
      variables: { c: code, k: 'AAAAAAAAAAAAAAAAAAAAAA' },
    });
    await tenUnknownThenRefused(post, 'orderStatus', lookup);
  }, 60_000);

  it('enforces nothing with RATE_LIMITS=off in development, and refuses that setting in production', async () => {
    const coupons = Array.from({ length: 21 }, (_, i) => `c${i}: applyCouponCode(couponCode: "ZGADUJE${i}") { __typename }`);
    const batch = { query: `mutation { ${coupons.join(' ')} }` };
    expect((await client(uniqueAddress(), { RATE_LIMITS: 'off' })(batch)).status).toBe(200);
    expect((await client(uniqueAddress(), { RATE_LIMITS: 'off', ENVIRONMENT: 'production' })(batch)).status).toBe(429);
  });
});

describe('limitedFields', () => {
  it('finds the limited fields through aliases, inline fragments and fragment spreads, never in other queries', () => {
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
    expect(limitedAttempts(parse('mutation { applyCouponCode(couponCode: "X") { __typename } }'))).toBe(1);
  });

  it('reads the account of a login and the e-mail of a registration from literals and variables, lower-cased', () => {
    expect(limitedFields(parse(LOGIN), { u: ' Demo@Psiaki.test ' })).toEqual([
      { name: 'login', responseKey: 'login', account: 'demo@psiaki.test' },
    ]);
    expect(
      limitedFields(parse('mutation($i: RegisterCustomerInput!) { r: registerCustomerAccount(input: $i) { __typename } }'), {
        i: { emailAddress: 'Ola@X.pl' },
      }),
    ).toEqual([{ name: 'registerCustomerAccount', responseKey: 'r', account: 'ola@x.pl' }]);
    expect(
      limitedFields(parse('mutation { registerCustomerAccount(input: { emailAddress: "a@b.pl", password: "x" }) { __typename } }')),
    ).toEqual([{ name: 'registerCustomerAccount', responseKey: 'registerCustomerAccount', account: 'a@b.pl' }]);
    // A username that is not a string names no account: only the per-address ceiling counts it.
    expect(limitedFields(parse(LOGIN), { u: { $gt: '' } })[0]!.account).toBeUndefined();
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
});
