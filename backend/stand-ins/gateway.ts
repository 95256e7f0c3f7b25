/**
 * Payment gateway stand-in (development and tests), served next to the blog stand-in. It speaks the
 * same signed protocol as the production gateway integration (src/plugins/online-payment):
 *
 * POST /gateway/register      signed registration → { token, redirectUrl } (401 bad signature, 400 bad body)
 * GET  /gateway/pay/<token>   the "bank" page: order, amount and three buttons Zapłać / Anuluj / Odrzuć
 * POST /gateway/pay/<token>   action=pay|cancel|fail: sends the signed notification (paid | cancelled |
 *                             failed) to the registered notify URL, then 303 to the return URL (paid)
 *                             or the cancel URL (cancelled, failed)
 * GET  /gateway/transactions/<token>  what happened (tests): registration, notifications sent and answers
 */
import * as crypto from 'crypto';
import type * as http from 'http';
import {
    canonicalNotification,
    canonicalRegistration,
    type GatewayNotification,
    type GatewayRegistration,
    type NotificationStatus,
    sign,
    SIGNATURE_HEADER,
    verifySignature,
} from '../src/plugins/online-payment/signature';

interface Transaction {
    registration: GatewayRegistration;
    /** set once paid: a second "pay" sends the same transaction again (the shop must treat it as a replay) */
    paidTransactionId?: string;
    notifications: Array<{ status: NotificationStatus; transactionId: string; answer: number | string }>;
}

const MAX_BODY = 16 * 1024;

function readBody(req: http.IncomingMessage): Promise<Buffer> {
    return new Promise((resolve, reject) => {
        const chunks: Buffer[] = [];
        let size = 0;
        req.on('data', (c: Buffer) => {
            size += c.length;
            if (size > MAX_BODY) {
                reject(new Error('body too large'));
                req.destroy();
            } else chunks.push(c);
        });
        req.on('end', () => resolve(Buffer.concat(chunks)));
        req.on('error', reject);
    });
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const zl = (grosze: number) => (grosze / 100).toFixed(2).replace('.', ',') + ' zł';

export function gatewayStandIn(secret: string) {
    const transactions = new Map<string, Transaction>();

    const json = (res: http.ServerResponse, status: number, value: unknown) => {
        const body = JSON.stringify(value);
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
        res.end(body);
    };

    async function register(req: http.IncomingMessage, res: http.ServerResponse, origin: string) {
        const raw = await readBody(req);
        if (!verifySignature(raw, req.headers[SIGNATURE_HEADER] as string | undefined, secret))
            return json(res, 401, { error: 'invalid signature' });
        let r: GatewayRegistration;
        try {
            r = JSON.parse(raw.toString());
        } catch {
            return json(res, 400, { error: 'body is not JSON' });
        }
        const urls = [r.returnUrl, r.cancelUrl, r.notifyUrl];
        if (
            !r.sessionId ||
            !r.orderCode ||
            !Number.isInteger(r.amount) ||
            r.amount <= 0 ||
            r.currency !== 'PLN' ||
            urls.some(u => typeof u !== 'string' || !/^https?:\/\//.test(u))
        ) {
            return json(res, 400, { error: 'invalid registration' });
        }
        // keep only the fields of the protocol, in their canonical order
        const registration: GatewayRegistration = JSON.parse(canonicalRegistration(r));
        const token = crypto.randomBytes(12).toString('hex');
        transactions.set(token, { registration, notifications: [] });
        return json(res, 200, { token, redirectUrl: `${origin}/gateway/pay/${token}` });
    }

    function page(res: http.ServerResponse, t: Transaction, token: string) {
        const r = t.registration;
        const html = `<!doctype html><html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Bramka płatności (test) – ${escapeHtml(r.orderCode)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#222}h1{font-size:1.3rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.3rem 1rem}button{display:block;width:100%;margin:.5rem 0;padding:.8rem;font-size:1rem;border-radius:.4rem;border:1px solid #999;cursor:pointer}button[value=pay]{background:#1b7f3b;color:#fff;border-color:#1b7f3b}</style></head>
<body><h1>Bramka płatności – środowisko testowe</h1>
<p>To nie jest prawdziwa bramka: wybierz wynik płatności.</p>
<dl><dt>Zamówienie</dt><dd>${escapeHtml(r.orderCode)}</dd><dt>Kwota</dt><dd>${escapeHtml(zl(r.amount))}</dd><dt>Opis</dt><dd>${escapeHtml(r.description)}</dd></dl>
<form method="post" action="/gateway/pay/${escapeHtml(token)}">
<button type="submit" name="action" value="pay">Zapłać</button>
<button type="submit" name="action" value="cancel">Anuluj</button>
<button type="submit" name="action" value="fail">Odrzuć</button>
</form></body></html>`;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        res.end(html);
    }

    async function decide(req: http.IncomingMessage, res: http.ServerResponse, t: Transaction, token: string) {
        const form = new URLSearchParams((await readBody(req)).toString());
        const action = form.get('action');
        const status: NotificationStatus | undefined =
            action === 'pay' ? 'paid' : action === 'cancel' ? 'cancelled' : action === 'fail' ? 'failed' : undefined;
        if (!status) return json(res, 400, { error: 'action must be pay, cancel or fail' });
        const r = t.registration;
        const transactionId =
            status === 'paid'
                ? (t.paidTransactionId ??= `GW-${token.slice(0, 10).toUpperCase()}`)
                : `GW-${token.slice(0, 10).toUpperCase()}-${t.notifications.length + 1}`;
        const notification: GatewayNotification = {
            sessionId: r.sessionId,
            orderCode: r.orderCode,
            amount: r.amount,
            currency: r.currency,
            status,
            transactionId,
        };
        const body = canonicalNotification(notification);
        let answer: number | string;
        try {
            const sent = await fetch(r.notifyUrl, {
                method: 'POST',
                headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(body, secret) },
                body,
                signal: AbortSignal.timeout(10_000),
            });
            answer = sent.status;
        } catch (e) {
            // a real gateway retries later; the stand-in only reports it
            answer = `unreachable: ${(e as Error).message}`;
            process.stderr.write(`[gateway] notification to ${r.notifyUrl} failed: ${answer}\n`);
        }
        t.notifications.push({ status, transactionId, answer });
        res.writeHead(303, { location: status === 'paid' ? r.returnUrl : r.cancelUrl, 'cache-control': 'no-store' });
        res.end();
    }

    /** Handles /gateway/*; returns false for other paths. */
    return function handle(req: http.IncomingMessage, res: http.ServerResponse, origin: string): boolean {
        const p = new URL(req.url ?? '/', origin).pathname;
        if (!p.startsWith('/gateway/')) return false;
        const run = async () => {
            if (p === '/gateway/register') {
                if (req.method !== 'POST') return json(res, 405, { error: 'method not allowed' });
                return register(req, res, origin);
            }
            const pay = p.match(/^\/gateway\/pay\/([a-f0-9]{24})$/);
            const info = p.match(/^\/gateway\/transactions\/([a-f0-9]{24})$/);
            const t = transactions.get((pay ?? info)?.[1] ?? '');
            if (!t) return json(res, 404, { error: 'unknown transaction' });
            if (info) return json(res, 200, t);
            if (req.method === 'GET' || req.method === 'HEAD') return page(res, t, pay![1]);
            if (req.method === 'POST') return decide(req, res, t, pay![1]);
            return json(res, 405, { error: 'method not allowed' });
        };
        run().catch(err => {
            if (!res.headersSent) json(res, /too large/.test(String(err?.message)) ? 413 : 500, { error: String(err?.message ?? err) });
        });
        return true;
    };
}
