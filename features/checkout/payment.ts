import { transitionOrderToState } from '../../client/graphql/cart.graphql';
import { getPaymentStatus, setPaymentMethod, startBlikPayment, startOnlinePayment } from './checkout.graphql';
import { unwrap } from '../../client/graphql/errors';
import type { ShopRequest } from '../../client/lib/shop-api';
import type { PlacedOrder } from './types';

/** The bank transfer method's code (`eligiblePaymentMethods`); any other method is paid online through a gateway. */
const TRANSFER_METHOD = 'przelew';

export function isTransferMethod(code: string | null | undefined): boolean {
  return code === TRANSFER_METHOD;
}

/** States of an order whose payment went through (online) or was registered (transfer). */
export const PAID_STATES: ReadonlySet<string> = new Set([
  'PaymentAuthorized',
  'PaymentSettled',
  'PartiallyShipped',
  'Shipped',
  'PartiallyDelivered',
  'Delivered',
]);

/**
 * Payments are added in ArrangingPayment. The payment step's guard moved the order there, but
 * the page's word for it can be stale: any other page of the shop requested since (another tab,
 * a link prefetched on hover or focus, coming back to a payment return page after browsing on)
 * moves the order back to AddingItems (the order-state guard, spec §4). So the transition is
 * asked for every time: an order already in ArrangingPayment answers with a transition error
 * from that state, which is what we want.
 */
async function ensureArrangingPayment(request: ShopRequest): Promise<void> {
  const result = (await request(transitionOrderToState, { state: 'ArrangingPayment' })).transitionOrderToState!;
  if ('errorCode' in result && result.errorCode && 'fromState' in result && result.fromState === 'ArrangingPayment') return;
  unwrap(result);
}

/** Places the order paid by bank transfer; the backend answers with the placed order (PaymentAuthorized). */
export async function payByTransfer(request: ShopRequest): Promise<PlacedOrder> {
  await ensureArrangingPayment(request);
  const order = unwrap((await request(setPaymentMethod, { method: TRANSFER_METHOD, metadata: {} })).addPaymentToOrder);
  return order;
}

/** Bank details for the thank-you page, from the transfer payment's public metadata (order code and total as fallbacks). */
interface TransferDetails {
  accountNumber: string;
  recipient: string;
  bankName: string;
  amount: number;
  title: string;
}

export function transferDetails(order: Pick<PlacedOrder, 'code' | 'totalWithTax' | 'payments'>): TransferDetails | null {
  const payment = (order.payments ?? []).find(
    (p) => isTransferMethod(p.method) && p.state !== 'Declined' && p.state !== 'Cancelled' && p.state !== 'Error',
  );
  if (!payment) return null;
  const meta = (payment.metadata ?? {}) as Record<string, unknown>;
  // The Shop API returns only the public part; some handlers nest it under `public`.
  const source = (typeof meta.public === 'object' && meta.public ? meta.public : meta) as Record<string, unknown>;
  const text = (key: string) => (typeof source[key] === 'string' ? (source[key] as string) : '');
  const amount = typeof source.amount === 'number' ? source.amount : payment.amount || order.totalWithTax;
  return {
    accountNumber: text('accountNumber'),
    recipient: text('recipient'),
    bankName: text('bankName'),
    amount,
    title: text('title') || order.code,
  };
}

/** What `/payment-check` learns from one poll. */
type PaymentPoll = 'waiting' | 'paid' | 'failed';

/**
 * One poll of an online payment: the order's state (PaymentSettled once Przelewy24's verified
 * notification arrived) and the session's status (`unpaid` when P24 knows no payment), so a
 * refused or cancelled payment is told at once instead of after the whole wait.
 */
export async function readPaymentState(request: ShopRequest, code: string): Promise<PaymentPoll> {
  const { orderByCode, onlinePaymentStatus } = await request(getPaymentStatus, { code });
  if (orderByCode && PAID_STATES.has(orderByCode.state)) return 'paid';
  // unpaid: Przelewy24 knows no payment for the session (cancelled, refused at the bank); mismatch, refunded,
  // refund-failed: the order changed meanwhile, so the payment was not taken (and is sent back)
  if (
    onlinePaymentStatus &&
    ['unpaid', 'failed', 'cancelled', 'error', 'mismatch', 'refunded', 'refund-failed'].includes(onlinePaymentStatus)
  )
    return 'failed';
  return 'waiting';
}

