/**
 * Shipments as pure rules (issue 28; decision 100): the carriers the shop ships with, what a
 * tracking number may look like, the public tracking page of each carrier, and when a fulfilment
 * was delivered.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface Carrier {
    /** the value of the handler's `carrier` argument */
    code: 'inpost' | 'inpost-kurier' | 'dpd';
    /** what staff pick and the shopper reads; stored as the fulfilment's `method` */
    label: string;
    /** the carrier's public tracking page for a parcel number */
    trackingUrl(trackingCode: string): string;
}

/**
 * The carriers (seed methods: `inpost-paczkomat`, `kurier`): InPost to a locker, InPost's courier
 * (the `kurier` method sent through ShipX, decision 113) and DPD (the `kurier` method sent by hand).
 * InPost's own tracking page (inpost.pl/sledzenie-przesylek?number=) serves both InPost services,
 * DPD Polska's (tracktrace.dpd.com.pl/parcelDetails?typ=1&p1=).
 */
export const CARRIERS: readonly Carrier[] = [
    {
        code: 'inpost',
        label: 'InPost Paczkomat',
        trackingUrl: n => `https://inpost.pl/sledzenie-przesylek?number=${encodeURIComponent(n)}`,
    },
    {
        code: 'inpost-kurier',
        label: 'Kurier InPost',
        trackingUrl: n => `https://inpost.pl/sledzenie-przesylek?number=${encodeURIComponent(n)}`,
    },
    {
        code: 'dpd',
        label: 'Kurier DPD',
        trackingUrl: n => `https://tracktrace.dpd.com.pl/parcelDetails?typ=1&p1=${encodeURIComponent(n)}`,
    },
];

/** The carrier of a stored `method` (its label) or of the handler's argument (its code). */
export function carrierOf(methodOrCode: string | null | undefined): Carrier | undefined {
    const wanted = (methodOrCode ?? '').trim().toLowerCase();
    return CARRIERS.find(c => c.code === wanted || c.label.toLowerCase() === wanted);
}

export const TRACKING_MIN = 6;
export const TRACKING_MAX = 40;
const TRACKING = /^[A-Z0-9-]+$/;

export const CARRIER_MISSING = `Wybierz przewoźnika: ${CARRIERS.slice(0, -1)
    .map(c => c.label)
    .join(', ')} albo ${CARRIERS[CARRIERS.length - 1]!.label}.`;
export const TRACKING_MISSING = 'Podaj numer przesyłki.';
export const TRACKING_INVALID = `Numer przesyłki może mieć od ${TRACKING_MIN} do ${TRACKING_MAX} znaków: tylko litery, cyfry i myślnik.`;

/**
 * A tracking number as staff typed it, normalised (spaces dropped, capitals), or the Polish reason
 * it is refused. Carriers print their numbers in groups ("6200 1234 …"); the link needs them whole.
 */
export function normaliseTrackingCode(raw: string | null | undefined): { code: string } | { error: string } {
    // bounded: a number printed in groups is at most a few dozen characters; anything longer is refused unread
    if ((raw ?? '').length > 4 * TRACKING_MAX) return { error: TRACKING_INVALID };
    const code = (raw ?? '').replace(/\s+/g, '').toUpperCase();
    if (!code) return { error: TRACKING_MISSING };
    if (code.length < TRACKING_MIN || code.length > TRACKING_MAX || !TRACKING.test(code)) return { error: TRACKING_INVALID };
    return { code };
}

/** The public tracking page of a stored fulfilment, or null (no tracking number, or not our carrier). */
export function trackingUrlOf(method: string | null | undefined, trackingCode: string | null | undefined): string | null {
    const carrier = carrierOf(method);
    return carrier && trackingCode ? carrier.trackingUrl(trackingCode) : null;
}

/** Order states in which an order may be sent: paid (settled), or partly sent already. */
export const SHIPPABLE_ORDER_STATES = new Set(['PaymentSettled', 'PartiallyShipped', 'PartiallyDelivered']);

export const notPaidMessage = (code: string) =>
    `Zamówienie ${code} nie jest jeszcze opłacone – wyślij je, gdy płatność zostanie zaksięgowana.`;

/**
 * When a fulfilment was delivered: the moment it moved to Delivered, which is its `updatedAt`
 * (Delivered is the last state but Cancelled and nothing edits a fulfilment afterwards;
 * FulfilmentService.markDelivered writes the carrier's delivery time there). Null before.
 * The withdrawal period (decision 063) runs from this date.
 */
