import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../backend/src/dev/ports';
import { type Backend, type Storefront, startStorefront } from '../scripts/test-stack/stack';
import { hydrated, setupBrowser } from './browser';

/**
 * The account challenge (issue 44, decision 106): after many failed logins for one account from
 * anywhere, its login asks for Cloudflare Turnstile instead of locking the owner out. The worker
 * decides which account is challenged (worker/ratelimit/auth.ts, LOGIN_ACCOUNT_LIMITER) and answers
 * the 403 CHALLENGE_REQUIRED (limiter.ts); siteverify is worker/ratelimit/turnstile.ts; the widget
 * here is the stand-in's (backend/stand-ins/turnstile.ts) with Cloudflare's always-passing test
 * keys of wrangler.toml.
 *
 * The shared stack runs with the limits off (every shopper of it comes from 127.0.0.1) and without
 * the challenge, so this file starts a storefront of its own on the same backend with
 * LOGIN_CHALLENGE=on: the challenge alone, the other limits still off. The failures still come
 * from different addresses, as in the attack.
 */
const CHALLENGE_VARS = { LOGIN_CHALLENGE: 'on' };
/**
 * The 10th failure in a minute from anywhere challenges the account (wrangler.toml); the binding's
 * windows are fixed, so a run that straddles a minute may need up to twice that.
 */
const CHALLENGE_AFTER = 20;

const browser = setupBrowser();
const POLL = { timeout: 10_000 };
const PASSWORD = 'Wyzwanie1234!';
const LOGIN = 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { __typename ... on ErrorResult { errorCode } } }';

let storefront: Storefront;

beforeAll(async () => {
  // the shared backend and stand-ins, a storefront of our own on a free port
  const shared: Backend = {
    url: inject('backendUrl'),
    blogUrl: inject('blogUrl'),
    mailboxUrl: inject('mailboxUrl'),
    adminLogin: inject('adminLogin'),
    staffLogin: inject('staffLogin'),
    catalogueHookSecret: inject('catalogueHookSecret'),
    storefrontPort: await freePort(),
    stop: async () => {},
  };
  storefront = await startStorefront(shared, CHALLENGE_VARS);
}, 180_000);

afterAll(async () => {
  await storefront?.stop();
});

