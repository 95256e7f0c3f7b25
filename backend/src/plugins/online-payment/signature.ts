/**
 * Signing of the messages exchanged with the payment gateway, shared by the backend (which verifies
 * notifications and signs registrations) and the gateway stand-in (which does the opposite), so the
 * development flow runs the production code path with only the URL and the secret differing.
 *
 * The signature is HMAC-SHA256 (hex) of the exact bytes of the JSON body, sent in the
 * `X-Payment-Signature` header as `sha256=<hex>`. Bodies are produced by `canonicalJson` (fixed key
 * order, no whitespace) so both sides sign the same bytes; the verifier never re-serialises.
 */
import * as crypto from 'crypto';

export const SIGNATURE_HEADER = 'x-payment-signature';

export type NotificationStatus = 'paid' | 'failed' | 'cancelled';
export const NOTIFICATION_STATUSES: readonly NotificationStatus[] = ['paid', 'failed', 'cancelled'];

/** What the gateway tells the shop about a transaction (server to server). */
export interface GatewayNotification {
    sessionId: string;
    orderCode: string;
    /** minor units (grosze) */
    amount: number;
    currency: string;
    status: NotificationStatus;
    transactionId: string;
}

/** What the shop registers at the gateway before redirecting the shopper there. */
export interface GatewayRegistration {
    sessionId: string;
    orderCode: string;
    amount: number;
    currency: string;
    description: string;
    email: string;
    returnUrl: string;
    cancelUrl: string;
    notifyUrl: string;
}

const NOTIFICATION_KEYS = ['sessionId', 'orderCode', 'amount', 'currency', 'status', 'transactionId'] as const;
const REGISTRATION_KEYS = [
    'sessionId',
    'orderCode',
    'amount',
    'currency',
    'description',
    'email',
    'returnUrl',
    'cancelUrl',
    'notifyUrl',
] as const;

function canonicalJson(value: Record<string, unknown>, keys: readonly string[]): string {
    return JSON.stringify(Object.fromEntries(keys.map(k => [k, value[k]])));
}

export const canonicalNotification = (n: GatewayNotification) => canonicalJson({ ...n }, NOTIFICATION_KEYS);
export const canonicalRegistration = (r: GatewayRegistration) => canonicalJson({ ...r }, REGISTRATION_KEYS);

export function sign(body: string | Buffer, secret: string): string {
    return 'sha256=' + crypto.createHmac('sha256', secret).update(body).digest('hex');
}

/** Timing-safe comparison of the header with the HMAC of the raw body. */
export function verifySignature(body: Buffer | string, header: string | undefined | null, secret: string): boolean {
    if (!header || !secret) return false;
    const expected = Buffer.from(sign(body, secret));
    const given = Buffer.from(header.trim());
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** Parses and checks the shape of a notification body; returns a reason when it is not one. */
export function parseNotification(raw: Buffer | string): GatewayNotification | { error: string } {
    let value: unknown;
    try {
        value = JSON.parse(raw.toString());
    } catch {
        return { error: 'body is not JSON' };
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) return { error: 'body is not an object' };
    const v = value as Record<string, unknown>;
    for (const key of ['sessionId', 'orderCode', 'currency', 'status', 'transactionId'] as const) {
        if (typeof v[key] !== 'string' || !(v[key] as string).length || (v[key] as string).length > 200)
            return { error: `${key} missing or not a string` };
    }
    if (typeof v.amount !== 'number' || !Number.isInteger(v.amount) || v.amount < 0)
        return { error: 'amount is not a whole number of minor units' };
    if (!NOTIFICATION_STATUSES.includes(v.status as NotificationStatus)) return { error: `unknown status "${String(v.status)}"` };
    return {
        sessionId: v.sessionId as string,
        orderCode: v.orderCode as string,
        amount: v.amount,
        currency: v.currency as string,
        status: v.status as NotificationStatus,
        transactionId: v.transactionId as string,
    };
}
