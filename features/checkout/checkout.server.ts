import { doneSteps, firstIncompleteStep, isCheckoutStep, STEP_PATHS, stepAllowed, THANK_YOU_PATH } from './steps';
import type { CheckoutAddresses, CheckoutData, PaymentCancelData, PaymentCheckData, ThankYouData } from './types';
import { type BackendAddress, emptyAddress, fromBackendAddress } from '../../client/lib/forms/address';
import type { Head } from '../../client/router/types';
import { t } from '../../client/texts';
import { checkoutTexts } from './checkout.texts';
import { checkoutPaymentTexts } from './checkout-payment.texts';
import { HttpError } from '../../worker/pages/errors';
import type { PageContext } from '../../worker/env';
import { readSessionToken } from '../../worker/shop/session';
import { type ShopClient, shopClient } from '../../worker/shop/vendure';
import { checkoutPage, paymentReturnPage, placedOrderState, thankYouPage } from './checkout.graphql.server';
import { absoluteUrl, type Loader, type LoaderRedirect } from '../../worker/pages/loader';

/**
 * Loaders of the checkout (issue 11). Each step's precondition (spec §4, `steps.ts`) is checked
 * here, after the guards (the `checkout` guard has already moved the order to ArrangingPayment on
 * the payment step, or back to AddingItems elsewhere) and before anything renders: a failed one
 * is a 302 to `/`. On a client navigation the same 302 answers the JSON request; the browser's
 * fetch follows it to the home page's JSON, so the router lands on `/` too.
 */

const HOME: LoaderRedirect = { redirect: '/', status: 302 };
const to = (path: string): LoaderRedirect => ({ redirect: path, status: 302 });

/** Order codes are Vendure's (16 upper-case letters and digits); anything else is not looked up. */
const ORDER_CODE = /^[A-Z0-9-]{4,40}$/i;

/** States of an order whose payment went through (or, for a transfer, was registered). */
const PLACED_STATES = new Set(['PaymentAuthorized', 'PaymentSettled', 'PartiallyShipped', 'Shipped', 'PartiallyDelivered', 'Delivered']);

function personalClient(ctx: PageContext): ShopClient | null {
  const token = readSessionToken(ctx.c);
  return token ? shopClient(ctx.c.env, { token }) : null;
}

function head(ctx: PageContext, title: string, path: string): Head {
  return { title: `${title} – ${t.shopName}`, canonical: absoluteUrl(ctx, path), noindex: true };
}

/** `?order=CODE` of the thank-you and payment return pages, or null when absent or malformed. */
function orderCodeOf(ctx: PageContext): string | null {
  const code = ctx.url.searchParams.get('order')?.trim() ?? '';
  return ORDER_CODE.test(code) ? code : null;
}

/**
 * A placed order's state, or null when the backend will not show it to this session (another
 * shopper's code, a guest's order past the backend's window): Vendure answers that with a
 * GraphQL error, which must not become an error page. A backend that is down still is one.
 */
async function placedState(client: ShopClient, code: string): Promise<string | null> {
  try {
    const { orderByCode } = await client.request(placedOrderState, { code });
    return orderByCode && !orderByCode.active ? orderByCode.state : null;
  } catch (error) {
    if (error instanceof HttpError && error.status === 503) throw error;
    return null;
  }
}

/** The addresses in the shape of the forms (client/lib/forms/address.ts), so the browser needs no mapping code to show them. */
function formAddresses(
  order: { shippingAddress?: BackendAddress | null; billingAddress?: BackendAddress | null },
  saved: ReadonlyArray<BackendAddress & { id: string }>,
): CheckoutAddresses {
  const mapped = (a: BackendAddress | null | undefined) => (a?.streetLine1 ? fromBackendAddress(a) : null);
  return {
    empty: emptyAddress(),
    shipping: mapped(order.shippingAddress),
    billing: mapped(order.billingAddress),
    saved: Object.fromEntries(saved.map((a) => [a.id, fromBackendAddress(a)])),
  };
}