interface PollOptions {
  read(): Promise<PaymentPoll>;
  /** Waits between polls (a timer in the browser, immediate in tests). */
  sleep(ms: number): Promise<void>;
  intervalMs: number;
  /** How many polls at most (30 s / 1.5 s = 20). */
  attempts: number;
  /** Stops early (the shopper left the page). */
  cancelled?(): boolean;
}

/**
 * Polls until the payment is confirmed or refused, with a bound: 'paid', 'failed', or 'timeout' after `attempts`
 * polls (a failed read counts as one, so a backend that is down also ends in the message).
 */
export async function pollPayment(options: PollOptions): Promise<'paid' | 'failed' | 'timeout' | 'cancelled'> {
  for (let attempt = 0; attempt < options.attempts; attempt++) {
    if (options.cancelled?.()) return 'cancelled';
    try {
      const result = await options.read();
      if (result !== 'waiting') return result;
    } catch (error) {
      console.warn('Payment state could not be read', error);
    }
    if (attempt < options.attempts - 1) await options.sleep(options.intervalMs);
  }
  return 'timeout';
}

/**
 * Starts an online payment: the backend registers the transaction at the gateway and answers
 * with the gateway page to send the shopper to (the order stays in ArrangingPayment).
 */
export async function payOnline(request: ShopRequest): Promise<string> {
  await ensureArrangingPayment(request);
  const start = unwrap((await request(startOnlinePayment)).startOnlinePayment);
  return start.redirectUrl;
}

/**
 * BLIK is offered on the payment step as its own choice, but it is no payment method of its own at
 * the backend: it is the `online` method (Przelewy24) charged with a code on the shop's page.
 */
export const BLIK_METHOD = 'blik';

export function isBlikCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/** Starts a BLIK payment: `started` (confirm in the app) or the code refused with the backend's Polish message. */
export async function payByBlik(request: ShopRequest, blikCode: string): Promise<{ started: true } | { started: false; message: string }> {
  await ensureArrangingPayment(request);
  const result = unwrap((await request(startBlikPayment, { blikCode })).startBlikPayment);
  if (result.__typename === 'BlikCodeError') return { started: false, message: result.message };
  return { started: true };
}

/** What one poll learns of a BLIK charge waiting for the banking app. */
type BlikPoll = 'paid' | 'pending' | 'declined' | 'timeout' | 'rejected';

export async function readBlikState(request: ShopRequest, code: string): Promise<BlikPoll> {
  const { orderByCode, onlinePaymentStatus } = await request(getPaymentStatus, { code });
  if (orderByCode && PAID_STATES.has(orderByCode.state)) return 'paid';
  if (onlinePaymentStatus === 'blik-declined') return 'declined';
  if (onlinePaymentStatus === 'blik-timeout') return 'timeout';
  if (onlinePaymentStatus === 'blik-rejected') return 'rejected';
  return 'pending';
}

/**
 * Waits for the banking app: polls until the charge is paid or failed, at most `attempts` polls
 * (a BLIK code lives 2 minutes; the bank's own timeout is reported before that). Past the bound
 * the answer is `timeout`: the shopper may try a new code or another method.
 */
export async function waitForBlik(options: Omit<PollOptions, 'read'> & { read(): Promise<BlikPoll> }): Promise<BlikPoll | 'cancelled'> {
  for (let attempt = 0; attempt < options.attempts; attempt++) {
    if (options.cancelled?.()) return 'cancelled';
    try {
      const result = await options.read();
      if (result !== 'pending') return result;
    } catch (error) {
      console.warn('BLIK state could not be read', error);
    }
    if (attempt < options.attempts - 1) await options.sleep(options.intervalMs);
  }
  return 'timeout';
}
