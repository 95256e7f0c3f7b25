/**
 * The "KOD I" verification link of an invoice issued online in KSeF (kody-qr.md): the QR host of
 * the KSeF environment, `/invoice/{seller NIP}/{P_1 as DD-MM-YYYY}/{SHA-256 of the invoice file,
 * base64url}`. The PDF draws it as the QR code; the hash is of the exact file sent to KSeF.
 */
import * as crypto from 'node:crypto';
import { KSEF_ENVIRONMENTS } from './ksef-api';

/** The QR host for a KSeF API URL: production, demo or test (the stand-in and anything else: test). */
export function verificationHost(apiUrl: string): string {
    const host = /^https?:\/\/([^/:]+)/.exec(apiUrl)?.[1] ?? '';
    if (host === new URL(KSEF_ENVIRONMENTS.production.api).hostname) return KSEF_ENVIRONMENTS.production.qr;
    if (host === new URL(KSEF_ENVIRONMENTS.demo.api).hostname) return KSEF_ENVIRONMENTS.demo.qr;
    return KSEF_ENVIRONMENTS.test.qr;
}

/**
 * The KOD I URL. `issueDate` is P_1 (YYYY-MM-DD), `invoiceXml` the exact bytes sent to KSeF.
 */
export function verificationLink(options: { apiUrl: string; sellerNip: string; issueDate: string; invoiceXml: Buffer | string }): string {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(options.issueDate);
    if (!m) throw new Error(`issueDate must be YYYY-MM-DD, got "${options.issueDate.slice(0, 20)}"`);
    if (!/^\d{10}$/.test(options.sellerNip)) throw new Error('sellerNip must be 10 digits');
    const hash = crypto.createHash('sha256').update(options.invoiceXml).digest('base64url');
    return `${verificationHost(options.apiUrl)}/invoice/${options.sellerNip}/${m[3]}-${m[2]}-${m[1]}/${hash}`;
}
