import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { GuardName } from '../../client/router/route-facts';
import { graphql } from '../../client/graphql/graphql';
import { afterResponse } from '../cache/data-cache';
import type { AppEnv, PageContext } from '../env';
import { readSessionToken } from '../shop/session';
import { type ShopClient, shopClient } from '../shop/vendure';
import { safeRedirect } from '../security/redirect';
import { HttpError } from './errors';

/**
 * A route guard (spec §2 "named route middleware"): runs before the loader and may answer
 * instead of the page (a redirect home) or set headers and cookies on the page's response.
 */
export type Guard = (ctx: PageContext) => Promise<Response | void> | Response | void;

const getOrderState = graphql(`
  query getOrderState {
    activeOrder { id state }
  }
`);

const transitionOrderState = graphql(`
  mutation transitionOrderState($state: String!) {
    transitionOrderToState(state: $state) {
      ... on Order { id state }
      ... on OrderStateTransitionError { errorCode message }
    }
  }
`);

const getActiveCustomerId = graphql(`
  query getActiveCustomerId {
    activeCustomer { id }
  }
`);

/** Spec §6/§4: a failed guard sends the visitor to the home page. */
export function redirectHome(c: Context<AppEnv>): Response {
  return safeRedirect(c, '/', 302)!;
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Spec §3 cookies: currency (PLN), country (PL) and locale (pl), one year, set when absent. */
const language: Guard = ({ c }) => {
  const defaults: Array<[string, string]> = [
    ['currency', 'PLN'],
    ['country', 'PL'],
    ['locale', 'pl'],
  ];
  for (const [name, value] of defaults) {
    if (getCookie(c, name)) continue;
    setCookie(c, name, value, { path: '/', maxAge: YEAR_SECONDS, sameSite: 'Lax', secure: new URL(c.req.url).protocol === 'https:' });
  }
};

/** Search-engine hygiene: pages with query parameters beyond the route's own are not indexed twice. */
const seo: Guard = ({ c }) => {
  c.header('X-Robots-Tag', 'index, follow');
};

/** Payment return and account status pages: personal and never indexed or cached. */
const status: Guard = ({ c }) => {
  c.header('X-Robots-Tag', 'noindex');
  c.header('Cache-Control', 'private, no-store');
};

/** Routes where the order keeps its state (spec §4: thank-you and payment pages are exempt). */
const ORDER_STATE_EXEMPT = /^\/(?:checkout\/thank-you|Checkout\/ThankYou|payment-check|payment-cancel|Checkout\/Payment(?:Check|Cancel))/;
const PAYMENT_STEP = /^\/(?:checkout\/payment|Checkout\/Payment)$/;
/** Checkout steps: personal pages whose forms change the order next, so the sync must be done before they render. */
const CHECKOUT_STEP = /^\/(?:checkout|Checkout)(?:\/|$)/;

/**
 * Order state guard (spec §4): on the payment step an active order moves to
 * ArrangingPayment (awaited: the page needs it); on any other page an active
 * order not in AddingItems moves back to AddingItems — awaited on the other checkout steps,
 * after the response elsewhere, so catalogue pages never wait for it and their HTML stays
 * the same for everybody.
 * Without a session there is no active order and nothing happens.
 */
const checkout: Guard = async ({ c, url }) => {
  const token = readSessionToken(c);
  if (!token || ORDER_STATE_EXEMPT.test(url.pathname)) return;
  const toPayment = PAYMENT_STEP.test(url.pathname);
  const sync = syncOrderState(shopClient(c.env, { token, kind: 'checkout' }), toPayment ? 'ArrangingPayment' : 'AddingItems');
  // The payment page needs ArrangingPayment, and the other steps' mutations (shipping method)
  // need AddingItems, before the shopper can act on them; catalogue pages do not wait.
  if (toPayment || CHECKOUT_STEP.test(url.pathname)) await sync.catch((error) => console.error('Order state sync failed', error));
  else await afterResponse(c, sync);
};

async function syncOrderState(client: ShopClient, target: 'ArrangingPayment' | 'AddingItems'): Promise<void> {
  const { activeOrder } = await client.request(getOrderState);
  if (!activeOrder || activeOrder.state === target) return;
  if (target === 'AddingItems' && activeOrder.state !== 'ArrangingPayment') return;
  const { transitionOrderToState: result } = await client.request(transitionOrderState, { state: target });
  if (result && 'errorCode' in result) console.warn('Order state transition refused', result.errorCode, result.message);
}

/** Account-only pages: the current customer is fetched; on any failure the visitor goes home (spec §6). */
const isAuthenticated: Guard = async ({ c }) => {
  const token = readSessionToken(c);
  if (!token) return redirectHome(c);
  try {
    const { activeCustomer } = await shopClient(c.env, { token }).request(getActiveCustomerId);
    if (!activeCustomer) return redirectHome(c);
    c.header('Cache-Control', 'private, no-store');
  } catch {
    return redirectHome(c);
  }
};

/** Every guard by its spec name; the route table names them (worker/pages/route-table.ts GuardName). */
export const guards: Record<GuardName, Guard> = {
  checkout,
  'is-authenticated': isAuthenticated,
  seo,
  status,
  language,
};

/** Runs a route's guards in order; an unregistered name is a 500 'Unknown middleware' (spec §2). */
export async function runGuards(names: readonly string[], ctx: PageContext): Promise<Response | void> {
  const registry: Partial<Record<string, Guard>> = guards;
  if (names.some((name) => !Object.hasOwn(registry, name))) throw new HttpError(500, 'Unknown middleware');
  for (const name of names) {
    const res = await registry[name]!(ctx);
    if (res) return res;
  }
}