/** A Shop API call through our storefront's /api/shop, as from the client address `ip`. */
async function api(query: string, variables: Record<string, unknown>, ip: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${storefront.url}/api/shop`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: storefront.url, 'CF-Connecting-IP': ip, ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: res.status,
    cacheControl: res.headers.get('Cache-Control'),
    body: (await res.json()) as {
      data?: { login?: { __typename: string; errorCode?: string } };
      errors?: Array<{ message: string; extensions: Record<string, string> }>;
    },
  };
}

/** A new customer (no verification in the shared backend), so no other test's account is challenged. */
async function newCustomer(): Promise<string> {
  const email = `wyzwanie-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@psiaki.test`;
  const { body } = await api(
    'mutation($i: RegisterCustomerInput!) { registerCustomerAccount(input: $i) { __typename } }',
    { i: { emailAddress: email, firstName: 'Ewa', lastName: 'Kot', password: PASSWORD } },
    '198.51.100.200',
  );
  expect(body.errors).toBeUndefined();
  const { body: login } = await api(LOGIN, { u: email, p: PASSWORD }, '198.51.100.201');
  expect(login.data?.login?.__typename).toBe('CurrentUser');
  return email;
}

/**
 * Wrong passwords for `email`, each from another address (no per-address limit is reached), until
 * the worker asks for the challenge; returns its 403's first error.
 */
async function challengeAccount(email: string) {
  let last: Awaited<ReturnType<typeof api>> | undefined;
  for (let i = 1; i <= CHALLENGE_AFTER + 1; i++) {
    last = await api(LOGIN, { u: email, p: `zle-haslo-${i}` }, `203.0.113.${i}`);
    if (last.status === 403) break;
    expect(last.status, `failure ${i}`).toBe(200);
    expect(last.body.data?.login?.errorCode, `failure ${i}`).toBe('INVALID_CREDENTIALS_ERROR');
  }
  expect(last!.status, `no challenge after ${CHALLENGE_AFTER + 1} failures from ${CHALLENGE_AFTER + 1} addresses`).toBe(403);
  expect(last!.cacheControl).toBe('no-store');
  return last!.body.errors![0]!;
}

describe('a login of an account under attack asks for Turnstile', () => {
  it('answers 403 CHALLENGE_REQUIRED with the site key and script, and lets the login through with a token', async () => {
    const email = await newCustomer();
    const error = await challengeAccount(email);
    expect(error.extensions).toEqual({
      code: 'CHALLENGE_REQUIRED',
      siteKey: '1x00000000000000000000AA',
      scriptUrl: `${inject('blogUrl')}/turnstile/v0/api.js?render=explicit`,
    });
    expect(error.message).toMatch(/nie jesteś robotem/);
    // even the right password needs the check now, from any address
    expect((await api(LOGIN, { u: email, p: PASSWORD }, '192.0.2.10')).status).toBe(403);
    // the token of Cloudflare's test site key, verified by the stand-in's siteverify with the test secret
    const passed = await api(LOGIN, { u: email, p: PASSWORD }, '192.0.2.10', { 'X-Turnstile-Token': 'XXXX.DUMMY.TOKEN.XXXX' });
    expect(passed.status).toBe(200);
    expect(passed.body.data?.login?.__typename).toBe('CurrentUser');
  });

  it('in Chromium: the modal keeps what was typed, shows why and the widget, and "Nie jestem robotem" logs the shopper in', async () => {
    const email = await newCustomer();
    await challengeAccount(email);
    const { page } = await browser.page();
    const tokens: Array<string | null> = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/shop') && (req.postData() ?? '').includes('login('))
        tokens.push(req.headers()['x-turnstile-token'] ?? null);
    });
    await page.goto(`${storefront.url}/kontakt`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Zaloguj się' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Zaloguj się' });
    await dialog.waitFor();
    await dialog.getByLabel('Adres e-mail').fill(email);
    await dialog.getByLabel('Hasło').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Zaloguj się' }).click();

    // why: the worker's message, announced
    const alert = dialog.getByRole('alert').filter({ hasText: 'nie jesteś robotem' });
    await alert.waitFor(POLL);
    // the check, in a labelled group described by that message, which has the focus
    const group = dialog.getByRole('group', { name: 'Potwierdź, że nie jesteś robotem' });
    await group.waitFor(POLL);
    const described = (await group.getAttribute('aria-describedby')) ?? '';
    expect(described.split(' ')).toContain(await alert.getAttribute('id'));
    await expect.poll(() => page.evaluate(() => document.activeElement?.matches('.login-form__challenge') ?? false)).toBe(true);
    // nothing typed was lost
    expect(await dialog.getByLabel('Adres e-mail').inputValue()).toBe(email);
    expect(await dialog.getByLabel('Hasło').inputValue()).toBe(PASSWORD);

    // the widget (the stand-in's, in place of Cloudflare's) from the keyboard: Tab reaches it
    const box = group.getByRole('checkbox', { name: 'Nie jestem robotem' });
    await box.waitFor(POLL);
    await page.keyboard.press('Tab');
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');

    // the same login goes again with the widget's token, the password not retyped
    await dialog.waitFor({ state: 'detached', ...POLL });
    await page.getByText('Zalogowano. Miło Cię widzieć!').waitFor(POLL);
    expect(tokens).toEqual([null, 'XXXX.DUMMY.TOKEN.XXXX']);
    const verified = (await (await fetch(`${inject('blogUrl')}/turnstile/test/verifications`)).json()) as Array<{
      response: string;
      success: boolean;
    }>;
    expect(verified.some((v) => v.response === 'XXXX.DUMMY.TOKEN.XXXX' && v.success)).toBe(true);
    await page.getByRole('link', { name: 'Moje konto' }).click();
    await page.waitForURL('**/my-account');
  });
});
