/**
 * Przelewy24 stand-in (development and tests), served next to the blog stand-in under /gateway,
 * so PAYMENT_GATEWAY_URL=http://<host>:<BLOG_PORT>/gateway replaces https://sandbox.przelewy24.pl.
 * It speaks the REST API v1 contract of src/plugins/online-payment/p24.ts (decision record 064):
 *
 * POST /gateway/api/v1/transaction/register         Basic auth (posId:apiKey), checked fields and sign
 *                                                   → { data: { token }, responseCode: 0 }
 * GET  /gateway/trnRequest/<token>                  the "bank" page: order, amount and Zapłać / Anuluj / Odrzuć
 * POST /gateway/trnRequest/<token>                  action=pay: a P24 order id, the signed notification to
 *                                                   urlStatus, 303 to urlReturn; cancel / fail: 303 to
 *                                                   urlReturn, no notification (P24 notifies successes only)
 * PUT  /gateway/api/v1/transaction/verify           checks sign and fields against the paid transaction
 * GET  /gateway/api/v1/transaction/by/sessionId/<id>  { data: { status 0 no payment | 2 paid, orderId, … } }
 * POST /gateway/api/v1/transaction/refund           { requestId, refundsUuid, urlStatus, refunds: [{ orderId, sessionId,
 *                                                   amount, description }] } → 201 { data: [{ …, status, message }] }:
 *                                                   a verified transaction, at most what is left of it; then the
 *                                                   signed refund notification to urlStatus
 * POST /gateway/api/v1/paymentMethod/blik/chargeByCode  { token, blikCode } → 201 { data: { orderId, message } }, the
 *                                                   outcome chosen by the code (P24's sandbox: 777xxx succeeds):
 *                                                   777xxx confirmed in the app (transaction + BLIK notification),
 *                                                   222xxx declined in the app, 333xxx not confirmed in time
 *                                                   (BLIK notifications with an error), any other code refused
 *                                                   at once (400, a wrong or expired code); the app's answer
 *                                                   comes after BLIK_DELAY_MS (default 800 ms)
 *
 * For tests (not part of P24):
 * GET  /gateway/transactions/<token>                what happened: registration, notifications and answers
 * POST /gateway/transactions/<token>/renotify       sends the paid notification again (P24 repeats until verified)
 * POST /gateway/transactions/<token>/paid-silently  marks it paid without notifying → { orderId } (tests send their own)
 * POST /gateway/test/fail-verify?times=N            the next N verify calls answer 500
 */
import * as crypto from 'crypto';
import type * as http from 'http';
import {
    blikResultBody,
    P24_METHOD_BLIK,
    notificationSign,
    refundNotificationSign,
    type P24Credentials,
    type P24Notification,
    type P24Registration,
    registerSign,
    signsMatch,
    verifySign,
} from '../src/plugins/online-payment/p24';
import { readBody } from './read-body';

interface Transaction {
    token: string;
    registration: P24Registration;
    /** P24's numeric id, assigned when paid */
    orderId?: number;
    verified: boolean;
    declined: boolean;
    /** refunds accepted (grosze each) */
    refunds: Array<{ refundsUuid: string; amount: number; description: string }>;
    /** BLIK charges: the codes tried and the outcome sent */
    blik: Array<{ code: string; outcome: string; answer?: number | string }>;
    notifications: Array<{ orderId: number; answer: number | string; body?: unknown }>;
}

const MAX_BODY = 16 * 1024;
const PREFIX = '/gateway';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const zl = (grosze: number) => (grosze / 100).toFixed(2).replace('.', ',') + ' zł';
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isUrl = (v: unknown) => typeof v === 'string' && v.length <= 250 && /^https?:\/\//.test(v);

