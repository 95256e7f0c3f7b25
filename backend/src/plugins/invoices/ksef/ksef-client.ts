/**
 * KSeF API 2.0 client (decision 117): authentication with a KSeF token (challenge → token encrypted
 * with the Ministry's public key → status polling → redeem access and refresh tokens; refresh when
 * the access token expires), interactive sessions for FA(3) (an AES-256 key per session, encrypted
 * with the Ministry's key), sending an encrypted invoice with the hashes and sizes the API requires,
 * the invoice's status, its UPO, closing the session. Contract: ksef-api.ts and openapi/open-api.json.
 *
 * Errors: KsefUnavailable (no answer, 5xx, 429, maintenance: try again later, `retryAfterSeconds`
 * when KSeF said so) and KsefRefused (KSeF answered 4xx: its code and description, in Polish as
 * KSeF gives them).
 */
import type { KeyObject } from 'node:crypto';
import {
    type AuthenticationChallengeResponse,
    type AuthenticationInitResponse,
    type AuthenticationOperationStatusResponse,
    type AuthenticationTokenRefreshResponse,
    type AuthenticationTokensResponse,
    type ExceptionResponse,
    FA3_FORM_CODE,
    type InitTokenAuthenticationRequest,
    type OpenOnlineSessionRequest,
    type OpenOnlineSessionResponse,
    type PublicKeyCertificate,
    type SendInvoiceRequest,
    type SendInvoiceResponse,
    type SessionInvoiceStatusResponse,
    type TokenInfo,
} from './ksef-api';
import { aesEncrypt, publicKeyOfCertificate, rsaOaepEncrypt, sessionKey, sha256Base64 } from './ksef-crypto';

export interface KsefClientOptions {
    /** the API's base URL, e.g. https://api-test.ksef.mf.gov.pl/v2 (no trailing slash) */
    baseUrl: string;
    /** the KSeF token (with the right to issue invoices) */
    token: string;
    /** the seller's NIP: the authentication's context */
    nip: string;
    /** one request's time limit (default 30 s) */
    timeoutMs?: number;
    /** pause between status polls (default 500 ms) */
    pollMs?: number;
}

/** KSeF did not answer, answered 5xx or 429, or is in maintenance: nothing was decided, try later. */
export class KsefUnavailable extends Error {
    constructor(
        message: string,
        readonly retryAfterSeconds?: number,
    ) {
        super(message);
    }
}

/** KSeF refused a request (4xx other than 401 after a fresh login): its code and description. */
export class KsefRefused extends Error {
    constructor(
        readonly status: number,
        readonly code: number,
        readonly description: string,
        readonly details: string[],
    ) {
        super(`KSeF ${status}: ${code} ${description}${details.length ? ` (${details.join('; ')})` : ''}`);
    }
}

/** An open interactive session: its reference number and the AES key the invoices are encrypted with. */
export interface OnlineSession {
    referenceNumber: string;
    key: Buffer;
    iv: Buffer;
}

interface Answer {
    status: number;
    body: string;
    headers: Headers;
}

const sleep = (ms: number) => new Promise(r => setTimeout(r, ms));
/** Tokens are renewed this long before KSeF's validUntil. */
const RENEW_BEFORE_MS = 60_000;
/** How long the authentication's status is polled. */
const AUTH_POLL_LIMIT_MS = 60_000;

export class KsefClient {
    private keys: { token: KeyObject; symmetric: KeyObject; fetchedAt: number } | undefined;
    private access: TokenInfo | undefined;
    private refresh: TokenInfo | undefined;
    private authenticating: Promise<void> | undefined;

    constructor(private options: KsefClientOptions) {}

    private async request(
        method: 'GET' | 'POST',
        path: string,
        init: { body?: unknown; bearer?: string; accept?: string } = {},
    ): Promise<Answer> {
        const headers: Record<string, string> = { accept: init.accept ?? 'application/json' };
        if (init.body !== undefined) headers['content-type'] = 'application/json';
        if (init.bearer) headers.authorization = `Bearer ${init.bearer}`;
        let res: Response;
        try {
            res = await fetch(`${this.options.baseUrl}${path}`, {
                method,
                headers,
                body: init.body === undefined ? undefined : JSON.stringify(init.body),
                signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
            });
        } catch (e) {
            throw new KsefUnavailable(`KSeF nie odpowiada (${method} ${path}): ${(e as Error).message}`);
        }
        const body = await res.text().catch(() => '');
        if (res.status === 429 || res.status >= 500) {
            const retryAfter = Number(res.headers.get('retry-after'));
            throw new KsefUnavailable(
                `KSeF odpowiedział ${res.status} (${method} ${path})${res.status === 503 ? ': przerwa techniczna' : ''}`,
                Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
            );
        }
        return { status: res.status, body, headers: res.headers };
    }