export function deliveredAtOf(f: { state: string; updatedAt: Date }): Date | null {
    return f.state === 'Delivered' ? f.updatedAt : null;
}

/**
 * How long the key of an order's link opens the order (decision 104): 90 days from the e-mail
 * that carries it. That covers the wait for a transfer, the parcel's journey, the 14 days of the
 * withdrawal period from delivery (decision 063) and the first weeks of a complaint; after it the
 * page offers the code-and-e-mail form and a fresh link (`requestOrderStatusLink`).
 */
export const ORDER_LINK_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/** When a key issued at `issuedAt` stops opening the order. */
export const orderLinkExpiry = (issuedAt: Date = new Date()): Date => new Date(issuedAt.getTime() + ORDER_LINK_DAYS * DAY_MS);

/** The expiry part of a key: whole seconds since 1970 in base 36 (7 characters until the year 4453). */
const EXPIRY = /^[0-9a-z]{1,10}$/;

/** The signature of a key: the first 128 bits of HMAC-SHA256 over the code and the expiry, base64url. */
function orderStatusMac(secret: string, orderCode: string, expiry: string): string {
    return createHmac('sha256', secret)
        .update(`order-status:v2:${orderCode.trim().toUpperCase()}:${expiry}`)
        .digest()
        .subarray(0, 16)
        .toString('base64url');
}

/**
 * The key of an order's link (`/status-zamowienia?order=CODE&key=KEY`): `<expiry>.<signature>`,
 * the expiry in base-36 seconds and the signature over 'order-status:v2:' + CODE + ':' + expiry
 * (30 characters today). Only the backend knows the secret (ORDER_LINK_SECRET), so only the shop's
 * own e-mails carry a working link; a key shows one order and nothing else, until it expires.
 * Decisions 102 and 104.
 */
export function orderStatusKey(secret: string, orderCode: string, expiresAt: Date = orderLinkExpiry()): string {
    const expiry = Math.floor(expiresAt.getTime() / 1000).toString(36);
    return `${expiry}.${orderStatusMac(secret, orderCode, expiry)}`;
}

/** Why a key does not open an order: it is not this order's (or malformed), or it has expired. */
export type OrderStatusKeyCheck = 'valid' | 'wrong' | 'expired';

/**
 * Whether `key` opens this order at `now`: signed for this code (constant-time comparison) and not
 * past its expiry. A key of the first format (a bare signature without expiry, decision 102) and
 * anything malformed are 'wrong'.
 */
export function checkOrderStatusKey(
    secret: string,
    orderCode: string,
    key: string | null | undefined,
    now: Date = new Date(),
): OrderStatusKeyCheck {
    const raw = String(key ?? '');
    if (!secret || raw.length > 64) return 'wrong';
    const dot = raw.indexOf('.');
    const expiry = raw.slice(0, Math.max(dot, 0));
    // bounded: raw is at most 64 characters (above), the pattern has one quantifier
    if (dot < 1 || !EXPIRY.test(expiry)) return 'wrong';
    const want = Buffer.from(orderStatusMac(secret, orderCode, expiry));
    const got = Buffer.from(raw.slice(dot + 1));
    if (got.length !== want.length || !timingSafeEqual(got, want)) return 'wrong';
    return parseInt(expiry, 36) * 1000 > now.getTime() ? 'valid' : 'expired';
}

/** Whether `key` opens this order now (`checkOrderStatusKey` is 'valid'). */
export function orderStatusKeyMatches(secret: string, orderCode: string, key: string | null | undefined, now: Date = new Date()): boolean {
    return checkOrderStatusKey(secret, orderCode, key, now) === 'valid';
}

/** The storefront's page of one order for someone without an account: its status, lines and shipments. */
export const ORDER_STATUS_PATH = '/status-zamowienia';

/**
 * Where the shop's e-mails (order confirmation, shipping notice) send the shopper to see the order:
 * its status page with the order's key, for a guest and a registered customer alike, so the link
 * works on any device, logged in or not, for ORDER_LINK_DAYS from `issuedAt` (decisions 102, 104;
 * the account's order history shows the same to a customer who is logged in).
 */
export function orderViewLink(orderCode: string, secret: string, issuedAt: Date = new Date()): string {
    const key = orderStatusKey(secret, orderCode, orderLinkExpiry(issuedAt));
    return `${ORDER_STATUS_PATH}?order=${encodeURIComponent(orderCode)}&key=${encodeURIComponent(key)}`;
}
