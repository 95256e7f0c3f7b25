import type { BrowserContext, Page } from 'playwright-core';
import { prepareShopper } from '../scripts/test-stack/shopper';
import { inject } from 'vitest';
import { baseUrl } from './browser';

export { DEMO } from '../scripts/test-stack/shopper';

/**
 * A GraphQL call through the storefront's /api/shop with the context's cookies (Playwright's
 * `context.request` shares them, and stores the session cookie the worker sets).
 */
export async function shopCall<T>(context: BrowserContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await context.request.post('/api/shop', {
    headers: { 'Content-Type': 'application/json', Origin: baseUrl() },
    data: { query, variables },
  });
  const body = (await res.json()) as { data?: T; errors?: unknown[] };
  if (!res.ok() || !body.data) throw new Error(`/api/shop answered ${res.status()}: ${JSON.stringify(body.errors ?? body)}`);
  return body.data;
}

/** A GraphQL call from inside the page (its own fetch, session cookie and Origin); throws on errors. */
export async function shopInPage<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  return page.evaluate(
    async ({ query, variables }) => {
      const res = await fetch('/api/shop', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await res.json()) as { data: unknown; errors?: Array<{ message: string }> };
      if (body.errors?.length) throw new Error(body.errors[0]!.message);
      return body.data;
    },
    { query, variables },
  ) as Promise<T>;
}

/**
 * A shopper with a product in the cart before any page loads, so a personal page (checkout,
 * account) can be measured on its own first load: a guest, or the demo customer logged in.
 */
export async function shopperWithCart(context: BrowserContext, kind: 'guest' | 'customer'): Promise<void> {
  await prepareShopper(<T>(query: string, variables?: Record<string, unknown>) => shopCall<T>(context, query, variables), kind);
}

/** The test backend's Admin API as the seed's superadmin (the shop's moderator), to check what was really stored. */
export async function adminCall<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const url = `${inject('backendUrl')}/admin-api`;
  const post = (token: string | null, q: string, v: Record<string, unknown>) =>
    fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query: q, variables: v }),
    });
  const [username, ...password] = inject('adminLogin').split(':');
  const login = await post(null, 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { ... on CurrentUser { id } } }', {
    u: username,
    p: password.join(':'),
  });
  const body = (await (await post(login.headers.get('vendure-auth-token'), query, variables)).json()) as {
    data: T;
    errors?: Array<{ message: string }>;
  };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '));
  return body.data;
}