    /** A 2xx answer's JSON; a 4xx becomes KsefRefused with KSeF's code and description. */
    private expect<T>(answer: Answer, ok: number, path: string): T {
        if (answer.status === ok) return (answer.body ? JSON.parse(answer.body) : undefined) as T;
        throw refusal(answer, path);
    }

    /** The Ministry's public keys (GET /security/public-key-certificates), read once a day. */
    private async publicKeys(): Promise<{ token: KeyObject; symmetric: KeyObject }> {
        if (this.keys && Date.now() - this.keys.fetchedAt < 24 * 3600_000) return this.keys;
        const path = '/security/public-key-certificates';
        const certs = this.expect<PublicKeyCertificate[]>(await this.request('GET', path), 200, path);
        const now = Date.now();
        const pick = (usage: PublicKeyCertificate['usage'][number]) => {
            const valid = certs.filter(c => c.usage.includes(usage) && Date.parse(c.validFrom) <= now && now < Date.parse(c.validTo));
            const cert = valid.sort((a, b) => Date.parse(b.validFrom) - Date.parse(a.validFrom))[0];
            if (!cert) throw new KsefUnavailable(`KSeF nie podał ważnego klucza publicznego do ${usage}`);
            return publicKeyOfCertificate(cert.certificate);
        };
        this.keys = { token: pick('KsefTokenEncryption'), symmetric: pick('SymmetricKeyEncryption'), fetchedAt: now };
        return this.keys;
    }

    /** Logs in with the KSeF token: challenge, encrypted token, status polled until decided, tokens redeemed. */
    private async authenticate(): Promise<void> {
        const keys = await this.publicKeys();
        const challenge = this.expect<AuthenticationChallengeResponse>(
            await this.request('POST', '/auth/challenge'),
            200,
            '/auth/challenge',
        );
        const body: InitTokenAuthenticationRequest = {
            challenge: challenge.challenge,
            contextIdentifier: { type: 'Nip', value: this.options.nip },
            encryptedToken: rsaOaepEncrypt(keys.token, Buffer.from(`${this.options.token}|${challenge.timestampMs}`, 'utf8')).toString(
                'base64',
            ),
        };
        const init = this.expect<AuthenticationInitResponse>(
            await this.request('POST', '/auth/ksef-token', { body }),
            202,
            '/auth/ksef-token',
        );
        const started = Date.now();
        for (;;) {
            const path = `/auth/${init.referenceNumber}`;
            const status = this.expect<AuthenticationOperationStatusResponse>(
                await this.request('GET', path, { bearer: init.authenticationToken.token }),
                200,
                path,
            );
            if (status.status.code === 200) break;
            if (status.status.code !== 100) {
                const text = `${status.status.description}${status.status.details?.length ? `: ${status.status.details.join('; ')}` : ''}`;
                // 500/550: KSeF's own fault, try again later; anything else: the token or its rights
                if (status.status.code >= 500) throw new KsefUnavailable(`uwierzytelnienie w KSeF przerwane: ${text}`);
                throw new KsefRefused(401, status.status.code, status.status.description, status.status.details ?? []);
            }
            if (Date.now() - started > AUTH_POLL_LIMIT_MS) throw new KsefUnavailable('uwierzytelnienie w KSeF trwa zbyt długo');
            await sleep(this.options.pollMs ?? 500);
        }
        const tokens = this.expect<AuthenticationTokensResponse>(
            await this.request('POST', '/auth/token/redeem', { bearer: init.authenticationToken.token }),
            200,
            '/auth/token/redeem',
        );
        this.access = tokens.accessToken;
        this.refresh = tokens.refreshToken;
    }

    /** A valid access token: the current one, a refreshed one, or a new login. */
    async accessToken(): Promise<string> {
        const fresh = (t: TokenInfo | undefined) => !!t && Date.parse(t.validUntil) - RENEW_BEFORE_MS > Date.now();
        if (fresh(this.access)) return this.access!.token;
        if (!this.authenticating) {
            this.authenticating = (async () => {
                if (fresh(this.refresh)) {
                    const answer = await this.request('POST', '/auth/token/refresh', { bearer: this.refresh!.token });
                    if (answer.status === 200) {
                        this.access = (JSON.parse(answer.body) as AuthenticationTokenRefreshResponse).accessToken;
                        return;
                    }
                    this.refresh = undefined;
                }
                await this.authenticate();
            })().finally(() => (this.authenticating = undefined));
        }
        await this.authenticating;
        return this.access!.token;
    }

