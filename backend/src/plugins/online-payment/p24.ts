/**
 * The Przelewy24 REST API v1 contract (decision record 064), shared by the backend (which
 * registers, verifies and refunds transactions and checks notifications) and the P24 stand-in in
 * stand-ins/gateway.ts (which does the other side), so development and tests run the production
 * code path with only the base URL and the credentials differing.
 *
 * - Authentication: HTTP Basic, login = POS id, password = the API key ("klucz do raportów").
 * - Every `sign` is the lowercase hex SHA-384 of the JSON serialisation of a fixed field object
 *   that ends with the CRC key, keys in the documented order, no whitespace, slashes and
 *   non-ASCII characters unescaped (PHP's JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES,
 *   which is what JSON.stringify produces).
 */
import * as crypto from 'crypto';

export interface P24Credentials {
    merchantId: number;
    posId: number;
    /** REST API key: the Basic auth password */
    apiKey: string;
    /** CRC key: the signing secret */
    crc: string;
}

/** Documented base URLs; the stand-in's is `http://<host>:<BLOG_PORT>/gateway`. */
export const P24_SANDBOX_URL = 'https://sandbox.przelewy24.pl';
export const P24_PRODUCTION_URL = 'https://secure.przelewy24.pl';

export const paths = {
    register: '/api/v1/transaction/register',
    verify: '/api/v1/transaction/verify',
    refund: '/api/v1/transaction/refund',
    bySessionId: (sessionId: string) => `/api/v1/transaction/by/sessionId/${encodeURIComponent(sessionId)}`,
    blikChargeByCode: '/api/v1/paymentMethod/blik/chargeByCode',
    payPage: (token: string) => `/trnRequest/${encodeURIComponent(token)}`,
} as const;

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;

/** SHA-384 (hex) of `{...fields, crc}` serialised in the given key order. */
export function p24Sign(fields: Record<string, string | number>, crc: string): string {
    return crypto
        .createHash('sha384')
        .update(JSON.stringify({ ...fields, crc }))
        .digest('hex');
}

export function signsMatch(given: unknown, expected: string): boolean {
    if (typeof given !== 'string') return false;
    const a = Buffer.from(given.trim().toLowerCase());
    const b = Buffer.from(expected);
    return a.length === b.length && crypto.timingSafeEqual(a, b);
}

export const registerSign = (r: { sessionId: string; merchantId: number; amount: number; currency: string }, crc: string) =>
    p24Sign({ sessionId: r.sessionId, merchantId: r.merchantId, amount: r.amount, currency: r.currency }, crc);

export const verifySign = (v: { sessionId: string; orderId: number; amount: number; currency: string }, crc: string) =>
    p24Sign({ sessionId: v.sessionId, orderId: v.orderId, amount: v.amount, currency: v.currency }, crc);

/** POST /api/v1/transaction/register (the fields we send; P24 knows more, all optional). */
export interface P24Registration {
    merchantId: number;
    posId: number;
    sessionId: string;
    /** grosze */
    amount: number;
    currency: string;
    description: string;
    email: string;
    country: string;
    language: string;
    urlReturn: string;
    urlStatus: string;
    /** the shopper returns only once the result is known (status 0 afterwards = not paid) */
    waitForResult: boolean;
    /** 8192 = BLIK only (BLIK on the shop's page); absent = every method on P24's page */
    channel?: number;
    timeLimit?: number;
    /** BLIK: where P24 sends its additional BLIK notification (the outcome, failures included) */
    urlCardPaymentNotification?: string;
    /** BLIK level 0: P24 wants the payer's IP and browser (`additional.PSU`) */
    additional?: { PSU: { IP: string; userAgent: string } };
    sign: string;
}

/** The transaction notification P24 POSTs (JSON) to `urlStatus` after a successful payment. */
/** P24's method id of BLIK (in the transaction notification's `methodId`) */
export const P24_METHOD_BLIK = 154;

export interface P24Notification {
    merchantId: number;
    posId: number;
    sessionId: string;
    amount: number;
    originAmount: number;
    currency: string;
    /** P24's numeric transaction id */
    orderId: number;
    methodId: number;
    statement: string;
    sign: string;
}

export const notificationSign = (n: Omit<P24Notification, 'sign'>, crc: string) =>
    p24Sign(
        {
            merchantId: n.merchantId,
            posId: n.posId,
            sessionId: n.sessionId,
            amount: n.amount,
            originAmount: n.originAmount,
            currency: n.currency,
            orderId: n.orderId,
            methodId: n.methodId,
            statement: n.statement,
        },
        crc,
    );

/** `channel` of a BLIK-only transaction. */
export const P24_CHANNEL_BLIK = 8192;

/**
 * P24's additional BLIK notification (to `urlCardPaymentNotification`): the outcome of a BLIK
 * charge, failures included. The documented envelope is `{ data: { orderId, sessionId, method,
 * result, sign } }`; the inside of `result` and the sign's fields are NOT confirmed by the public
 * documentation we could read: we assume `result: { status: "success" | "error", errorCode,
 * errorMessage }` and a sign over `orderId, sessionId, method, status, errorCode` + crc
 * (decision record 065). Only failures change anything here; a success is settled by the
 * ordinary, verified transaction notification.
 */