export function gatewayStandIn(credentials: P24Credentials) {
    const transactions = new Map<string, Transaction>();
    const bySession = new Map<string, Transaction>();
    let nextOrderId = 310_000_000 + Math.floor(Math.random() * 1_000_000);
    let failVerify = 0;
    const blikDelayMs = Number(process.env.BLIK_DELAY_MS ?? 800);

    const json = (res: http.ServerResponse, status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
        res.end(JSON.stringify(value));
    };
    const fail = (res: http.ServerResponse, status: number, error: string) => json(res, status, { error, code: status });

    const authorised = (req: http.IncomingMessage) => {
        const expected = 'Basic ' + Buffer.from(`${credentials.posId}:${credentials.apiKey}`).toString('base64');
        const given = Buffer.from(String(req.headers.authorization ?? ''));
        return given.length === expected.length && crypto.timingSafeEqual(given, Buffer.from(expected));
    };

    async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown> | null> {
        try {
            const value: unknown = JSON.parse((await readBody(req, MAX_BODY)).toString());
            return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
        } catch (e) {
            if (/too large/.test((e as Error).message)) throw e;
            return null;
        }
    }

    async function register(req: http.IncomingMessage, res: http.ServerResponse) {
        const r = await readJson(req);
        if (!r) return fail(res, 400, 'Invalid input data');
        if (r.merchantId !== credentials.merchantId || r.posId !== credentials.posId) return fail(res, 400, 'Invalid merchantId or posId');
        if (
            typeof r.sessionId !== 'string' ||
            !r.sessionId ||
            r.sessionId.length > 100 ||
            !isInt(r.amount) ||
            r.amount <= 0 ||
            r.currency !== 'PLN' ||
            typeof r.description !== 'string' ||
            typeof r.email !== 'string' ||
            !isUrl(r.urlReturn) ||
            (r.urlStatus !== undefined && !isUrl(r.urlStatus))
        )
            return fail(res, 400, 'Invalid input data');
        const expected = registerSign(
            { sessionId: r.sessionId, merchantId: credentials.merchantId, amount: r.amount, currency: r.currency },
            credentials.crc,
        );
        if (!signsMatch(r.sign, expected)) return fail(res, 400, 'Incorrect sign');
        if (bySession.has(r.sessionId)) return fail(res, 400, 'sessionId already registered');
        const token = crypto.randomUUID().toUpperCase();
        const t: Transaction = {
            token,
            registration: r as unknown as P24Registration,
            verified: false,
            declined: false,
            blik: [],
            refunds: [],
            notifications: [],
        };
        transactions.set(token, t);
        bySession.set(r.sessionId, t);
        return json(res, 200, { data: { token }, responseCode: 0 });
    }

    function page(res: http.ServerResponse, t: Transaction) {
        const r = t.registration;
        const html = `<!doctype html><html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Przelewy24 (stand-in) – ${escapeHtml(r.description)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#222}h1{font-size:1.3rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.3rem 1rem}button{display:block;width:100%;margin:.5rem 0;padding:.8rem;font-size:1rem;border-radius:.4rem;border:1px solid #999;cursor:pointer}button[value=pay]{background:#1b7f3b;color:#fff;border-color:#1b7f3b}</style></head>
<body><h1>Przelewy24 – środowisko testowe</h1>
<p>To nie jest prawdziwa bramka: wybierz wynik płatności.</p>
<dl><dt>Kwota</dt><dd>${escapeHtml(zl(r.amount))}</dd><dt>Opis</dt><dd>${escapeHtml(r.description)}</dd></dl>
<form method="post" action="${PREFIX}/trnRequest/${escapeHtml(t.token)}">
<button type="submit" name="action" value="pay">Zapłać</button>
<button type="submit" name="action" value="cancel">Anuluj</button>
<button type="submit" name="action" value="fail">Odrzuć</button>
</form></body></html>`;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        res.end(html);
    }

    /** Sends the signed notification of a paid transaction to its urlStatus; records the answer. */
    async function sendNotification(t: Transaction): Promise<number | string> {
        const r = t.registration;
        const fields: Omit<P24Notification, 'sign'> = {
            merchantId: credentials.merchantId,
            posId: credentials.posId,
            sessionId: r.sessionId,
            amount: r.amount,
            originAmount: r.amount,
            currency: r.currency,
            orderId: t.orderId!,
            // P24's BLIK (154) for a transaction charged by a BLIK code, else mBank's transfer (25)
            methodId: t.blik.length ? P24_METHOD_BLIK : 25,
            statement: `p24-${String(t.orderId).slice(-6)}`,
        };
        const body = JSON.stringify({ ...fields, sign: notificationSign(fields, credentials.crc) });
        let answer: number | string;
        let answerBody: unknown;
        try {
            const sent = await fetch(r.urlStatus, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body,
                signal: AbortSignal.timeout(15_000),
            });
            answer = sent.status;
            answerBody = await sent.json().catch(() => null);
        } catch (e) {
            // P24 repeats later (3, 5, 15… minutes); the stand-in only reports it (tests use /renotify)
            answer = `unreachable: ${(e as Error).message}`;
            process.stderr.write(`[p24] notification to ${r.urlStatus} failed: ${answer}\n`);
        }
        t.notifications.push({ orderId: t.orderId!, answer, body: answerBody });
        return answer;
    }

    async function refund(req: http.IncomingMessage, res: http.ServerResponse) {
        const b = await readJson(req);
        if (
            !b ||
            typeof b.requestId !== 'string' ||
            typeof b.refundsUuid !== 'string' ||
            b.refundsUuid.length > 35 ||
            !Array.isArray(b.refunds)
        )
            return fail(res, 400, 'Invalid input data');
        if (b.refunds.length === 0 || b.refunds.length > 50) return fail(res, 400, 'Invalid input data');
        const answers = b.refunds.map((item: unknown) => {
            const r = (item ?? {}) as Record<string, unknown>;
            const t = typeof r.sessionId === 'string' ? bySession.get(r.sessionId) : undefined;
            const base = { orderId: r.orderId, sessionId: r.sessionId, amount: r.amount, description: r.description };
            if (!t || !t.verified || t.orderId !== r.orderId)
                return { ...base, status: false, message: 'Transaction not found or not verified' };
            const left = t.registration.amount - t.refunds.reduce((sum, x) => sum + x.amount, 0);
            if (!isInt(r.amount) || r.amount <= 0 || r.amount > left)
                return { ...base, status: false, message: `Amount exceeds what is left (${left})` };
            t.refunds.push({ refundsUuid: b.refundsUuid as string, amount: r.amount, description: String(r.description ?? '') });
            return { ...base, status: true, message: 'success' };
        });
        if (answers.every((a: { status: boolean }) => !a.status)) return json(res, 400, { error: answers, code: 400 });
        json(res, 201, { data: answers, responseCode: 0 });
        // the refund's own notification, as P24 sends it once the money has gone back
        if (typeof b.urlStatus === 'string' && isUrl(b.urlStatus))
            for (const a of answers.filter((x: { status: boolean }) => x.status)) {
                const t = bySession.get(a.sessionId as string)!;
                const fields = {
                    orderId: t.orderId!,
                    sessionId: t.registration.sessionId,
                    refundsUuid: b.refundsUuid as string,
                    merchantId: credentials.merchantId,
                    amount: a.amount as number,
                    currency: t.registration.currency,
                    status: 0,
                };
                const body = JSON.stringify({
                    ...fields,
                    requestId: b.requestId,
                    timestamp: Math.floor(Date.now() / 1000),
                    sign: refundNotificationSign(fields, credentials.crc),
                });
                setTimeout(() => {
                    void fetch(b.urlStatus as string, {
                        method: 'POST',
                        headers: { 'content-type': 'application/json' },
                        body,
                        signal: AbortSignal.timeout(15_000),
                    }).catch(() => {});
                }, 200);
            }
    }

    /** Sends P24's additional BLIK notification (the outcome) to urlCardPaymentNotification. */
    async function sendBlikResult(t: Transaction, errorCode: string, errorMessage: string): Promise<number | string> {
        const url = t.registration.urlCardPaymentNotification;
        if (!url) return 'no urlCardPaymentNotification';
        const body = blikResultBody(
            {
                orderId: t.orderId ?? 0,
                sessionId: t.registration.sessionId,
                method: 181,
                status: errorCode ? 'error' : 'success',
                errorCode,
                errorMessage,
            },
            credentials.crc,
        );
        try {
            const sent = await fetch(url, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body,
                signal: AbortSignal.timeout(15_000),
            });
            return sent.status;
        } catch (e) {
            return `unreachable: ${(e as Error).message}`;
        }
    }

    async function chargeByCode(req: http.IncomingMessage, res: http.ServerResponse) {
        const b = await readJson(req);
        if (!b || typeof b.token !== 'string' || typeof b.blikCode !== 'string') return fail(res, 400, 'Invalid input data');
        const t = transactions.get(b.token);
        if (!t) return fail(res, 400, 'Invalid token');
        if (!/^\d{6}$/.test(b.blikCode)) return fail(res, 400, 'Invalid blikCode');
        if (t.orderId) return fail(res, 409, 'Transaction already paid');
        const code = b.blikCode;
        const outcome = code.startsWith('777')
            ? 'confirmed'
            : code.startsWith('222')
              ? 'declined'
              : code.startsWith('333')
                ? 'timeout'
                : 'refused';
        const entry: Transaction['blik'][number] = { code, outcome };
        t.blik.push(entry);
        if (outcome === 'refused') return fail(res, 400, 'Incorrect BLIK code or the code has expired');
        const orderId = nextOrderId++;
        setTimeout(() => {
            void (async () => {
                if (outcome === 'confirmed') {
                    t.orderId = orderId;
                    entry.answer = await sendNotification(t);
                    await sendBlikResult(t, '', '');
                } else if (outcome === 'declined')
                    entry.answer = await sendBlikResult(t, 'USER_DECLINED', 'Transakcja odrzucona w aplikacji');
                else entry.answer = await sendBlikResult(t, 'TIMEOUT', 'Brak potwierdzenia w aplikacji w wymaganym czasie');
            })();
        }, blikDelayMs);
        return json(res, 201, { data: { orderId, message: 'success' }, responseCode: 0 });
    }

    async function decide(req: http.IncomingMessage, res: http.ServerResponse, t: Transaction) {
        const action = new URLSearchParams((await readBody(req, MAX_BODY)).toString()).get('action');
        if (action !== 'pay' && action !== 'cancel' && action !== 'fail') return fail(res, 400, 'action must be pay, cancel or fail');
        if (action === 'pay') {
            // paying twice sends the same transaction again (the shop must treat it as a replay)
            t.orderId ??= nextOrderId++;
            await sendNotification(t);
        } else if (action === 'fail') t.declined = true;
        res.writeHead(303, { location: t.registration.urlReturn, 'cache-control': 'no-store' });
        res.end();
    }

    async function verify(req: http.IncomingMessage, res: http.ServerResponse) {
        const v = await readJson(req);
        if (!v) return fail(res, 400, 'Invalid input data');
        if (failVerify > 0) {
            failVerify--;
            return fail(res, 500, 'Undefined error');
        }
        if (v.merchantId !== credentials.merchantId || v.posId !== credentials.posId) return fail(res, 400, 'Invalid merchantId or posId');
        if (typeof v.sessionId !== 'string' || !isInt(v.orderId) || !isInt(v.amount) || typeof v.currency !== 'string')
            return fail(res, 400, 'Invalid input data');
        const expected = verifySign(
            { sessionId: v.sessionId, orderId: v.orderId, amount: v.amount, currency: v.currency },
            credentials.crc,
        );
        if (!signsMatch(v.sign, expected)) return fail(res, 400, 'Incorrect sign');
        const t = bySession.get(v.sessionId);
        if (!t || t.orderId !== v.orderId || t.registration.amount !== v.amount || t.registration.currency !== v.currency)
            return fail(res, 400, 'Transaction not found or data mismatch');
        // verifying an already verified transaction answers success as well
        t.verified = true;
        return json(res, 200, { data: { status: 'success' }, responseCode: 0 });
    }

    function status(res: http.ServerResponse, sessionId: string) {
        const t = bySession.get(sessionId);
        if (!t) return fail(res, 404, 'Transaction not exist');
        const r = t.registration;
        return json(res, 200, {
            data: {
                statement: t.orderId ? `p24-${String(t.orderId).slice(-6)}` : '',
                orderId: t.orderId ?? 0,
                sessionId: r.sessionId,
                status: t.orderId ? (t.verified ? 2 : 1) : 0,
                amount: r.amount,
                currency: r.currency,
                date: '',
                dateOfTransaction: '',
                clientEmail: r.email,
                accountMD5: '',
                paymentMethod: t.orderId ? 25 : 0,
                description: r.description,
                clientName: '',
                clientAddress: '',
                clientCity: '',
                clientPostCode: '',
                batchId: 0,
                fee: '0',
            },
            responseCode: 0,
        });
    }

    /** Handles /gateway/*; returns false for other paths. */
    return function handle(req: http.IncomingMessage, res: http.ServerResponse, origin: string): boolean {
        const url = new URL(req.url ?? '/', origin);
        if (!url.pathname.startsWith(`${PREFIX}/`)) return false;
        const p = url.pathname.slice(PREFIX.length);
        const method = req.method ?? 'GET';
        const run = async () => {
            if (p.startsWith('/api/v1/')) {
                if (!authorised(req)) return fail(res, 401, 'Incorrect authentication');
                if (p === '/api/v1/transaction/register')
                    return method === 'POST' ? register(req, res) : fail(res, 405, 'Method not allowed');
                if (p === '/api/v1/transaction/verify') return method === 'PUT' ? verify(req, res) : fail(res, 405, 'Method not allowed');
                if (p === '/api/v1/transaction/refund') return method === 'POST' ? refund(req, res) : fail(res, 405, 'Method not allowed');
                if (p === '/api/v1/paymentMethod/blik/chargeByCode')
                    return method === 'POST' ? chargeByCode(req, res) : fail(res, 405, 'Method not allowed');
                const bySessionId = p.match(/^\/api\/v1\/transaction\/by\/sessionId\/([^/]{1,100})$/);
                if (bySessionId)
                    return method === 'GET' ? status(res, decodeURIComponent(bySessionId[1])) : fail(res, 405, 'Method not allowed');
                return fail(res, 404, 'Not found');
            }
            if (p === '/test/fail-verify' && method === 'POST') {
                failVerify = Math.max(0, Number(url.searchParams.get('times') ?? 1) || 0);
                return json(res, 200, { failVerify });
            }
            const pay = p.match(/^\/trnRequest\/([A-F0-9-]{36})$/);
            const info = p.match(/^\/transactions\/([A-F0-9-]{36})(\/renotify|\/paid-silently)?$/);
            const t = transactions.get((pay ?? info)?.[1] ?? '');
            if (!t) return json(res, 404, { error: 'unknown transaction' });
            if (info?.[2] === '/paid-silently') {
                if (method !== 'POST') return fail(res, 405, 'Method not allowed');
                t.orderId ??= nextOrderId++;
                return json(res, 200, { orderId: t.orderId });
            }
            if (info?.[2]) {
                if (method !== 'POST') return fail(res, 405, 'Method not allowed');
                if (!t.orderId) return fail(res, 409, 'not paid');
                return json(res, 200, { answer: await sendNotification(t) });
            }
            if (info) return json(res, 200, t);
            if (method === 'GET' || method === 'HEAD') return page(res, t);
            if (method === 'POST') return decide(req, res, t);
            return fail(res, 405, 'Method not allowed');
        };
        run().catch(err => {
            if (!res.headersSent) json(res, /too large/.test(String(err?.message)) ? 413 : 500, { error: String(err?.message ?? err) });
        });
        return true;
    };
}
