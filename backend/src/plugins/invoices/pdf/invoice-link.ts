/**
 * The unguessable handle of an invoice's PDF (decision 119): `{invoice id}-{key}`, the key the
 * first 128 bits of HMAC-SHA256 under ORDER_LINK_SECRET of `invoice-pdf:{id}:{number}`, base64url
 * (22 characters). Only the backend knows the secret; it hands the handle out only to the order's
 * owner (the logged-in customer's Shop API `Order.invoices`, or the order status page opened with
 * its signed link or code and e-mail, decision 102). A guessed id without the key, or a key of
 * another invoice, opens nothing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const HANDLE = /^(\d{1,10})-([A-Za-z0-9_-]{22})$/;

export function invoicePdfKey(secret: string, id: number | string, number: string): string {
    return createHmac('sha256', secret).update(`invoice-pdf:${id}:${number}`).digest().subarray(0, 16).toString('base64url');
}

export function invoicePdfHandle(secret: string, invoice: { id: number | string; number: string }): string {
    return `${invoice.id}-${invoicePdfKey(secret, invoice.id, invoice.number)}`;
}

/** The invoice id of a well-formed handle (its key still to be checked with handleMatches), or null. */
export function handleInvoiceId(handle: string): number | null {
    const m = HANDLE.exec(handle);
    return m ? Number(m[1]) : null;
}

/** Whether `handle` is the handle of this invoice (constant-time). */
export function handleMatches(secret: string, handle: string, invoice: { id: number | string; number: string }): boolean {
    const a = Buffer.from(handle);
    const b = Buffer.from(invoicePdfHandle(secret, invoice));
    return a.length === b.length && timingSafeEqual(a, b);
}

/** The storefront's address of the PDF (the worker forwards it to the backend's /invoices/pdf/{handle}). */
export function invoicePdfPath(handle: string): string {
    return `/faktury/${handle}.pdf`;
}