/** `/checkout` and its four steps. */
export const checkoutLoader: Loader<CheckoutData> = async (ctx) => {
  const step = ctx.route.meta?.step;
  const client = personalClient(ctx);
  if (!client) return HOME;
  const data = await client.request(checkoutPage, { shipping: step === 'shipping', payment: step === 'payment' });
  const order = data.activeOrder;
  if (step === 'start') {
    const first = firstIncompleteStep(order);
    return first ? to(STEP_PATHS[first]) : HOME;
  }
  if (!isCheckoutStep(step) || !order || !stepAllowed(step, order)) return HOME;
  // A logged-in customer is the order's customer already: nothing to ask on the first step.
  if (step === 'customer' && data.activeCustomer && order.customer) return to(STEP_PATHS.shipping);
  return {
    data: {
      step,
      order,
      customer: data.activeCustomer ?? null,
      done: doneSteps(order),
      shippingMethods: data.eligibleShippingMethods ?? [],
      paymentMethods: (data.eligiblePaymentMethods ?? []).filter((m) => m.isEligible),
      addresses: formAddresses(order, data.activeCustomer?.addresses ?? []),
    },
    head: head(ctx, `${checkoutTexts.steps[step]} – ${checkoutTexts.title}`, STEP_PATHS[step]),
  };
};

/** `/checkout/thank-you?order=CODE`: exempt from the active-order rule; the order must be placed and the shopper's. */
export const thankYouLoader: Loader<ThankYouData> = async (ctx) => {
  const client = personalClient(ctx);
  const code = orderCodeOf(ctx);
  if (!client || !code) return HOME;
  let result;
  try {
    result = await client.request(thankYouPage, { code });
  } catch (error) {
    if (error instanceof HttpError && error.status === 503) throw error;
    return HOME;
  }
  const order = result.orderByCode;
  if (!order) return HOME;
  // Not placed yet (its owner came here by hand): the checkout knows where to continue.
  if (order.active) return to('/checkout');
  return {
    data: { order, isGuest: !result.activeCustomer, shipments: order.fulfillments ?? [] },
    head: head(ctx, checkoutPaymentTexts.thankYou.heading, THANK_YOU_PATH),
  };
};

/** `/payment-check?order=CODE`: waits for the gateway's notification (the page polls); a paid order goes straight to thank-you. */
export const paymentCheckLoader: Loader<PaymentCheckData> = async (ctx) => {
  const client = personalClient(ctx);
  const code = orderCodeOf(ctx);
  if (!client || !code) return HOME;
  const { activeOrder } = await client.request(paymentReturnPage, { payment: false });
  if (activeOrder?.code === code) {
    return { data: { code, state: activeOrder.state }, head: head(ctx, checkoutPaymentTexts.paymentCheck.heading, '/payment-check') };
  }
  const state = await placedState(client, code);
  if (state && PLACED_STATES.has(state)) return to(`${THANK_YOU_PATH}?order=${encodeURIComponent(code)}`);
  return HOME;
};

/** `/payment-cancel?order=CODE`: the unpaid order is still the active one; offer a retry or a transfer. */
export const paymentCancelLoader: Loader<PaymentCancelData> = async (ctx) => {
  const client = personalClient(ctx);
  const code = orderCodeOf(ctx);
  if (!client || !code) return HOME;
  const data = await client.request(paymentReturnPage, { payment: true });
  const order = data.activeOrder;
  if (!order || order.code !== code) {
    // Paid after all (the notification beat the shopper back): show the order.
    const state = await placedState(client, code);
    return state && PLACED_STATES.has(state) ? to(`${THANK_YOU_PATH}?order=${encodeURIComponent(code)}`) : HOME;
  }
  return {
    data: { order, paymentMethods: (data.eligiblePaymentMethods ?? []).filter((m) => m.isEligible) },
    head: head(ctx, checkoutPaymentTexts.paymentCancel.heading, '/payment-cancel'),
  };
};