    /** A request with the access token; a 401 (token expired or revoked) logs in again once. */
    private async authorised(method: 'GET' | 'POST', path: string, init: { body?: unknown; accept?: string } = {}): Promise<Answer> {
        const answer = await this.request(method, path, { ...init, bearer: await this.accessToken() });
        if (answer.status !== 401) return answer;
        this.access = undefined;
        this.refresh = undefined;
        return this.request(method, path, { ...init, bearer: await this.accessToken() });
    }

    /** Opens an interactive session for FA(3) with a new AES-256 key. */
    async openSession(): Promise<OnlineSession> {
        const keys = await this.publicKeys();
        const { key, iv } = sessionKey();
        const body: OpenOnlineSessionRequest = {
            formCode: { ...FA3_FORM_CODE },
            encryption: {
                encryptedSymmetricKey: rsaOaepEncrypt(keys.symmetric, key).toString('base64'),
                initializationVector: iv.toString('base64'),
            },
        };
        const opened = this.expect<OpenOnlineSessionResponse>(
            await this.authorised('POST', '/sessions/online', { body }),
            201,
            '/sessions/online',
        );
        return { referenceNumber: opened.referenceNumber, key, iv };
    }

    /** The body of POST /sessions/online/{ref}/invoices for this invoice file (exposed for the tests). */
    static sendRequest(session: OnlineSession, invoice: Buffer): SendInvoiceRequest {
        const encrypted = aesEncrypt(session.key, session.iv, invoice);
        return {
            invoiceHash: sha256Base64(invoice),
            invoiceSize: invoice.length,
            encryptedInvoiceHash: sha256Base64(encrypted),
            encryptedInvoiceSize: encrypted.length,
            encryptedInvoiceContent: encrypted.toString('base64'),
        };
    }

    /** Sends one invoice (its exact bytes) in the session; KSeF's reference number of the invoice. */
    async sendInvoice(session: OnlineSession, invoice: Buffer): Promise<string> {
        return (await this.sendRaw(session.referenceNumber, KsefClient.sendRequest(session, invoice))).referenceNumber;
    }

    /** POST /sessions/online/{ref}/invoices with a given body. */
    async sendRaw(sessionReference: string, body: SendInvoiceRequest): Promise<SendInvoiceResponse> {
        const path = `/sessions/online/${sessionReference}/invoices`;
        return this.expect<SendInvoiceResponse>(await this.authorised('POST', path, { body }), 202, path);
    }

    /** The invoice's status in its session (GET /sessions/{ref}/invoices/{invoiceRef}). */
    async invoiceStatus(sessionReference: string, invoiceReference: string): Promise<SessionInvoiceStatusResponse> {
        const path = `/sessions/${sessionReference}/invoices/${invoiceReference}`;
        return this.expect<SessionInvoiceStatusResponse>(await this.authorised('GET', path), 200, path);
    }

    /** The invoice's UPO (XML) by its reference number. */
    async invoiceUpo(sessionReference: string, invoiceReference: string): Promise<string> {
        return this.upo(`/sessions/${sessionReference}/invoices/${invoiceReference}/upo`);
    }

    /** The invoice's UPO (XML) by its KSeF number (for an invoice another attempt sent). */
    async invoiceUpoByKsefNumber(sessionReference: string, ksefNumber: string): Promise<string> {
        return this.upo(`/sessions/${sessionReference}/invoices/ksef/${ksefNumber}/upo`);
    }

    private async upo(path: string): Promise<string> {
        const answer = await this.authorised('GET', path, { accept: 'application/xml' });
        if (answer.status !== 200) throw refusal(answer, path);
        return answer.body;
    }

    /** Closes the session (KSeF then prepares the session's collective UPO). */
    async closeSession(sessionReference: string): Promise<void> {
        const path = `/sessions/online/${sessionReference}/close`;
        const answer = await this.authorised('POST', path);
        if (answer.status !== 204) throw refusal(answer, path);
    }
}

/** KsefRefused from a 4xx answer: ExceptionResponse (400) or problem details (401, 403, 410). */
function refusal(answer: Answer, path: string): KsefRefused {
    try {
        const body = JSON.parse(answer.body) as Partial<ExceptionResponse> & { title?: string; detail?: string };
        const first = body.exception?.exceptionDetailList?.[0];
        if (first) return new KsefRefused(answer.status, first.exceptionCode, first.exceptionDescription, first.details ?? []);
        if (body.title || body.detail)
            return new KsefRefused(answer.status, answer.status, body.title ?? '', body.detail ? [body.detail] : []);
    } catch {
        // not JSON: below
    }
    return new KsefRefused(answer.status, answer.status, `nieoczekiwana odpowiedź na ${path}`, [answer.body.slice(0, 200)]);
}