export interface P24BlikResult {
    orderId: number;
    sessionId: string;
    method: number;
    status: string;
    errorCode: string;
    errorMessage: string;
    sign: string;
}

export const blikResultSign = (r: Omit<P24BlikResult, 'sign' | 'errorMessage'>, crc: string) =>
    p24Sign({ orderId: r.orderId, sessionId: r.sessionId, method: r.method, status: r.status, errorCode: r.errorCode }, crc);

/** The wire form of a BLIK result notification (the stand-in sends it, the backend parses it). */
export function blikResultBody(r: Omit<P24BlikResult, 'sign'>, crc: string): string {
    return JSON.stringify({
        data: {
            orderId: r.orderId,
            sessionId: r.sessionId,
            method: r.method,
            result: { status: r.status, errorCode: r.errorCode, errorMessage: r.errorMessage },
            sign: blikResultSign(r, crc),
        },
    });
}

/** A BLIK result notification, or null when the body is not one (then it is a transaction notification). */
export function parseBlikResult(value: unknown): P24BlikResult | { error: string } | null {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    const data = (value as { data?: unknown }).data;
    if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
    const d = data as Record<string, unknown>;
    const result = d.result && typeof d.result === 'object' && !Array.isArray(d.result) ? (d.result as Record<string, unknown>) : null;
    if (!isInt(d.orderId) || !isInt(d.method)) return { error: 'orderId or method is not a whole number' };
    if (!isText(d.sessionId, 100)) return { error: 'sessionId missing or longer than 100 characters' };
    if (!result || !isText(result.status, 20)) return { error: 'result.status missing' };
    const errorCode = result.errorCode ?? '';
    const errorMessage = result.errorMessage ?? '';
    if (typeof errorCode !== 'string' || errorCode.length > 100 || typeof errorMessage !== 'string' || errorMessage.length > 500)
        return { error: 'result.errorCode or errorMessage is not a short string' };
    if (!isText(d.sign, 200)) return { error: 'sign missing' };
    return { orderId: d.orderId, sessionId: d.sessionId, method: d.method, status: result.status, errorCode, errorMessage, sign: d.sign };
}

/** The refund notification P24 POSTs to the refund's `urlStatus`. */
export interface P24RefundNotification {
    orderId: number;
    sessionId: string;
    merchantId: number;
    requestId: string;
    refundsUuid: string;
    amount: number;
    currency: string;
    timestamp: number;
    /** 0 = done, 1 = refused */
    status: number;
    sign: string;
}

export const refundNotificationSign = (n: Omit<P24RefundNotification, 'sign' | 'requestId' | 'timestamp'>, crc: string) =>
    p24Sign(
        {
            orderId: n.orderId,
            sessionId: n.sessionId,
            refundsUuid: n.refundsUuid,
            merchantId: n.merchantId,
            amount: n.amount,
            currency: n.currency,
            status: n.status,
        },
        crc,
    );

/** Parses and checks the shape of a transaction notification; a reason when it is not one. */
export function parseNotification(raw: Buffer | string): P24Notification | { error: string } {
    let value: unknown;
    try {
        value = JSON.parse(raw.toString());
    } catch {
        return { error: 'body is not JSON' };
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) return { error: 'body is not an object' };
    const v = value as Record<string, unknown>;
    for (const key of ['merchantId', 'posId', 'amount', 'originAmount', 'orderId', 'methodId'] as const) {
        if (!isInt(v[key]) || (v[key] as number) < 0) return { error: `${key} is not a whole number` };
    }
    if (!isText(v.sessionId, 100)) return { error: 'sessionId missing or longer than 100 characters' };
    if (!isText(v.currency, 3)) return { error: 'currency missing or longer than 3 characters' };
    if (typeof v.statement !== 'string' || v.statement.length > 1024) return { error: 'statement is not a string' };
    if (!isText(v.sign, 200)) return { error: 'sign missing' };
    return {
        merchantId: v.merchantId as number,
        posId: v.posId as number,
        sessionId: v.sessionId,
        amount: v.amount as number,
        originAmount: v.originAmount as number,
        currency: v.currency,
        orderId: v.orderId as number,
        methodId: v.methodId as number,
        statement: v.statement,
        sign: v.sign,
    };
}

/** A call P24 answered with an error (status and its `error` text) or did not answer. */
export class P24Error extends Error {
    constructor(
        message: string,
        public status: number | null,
        public error: unknown = null,
    ) {
        super(message);
    }
}

/** Server-to-server calls of the REST API (Basic auth, JSON, a timeout on every call). */
export class P24Client {
    constructor(
        private baseUrl: string,
        private credentials: P24Credentials,
        private timeoutMs = 10_000,
    ) {}

    get merchantId() {
        return this.credentials.merchantId;
    }
    get posId() {
        return this.credentials.posId;
    }

    payPageUrl(token: string): string {
        return this.baseUrl + paths.payPage(token);
    }

