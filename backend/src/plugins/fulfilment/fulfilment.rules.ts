/**
 * Shipments as pure rules (issue 28; decision 100): the carriers the shop ships with, what a
 * tracking number may look like, the public tracking page of each carrier, and when a fulfilment
 * was delivered.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface Carrier {
    /** the value of the handler's `carrier` argument */
    code: 'inpost' | 'dpd';
    /** what staff pick and the shopper reads; stored as the fulfilment's `method` */
    label: string;
    /** the carrier's public tracking page for a parcel number */
    trackingUrl(trackingCode: string): string;
}

/**
 * The two ways the shop ships (seed: `inpost-paczkomat`, `kurier`). InPost's own tracking page
 * (inpost.pl/sledzenie-przesylek?number=), DPD Polska's (tracktrace.dpd.com.pl/parcelDetails?typ=1&p1=).
 */
export const CARRIERS: readonly Carrier[] = [
    {
        code: 'inpost',
        label: 'InPost Paczkomat',
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

export const CARRIER_MISSING = `Wybierz przewoźnika: ${CARRIERS.map(c => c.label).join(' albo ')}.`;
export const TRACKING_MISSING = 'Podaj numer przesyłki.';
export const TRACKING_INVALID = `Numer przesyłki może mieć od ${TRACKING_MIN} do ${TRACKING_MAX} znaków: tylko litery, cyfry i myślnik.`;

/**
 * A tracking number as staff typed it, normalised (spaces dropped, capitals), or the Polish reason
 * it is refused. Carriers print their numbers in groups ("6200 1234 …"); the link needs them whole.
 */
export function normaliseTrackingCode(raw: string | null | undefined): { code: string } | { error: string } {
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
 * The key of an order's link (`/status-zamowienia?order=CODE&key=KEY`): the first 128 bits of
 * HMAC-SHA256(secret, 'order-status:' + CODE), base64url. Only the backend knows the secret
 * (ORDER_LINK_SECRET), so only the shop's own e-mails carry a working link, and a key shows one
 * order and nothing else. Decision 102.
 */
export function orderStatusKey(secret: string, orderCode: string): string {
    return createHmac('sha256', secret)
        .update(`order-status:${orderCode.trim().toUpperCase()}`)
        .digest()
        .subarray(0, 16)
        .toString('base64url');
}

/** Whether `key` is the key of this order (constant time; anything malformed is simply wrong). */
export function orderStatusKeyMatches(secret: string, orderCode: string, key: string | null | undefined): boolean {
    const want = Buffer.from(orderStatusKey(secret, orderCode));
    const got = Buffer.from(String(key ?? '').trim());
    return got.length === want.length && timingSafeEqual(got, want);
}

/** The storefront's page of one order for someone without an account: its status, lines and shipments. */
export const ORDER_STATUS_PATH = '/status-zamowienia';

/**
 * Where the shop's e-mails (order confirmation, shipping notice) send the shopper to see the order:
 * its status page with the order's key, for a guest and a registered customer alike, so the link
 * works on any device, logged in or not, at any time (decision 102; the account's order history
 * shows the same to a customer who is logged in).
 */
export function orderViewLink(orderCode: string, secret: string): string {
    return `${ORDER_STATUS_PATH}?order=${encodeURIComponent(orderCode)}&key=${encodeURIComponent(orderStatusKey(secret, orderCode))}`;
}