    private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
        const auth = Buffer.from(`${this.credentials.posId}:${this.credentials.apiKey}`).toString('base64');
        let res: Response;
        try {
            res = await fetch(this.baseUrl + path, {
                method,
                headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json', accept: 'application/json' },
                body: body === undefined ? undefined : JSON.stringify(body),
                signal: AbortSignal.timeout(this.timeoutMs),
            });
        } catch (e) {
            throw new P24Error(`${method} ${path}: no answer (${(e as Error).message})`, null);
        }
        const text = await res.text();
        let json: { data?: unknown; error?: unknown; responseCode?: unknown } = {};
        try {
            json = text ? JSON.parse(text) : {};
        } catch {
            throw new P24Error(`${method} ${path}: ${res.status}, not JSON: ${text.slice(0, 200)}`, res.status);
        }
        if (!res.ok)
            throw new P24Error(
                `${method} ${path}: ${res.status} ${JSON.stringify(json.error ?? text).slice(0, 300)}`,
                res.status,
                json.error,
            );
        return json.data as T;
    }

    /** Registers a transaction; the token leads to the payment page and to BLIK's chargeByCode. */
    async register(r: Omit<P24Registration, 'merchantId' | 'posId' | 'sign'>): Promise<string> {
        const registration: P24Registration = {
            merchantId: this.credentials.merchantId,
            posId: this.credentials.posId,
            ...r,
            sign: registerSign({ ...r, merchantId: this.credentials.merchantId }, this.credentials.crc),
        };
        const data = await this.call<{ token?: unknown }>('POST', paths.register, registration);
        if (typeof data?.token !== 'string' || !/^[A-Za-z0-9-]{1,100}$/.test(data.token))
            throw new P24Error('register: the answer has no token', 200);
        return data.token;
    }

    /** PUT /transaction/verify: only a verified transaction is the merchant's money. */
    async verify(v: { sessionId: string; orderId: number; amount: number; currency: string }): Promise<void> {
        const data = await this.call<{ status?: unknown }>('PUT', paths.verify, {
            merchantId: this.credentials.merchantId,
            posId: this.credentials.posId,
            sessionId: v.sessionId,
            amount: v.amount,
            currency: v.currency,
            orderId: v.orderId,
            sign: verifySign(v, this.credentials.crc),
        });
        if (data?.status !== 'success') throw new P24Error(`verify: status ${JSON.stringify(data?.status)}`, 200);
    }

    /** GET /transaction/by/sessionId: `status` 0 no payment, 1 advance payment, 2 paid, 3 returned. */
    async transactionStatus(sessionId: string): Promise<{ status: number; orderId: number | null }> {
        const data = await this.call<{ status?: unknown; orderId?: unknown }>('GET', paths.bySessionId(sessionId));
        return { status: isInt(data?.status) ? data.status : 0, orderId: isInt(data?.orderId) && data.orderId > 0 ? data.orderId : null };
    }

    /** BLIK level 0: charges the registered transaction with the shopper's six-digit code. */
    async blikChargeByCode(token: string, blikCode: string): Promise<{ orderId: number | null }> {
        const data = await this.call<{ orderId?: unknown }>('POST', paths.blikChargeByCode, { token, blikCode });
        return { orderId: isInt(data?.orderId) ? data.orderId : null };
    }

    /** POST /transaction/refund of one transaction (P24 accepts several refunds per request). */
    async refund(r: {
        requestId: string;
        refundsUuid: string;
        urlStatus: string;
        orderId: number;
        sessionId: string;
        amount: number;
        description: string;
    }): Promise<void> {
        const data = await this.call<Array<{ status?: unknown; message?: unknown }>>('POST', paths.refund, {
            requestId: r.requestId,
            refundsUuid: r.refundsUuid,
            urlStatus: r.urlStatus,
            refunds: [{ orderId: r.orderId, sessionId: r.sessionId, amount: r.amount, description: r.description }],
        });
        const first = Array.isArray(data) ? data[0] : undefined;
        if (!first || first.status !== true) throw new P24Error(`refund refused: ${JSON.stringify(first?.message ?? data)}`, 200);
    }
}

/** Parses P24's refund notification; a reason when it is not one. */
export function parseRefundNotification(v: Record<string, unknown>): P24RefundNotification | { error: string } {
    for (const key of ['orderId', 'merchantId', 'amount', 'status'] as const)
        if (!isInt(v[key])) return { error: `${key} is not a whole number` };
    for (const key of ['sessionId', 'refundsUuid', 'currency', 'sign'] as const)
        if (!isText(v[key], 200)) return { error: `${key} missing` };
    return {
        orderId: v.orderId as number,
        sessionId: v.sessionId as string,
        merchantId: v.merchantId as number,
        requestId: typeof v.requestId === 'string' ? v.requestId : '',
        refundsUuid: v.refundsUuid as string,
        amount: v.amount as number,
        currency: v.currency as string,
        timestamp: isInt(v.timestamp) ? v.timestamp : 0,
        status: v.status as number,
        sign: v.sign as string,
    };
}
