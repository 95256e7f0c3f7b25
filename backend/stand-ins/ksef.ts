/**
 * KSeF API 2.0 stand-in (decision 117), under /ksef/v2 on the stand-ins server: the paths, payloads,
 * status codes and error bodies of the Ministry's documented contract (src/plugins/invoices/ksef/
 * openapi/open-api.json) for what the shop uses:
 *
 * GET  /ksef/v2/security/public-key-certificates   its own RSA key in a self-signed DER certificate
 * POST /ksef/v2/auth/challenge                     challenge + timestampMs
 * POST /ksef/v2/auth/ksef-token                    202; the token is decrypted (RSA-OAEP SHA-256) and
 *                                                  must be `KSEF_TOKEN|timestampMs` for the context KSEF_NIP
 * GET  /ksef/v2/auth/{ref}                         status 100 once, then 200 or 450/415 with KSeF's texts
 * POST /ksef/v2/auth/token/redeem, /auth/token/refresh
 * POST /ksef/v2/sessions/online                    201; the AES key decrypted with its private key
 * POST /ksef/v2/sessions/online/{ref}/invoices     202; sizes and hashes checked (400 21402/21403),
 *                                                  the invoice decrypted (status 435 if it cannot be),
 *                                                  its hash compared (430), duplicates by seller NIP +
 *                                                  RodzajFaktury + P_2 (440 with the original's numbers)
 * GET  /ksef/v2/sessions/{ref}/invoices/{invoiceRef}   150 once, then 200 with a KSeF number or the error
 * GET  /ksef/v2/sessions/{ref}/invoices/{invoiceRef}/upo, …/invoices/ksef/{ksefNumber}/upo   UPO v4-3 XML
 * POST /ksef/v2/sessions/online/{ref}/close        204
 * Without a valid access token: 401 problem details; unknown session: 400 ExceptionResponse 21173.
 *
 * Test switches (not KSeF's): POST /ksef/test/outage {calls} (503 for the next N API calls),
 * /ksef/test/reject-next {code, description, details, number?} (the next invoice, or the next with
 *   that P_2 number, gets that status),
 * /ksef/test/fail-status {calls} (the next N invoice status reads answer 503), /ksef/test/lose-send
 * {calls} (the next N invoices are taken but the answer is a 503), /ksef/test/token-ttl {seconds}
 * (access tokens' lifetime); GET /ksef/test/invoices (what it received).
 */
import * as crypto from 'node:crypto';
import type * as http from 'node:http';
import { readBody } from './read-body';
import {
    type ExceptionResponse,
    FA3_FORM_CODE,
    INVOICE_STATUS,
    ksefNumber,
    referenceNumber,
    type SendInvoiceRequest,
    type SessionInvoiceStatusResponse,
} from '../src/plugins/invoices/ksef/ksef-api';
import { aesDecrypt, rsaOaepDecrypt, sha256Base64 } from '../src/plugins/invoices/ksef/ksef-crypto';

/** The KSeF API routes the stand-in serves (under /ksef/v2), as the OpenAPI document names them (test/ksef-contract.test.ts). */
export const KSEF_STAND_IN_ROUTES: ReadonlyArray<readonly ['GET' | 'POST', string]> = [
    ['GET', '/security/public-key-certificates'],
    ['POST', '/auth/challenge'],
    ['POST', '/auth/ksef-token'],
    ['GET', '/auth/{referenceNumber}'],
    ['POST', '/auth/token/redeem'],
    ['POST', '/auth/token/refresh'],
    ['POST', '/sessions/online'],
    ['POST', '/sessions/online/{referenceNumber}/invoices'],
    ['POST', '/sessions/online/{referenceNumber}/close'],
    ['GET', '/sessions/{referenceNumber}/invoices/{invoiceReferenceNumber}'],
    ['GET', '/sessions/{referenceNumber}/invoices/{invoiceReferenceNumber}/upo'],
    ['GET', '/sessions/{referenceNumber}/invoices/ksef/{ksefNumber}/upo'],
];

export interface KsefStandInOptions {
    /** the KSeF token it accepts */
    token: string;
    /** the context (seller) NIP the token belongs to */
    nip: string;
}

/** A KSeF invoice is at most 1 MB; base64 and JSON around it. */
const MAX_BODY = 1_500_000;
const FA3_NAMESPACE = 'http://crd.gov.pl/wzor/2025/06/25/13775/';

// ---- a self-signed certificate for its key (DER by hand: Node parses certificates but does not make them)
const der = (tag: number, content: Buffer): Buffer => {
    const n = content.length;
    const len = n < 128 ? Buffer.from([n]) : n < 256 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
    return Buffer.concat([Buffer.from([tag]), len, content]);
};
const seq = (...parts: Buffer[]) => der(0x30, Buffer.concat(parts));
const oid = (dotted: string) => {
    const [a, b, ...rest] = dotted.split('.').map(Number);
    const bytes = [a! * 40 + b!];
    for (const v of rest) {
        const chunk = [v & 0x7f];
        for (let x = v >> 7; x > 0; x >>= 7) chunk.unshift((x & 0x7f) | 0x80);
        bytes.push(...chunk);
    }
    return der(0x06, Buffer.from(bytes));
};
const utcTime = (d: Date) => der(0x17, Buffer.from(d.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z'));
const name = (cn: string) => seq(der(0x31, seq(oid('2.5.4.3'), der(0x0c, Buffer.from(cn, 'utf8')))));

function selfSignedCertificate(keys: crypto.KeyPairKeyObjectResult, from: Date, to: Date): Buffer {
    const sha256WithRsa = seq(oid('1.2.840.113549.1.1.11'), Buffer.from([0x05, 0x00]));
    const tbs = seq(
        der(0xa0, der(0x02, Buffer.from([2]))),
        der(0x02, Buffer.concat([Buffer.from([0x01]), crypto.randomBytes(8)])),
        sha256WithRsa,
        name('KSeF stand-in'),
        seq(utcTime(from), utcTime(to)),
        name('KSeF stand-in'),
        keys.publicKey.export({ type: 'spki', format: 'der' }),
    );
    const signature = crypto.sign('sha256', tbs, keys.privateKey);
    return seq(tbs, sha256WithRsa, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
}

interface StoredInvoice {
    referenceNumber: string;
    sessionReferenceNumber: string;
    ordinalNumber: number;
    invoiceNumber: string | null;
    invoiceHash: string;
    invoicingDate: string;
    issueDate: string | null;
    ksefNumber: string | null;
    acquisitionDate: string | null;
    status: SessionInvoiceStatusResponse['status'];
    /** status reads left before the final status shows (150 "Trwa przetwarzanie" until then) */
    processingReads: number;
}

export function ksefStandIn(options: KsefStandInOptions) {
    const keys = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const validFrom = new Date(Date.now() - 24 * 3600_000);
    const validTo = new Date(Date.now() + 365 * 24 * 3600_000);
    const certificate = selfSignedCertificate(keys, validFrom, validTo).toString('base64');
    const publicKeyId = crypto
        .createHash('sha256')
        .update(keys.publicKey.export({ type: 'spki', format: 'der' }))
        .digest('base64');
    const tokenSecret = crypto.randomBytes(32);

    const challenges = new Map<string, number>();
    const auths = new Map<
        string,
        {
            token: string;
            status: { code: number; description: string; details?: string[] };
            reads: number;
            redeemed: boolean;
            startDate: string;
        }
    >();
    const accessTokens = new Map<string, number>();
    const refreshTokens = new Map<string, number>();
    const sessions = new Map<string, { key: Buffer; iv: Buffer; open: boolean; invoices: number; created: string; validUntil: string }>();
    const invoices = new Map<string, StoredInvoice>();
    /** accepted invoices by seller NIP | RodzajFaktury | P_2 (KSeF's duplicate criterion) */
    const accepted = new Map<string, StoredInvoice>();
    const switches = {
        outage: 0,
        failStatus: 0,
        loseSend: 0,
        rejectNext: undefined as undefined | { code: number; description: string; details: string[]; number?: string },
        tokenTtlSeconds: 900,
    };

    const random = (bytes: number) => crypto.randomBytes(bytes).toString('hex').toUpperCase();
    const ref = (kind: string) => referenceNumber(kind, new Date(), random(10));
    const jwt = (kind: string, ttlSeconds: number) => {
        const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
        const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ typ: kind, sub: options.nip, jti: random(8), exp: Math.floor(Date.now() / 1000) + ttlSeconds })}`;
        return `${head}.${crypto.createHmac('sha256', tokenSecret).update(head).digest('base64url')}`;
    };
    const tokenInfo = (kind: string, ttlSeconds: number) => ({
        token: jwt(kind, ttlSeconds),
        validUntil: new Date(Date.now() + ttlSeconds * 1000).toISOString(),
    });

    const send = (
        res: http.ServerResponse,
        status: number,
        body: unknown,
        type = 'application/json; charset=utf-8',
        headers: Record<string, string> = {},
    ) => {
        const text = typeof body === 'string' ? body : JSON.stringify(body);
        res.writeHead(status, {
            'content-type': type,
            'content-length': String(Buffer.byteLength(text)),
            'cache-control': 'no-store',
            ...headers,
        });
        res.end(text);
        return true;
    };
    const exception = (res: http.ServerResponse, code: number, description: string, details: string[] = [], reference?: string) => {
        const body: ExceptionResponse = {
            exception: {
                exceptionDetailList: [{ exceptionCode: code, exceptionDescription: description, details }],
                referenceNumber: reference ?? null,
                serviceCode: random(16),
                serviceCtx: 'srvTEMFC',
                serviceName: 'KSeF stand-in',
                timestamp: new Date().toISOString(),
            },
        };
        return send(res, 400, body);
    };
    const problem = (res: http.ServerResponse, status: number, title: string, detail: string, url: URL) =>
        send(
            res,
            status,
            { title, status, detail, instance: url.pathname, traceId: random(8), timestamp: new Date().toISOString() },
            'application/problem+json',
        );
    const unauthorized = (res: http.ServerResponse, url: URL) =>
        problem(res, 401, 'Unauthorized', 'Brak, nieprawidłowy lub wygasły token dostępu.', url);

    const bearer = (req: http.IncomingMessage) => /^Bearer (\S{1,4096})$/.exec(req.headers.authorization ?? '')?.[1];
    const validIn = (map: Map<string, number>, token: string | undefined) => !!token && (map.get(token) ?? 0) > Date.now();
    const jsonBody = async (req: http.IncomingMessage): Promise<Record<string, unknown> | undefined> => {
        try {
            const v: unknown = JSON.parse((await readBody(req, MAX_BODY)).toString('utf8'));
            return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
        } catch {
            return undefined;
        }
    };
    const str = (v: unknown) => (typeof v === 'string' ? v : '');

    /** The invoice's fields KSeF's checks use (a regex read of a bounded, ≤1 MB document). */
    const invoiceFields = (xml: string) => {
        const one = (tag: string, within = xml) =>
            new RegExp(`<(?:\\w+:)?${tag}>([^<]{1,256})</(?:\\w+:)?${tag}>`).exec(within)?.[1]?.trim() ?? null;
        const podmiot1 = /<(?:\w+:)?Podmiot1>([\s\S]{0,20000}?)<\/(?:\w+:)?Podmiot1>/.exec(xml)?.[1] ?? '';
        return {
            fa3: xml.includes(`"${FA3_NAMESPACE}"`) && /<(?:\w+:)?KodFormularza[^>]{0,200}>FA<\//.test(xml),
            sellerNip: one('NIP', podmiot1),
            kind: one('RodzajFaktury'),
            number: one('P_2'),
            issueDate: one('P_1'),
        };
    };

    const receive = (
        sessionRef: string,
        session: { key: Buffer; iv: Buffer; invoices: number },
        body: SendInvoiceRequest,
    ): StoredInvoice => {
        const encrypted = Buffer.from(body.encryptedInvoiceContent, 'base64');
        const invoice: StoredInvoice = {
            referenceNumber: ref('EE'),
            sessionReferenceNumber: sessionRef,
            ordinalNumber: ++session.invoices,
            invoiceNumber: null,
            invoiceHash: body.invoiceHash,
            invoicingDate: new Date().toISOString(),
            issueDate: null,
            ksefNumber: null,
            acquisitionDate: null,
            status: { code: INVOICE_STATUS.accepted, description: 'Sukces' },
            processingReads: 1,
        };
        invoices.set(invoice.referenceNumber, invoice);
        const fail = (code: number, description: string, details: string[] = [], extensions?: Record<string, string>) =>
            (invoice.status = { code, description, details, ...(extensions ? { extensions } : {}) });
        let plain: Buffer;
        try {
            plain = aesDecrypt(session.key, session.iv, encrypted);
        } catch {
            fail(INVOICE_STATUS.decryption, 'Błąd odszyfrowania pliku', ['Nie udało się odszyfrować faktury kluczem sesji.']);
            return invoice;
        }
        if (sha256Base64(plain) !== body.invoiceHash || plain.length !== body.invoiceSize) {
            fail(INVOICE_STATUS.fileInvalid, 'Błąd weryfikacji pliku faktury', [
                'Skrót lub rozmiar odszyfrowanej faktury nie zgadza się z invoiceHash / invoiceSize.',
            ]);
            return invoice;
        }
        const xml = plain.toString('utf8');
        const fields = invoiceFields(xml);
        invoice.invoiceNumber = fields.number;
        invoice.issueDate = fields.issueDate;
        if (plain[0] === 0xef && plain[1] === 0xbb && plain[2] === 0xbf)
            return (fail(INVOICE_STATUS.fileInvalid, 'Błąd weryfikacji pliku faktury', ['Plik zawiera znacznik BOM.']), invoice);
        if (!fields.fa3 || !fields.number || !fields.kind || !fields.sellerNip)
            return (
                fail(INVOICE_STATUS.semantic, 'Błąd weryfikacji semantyki dokumentu faktury', [
                    'Dokument nie jest fakturą zgodną ze schematem FA(3).',
                ]),
                invoice
            );
        if (fields.sellerNip !== options.nip)
            return (
                fail(INVOICE_STATUS.permissions, 'Nieprawidłowy zakres uprawnień', [
                    `Brak uprawnień do wystawiania faktur w imieniu NIP ${fields.sellerNip}.`,
                ]),
                invoice
            );
        // (a test's switch may name its invoice: other tests' invoices pass by)
        if (switches.rejectNext && (!switches.rejectNext.number || switches.rejectNext.number === fields.number)) {
            const r = switches.rejectNext;
            switches.rejectNext = undefined;
            return (fail(r.code, r.description, r.details), invoice);
        }
        const key = `${fields.sellerNip}|${fields.kind}|${fields.number}`;
        const original = accepted.get(key);
        if (original)
            return (
                fail(
                    INVOICE_STATUS.duplicate,
                    'Duplikat faktury',
                    [
                        `Duplikat faktury. Faktura o numerze KSeF: ${original.ksefNumber} została już prawidłowo przesłana do systemu w sesji: ${original.sessionReferenceNumber}`,
                    ],
                    {
                        originalSessionReferenceNumber: original.sessionReferenceNumber,
                        originalKsefNumber: original.ksefNumber!,
                    },
                ),
                invoice
            );
        invoice.ksefNumber = ksefNumber(options.nip, new Date(), random(6));
        invoice.acquisitionDate = new Date().toISOString();
        accepted.set(key, invoice);
        return invoice;
    };

    const statusBody = (inv: StoredInvoice, origin: string): SessionInvoiceStatusResponse & Record<string, unknown> => {
        const processing = inv.processingReads > 0;
        if (processing) inv.processingReads--;
        return {
            ordinalNumber: inv.ordinalNumber,
            invoiceNumber: inv.invoiceNumber,
            ksefNumber: processing ? null : inv.ksefNumber,
            referenceNumber: inv.referenceNumber,
            invoiceHash: inv.invoiceHash,
            invoicingDate: inv.invoicingDate,
            acquisitionDate: processing ? null : inv.acquisitionDate,
            invoicingMode: 'Online',
            upoDownloadUrl:
                !processing && inv.ksefNumber
                    ? `${origin}/ksef/v2/sessions/${inv.sessionReferenceNumber}/invoices/${inv.referenceNumber}/upo`
                    : null,
            status: processing ? { code: INVOICE_STATUS.processing, description: 'Trwa przetwarzanie' } : inv.status,
        };
    };

    const upo = (inv: StoredInvoice) => {
        const e = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
        return `<?xml version="1.0" encoding="utf-8"?>
<Potwierdzenie xmlns="http://upo.schematy.mf.gov.pl/KSeF/v4-3">
	<NazwaPodmiotuPrzyjmujacego>Ministerstwo Finansów - zastępnik KSeF (stand-in)</NazwaPodmiotuPrzyjmujacego>
	<NumerReferencyjnySesji>${inv.sessionReferenceNumber}</NumerReferencyjnySesji>
	<Uwierzytelnienie>
		<IdKontekstu>
			<Nip>${options.nip}</Nip>
		</IdKontekstu>
		<SkrotDokumentuUwierzytelniajacego>${sha256Base64(options.token)}</SkrotDokumentuUwierzytelniajacego>
	</Uwierzytelnienie>
	<NazwaStrukturyLogicznej>Schemat_FA(3)_v1-0E.xsd</NazwaStrukturyLogicznej>
	<KodFormularza>FA (3)</KodFormularza>
	<Dokument>
		<NipSprzedawcy>${options.nip}</NipSprzedawcy>
		<NumerKSeFDokumentu>${inv.ksefNumber}</NumerKSeFDokumentu>
		<NumerFaktury>${e(inv.invoiceNumber ?? '')}</NumerFaktury>
		<DataWystawieniaFaktury>${e(inv.issueDate ?? '')}</DataWystawieniaFaktury>
		<DataPrzeslaniaDokumentu>${inv.invoicingDate}</DataPrzeslaniaDokumentu>
		<DataNadaniaNumeruKSeF>${inv.acquisitionDate}</DataNadaniaNumeruKSeF>
		<SkrotDokumentu>${inv.invoiceHash}</SkrotDokumentu>
		<TrybWysylki>Online</TrybWysylki>
	</Dokument>
</Potwierdzenie>
`;
    };

    const control = async (req: http.IncomingMessage, res: http.ServerResponse, what: string): Promise<boolean> => {
        if (what === 'invoices' && req.method === 'GET')
            return send(
                res,
                200,
                [...invoices.values()].map(i => ({
                    referenceNumber: i.referenceNumber,
                    sessionReferenceNumber: i.sessionReferenceNumber,
                    invoiceNumber: i.invoiceNumber,
                    ksefNumber: i.ksefNumber,
                    code: i.status.code,
                })),
            );
        if (req.method !== 'POST') return send(res, 405, { error: 'POST' });
        const b = (await jsonBody(req)) ?? {};
        const count = (v: unknown) => (Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= 1000 ? (v as number) : 0);
        if (what === 'outage') switches.outage = count(b.calls);
        else if (what === 'fail-status') switches.failStatus = count(b.calls);
        else if (what === 'lose-send') switches.loseSend = count(b.calls);
        else if (what === 'token-ttl') switches.tokenTtlSeconds = count(b.seconds) || 900;
        else if (what === 'reject-next')
            switches.rejectNext = Number.isSafeInteger(b.code)
                ? {
                      code: b.code as number,
                      description: str(b.description) || 'Błąd weryfikacji semantyki dokumentu faktury',
                      details: Array.isArray(b.details) ? b.details.map(String) : [],
                      ...(str(b.number) ? { number: str(b.number) } : {}),
                  }
                : undefined;
        else return send(res, 404, { error: 'unknown switch' });
        return send(res, 200, {
            outage: switches.outage,
            failStatus: switches.failStatus,
            loseSend: switches.loseSend,
            rejectNext: switches.rejectNext ?? null,
            tokenTtlSeconds: switches.tokenTtlSeconds,
        });
    };

    const api = async (req: http.IncomingMessage, res: http.ServerResponse, url: URL, origin: string): Promise<boolean> => {
        const p = url.pathname.slice('/ksef/v2'.length);
        const method = req.method ?? 'GET';
        if (switches.outage > 0) {
            switches.outage--;
            return send(
                res,
                503,
                { title: 'Service Unavailable', status: 503, detail: 'Trwają prace serwisowe. Spróbuj ponownie później.' },
                'application/problem+json',
                { 'retry-after': '1' },
            );
        }
        if (p === '/security/public-key-certificates' && method === 'GET')
            return send(
                res,
                200,
                ['KsefTokenEncryption', 'SymmetricKeyEncryption'].map(usage => ({
                    certificate,
                    certificateId: crypto
                        .createHash('sha256')
                        .update(usage + publicKeyId)
                        .digest('base64'),
                    publicKeyId,
                    validFrom: validFrom.toISOString(),
                    validTo: validTo.toISOString(),
                    usage: [usage],
                })),
            );
        if (p === '/auth/challenge' && method === 'POST') {
            const now = Date.now();
            const challenge = referenceNumber('CR', new Date(now), random(10));
            challenges.set(challenge, now);
            return send(res, 200, {
                challenge,
                timestamp: new Date(now).toISOString(),
                timestampMs: now,
                clientIp: req.socket.remoteAddress ?? '',
            });
        }
        if (p === '/auth/ksef-token' && method === 'POST') {
            const b = await jsonBody(req);
            const context = b?.contextIdentifier as { type?: unknown; value?: unknown } | undefined;
            if (!b || !str(b.challenge) || !str(b.encryptedToken) || !context || !str(context.type) || !str(context.value))
                return exception(res, 21405, 'Błąd walidacji danych wejściowych.', [
                    'Wymagane pola: challenge, contextIdentifier, encryptedToken.',
                ]);
            const issued = challenges.get(str(b.challenge));
            if (issued === undefined || Date.now() - issued > 10 * 60_000)
                return exception(res, 21401, 'Dokument nie spełnia wymagań.', ['Nieprawidłowe lub wygasłe wyzwanie autoryzacyjne.']);
            challenges.delete(str(b.challenge));
            let plain = '';
            try {
                plain = rsaOaepDecrypt(keys.privateKey, Buffer.from(str(b.encryptedToken), 'base64')).toString('utf8');
            } catch {
                plain = '';
            }
            const authToken = tokenInfo('auth', 600);
            const status =
                plain !== `${options.token}|${issued}`
                    ? {
                          code: 450,
                          description: 'Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu',
                          details: ['Nieprawidłowy token'],
                      }
                    : context.type !== 'Nip' || context.value !== options.nip
                      ? { code: 415, description: 'Uwierzytelnianie zakończone niepowodzeniem', details: ['Brak przypisanych uprawnień'] }
                      : { code: 200, description: 'Uwierzytelnianie zakończone sukcesem' };
            const reference = ref('AU');
            auths.set(reference, { token: authToken.token, status, reads: 1, redeemed: false, startDate: new Date().toISOString() });
            return send(res, 202, { referenceNumber: reference, authenticationToken: authToken });
        }
        if (p === '/auth/token/redeem' && method === 'POST') {
            const auth = [...auths.values()].find(a => a.token === bearer(req));
            if (!auth) return unauthorized(res, url);
            if (auth.redeemed || auth.status.code !== 200)
                return exception(res, 21301, 'Brak autoryzacji.', [
                    auth.redeemed ? 'Tokeny zostały już pobrane.' : 'Uwierzytelnianie nie zakończyło się sukcesem.',
                ]);
            auth.redeemed = true;
            const access = tokenInfo('access', switches.tokenTtlSeconds);
            const refresh = tokenInfo('refresh', 7 * 24 * 3600);
            accessTokens.set(access.token, Date.parse(access.validUntil));
            refreshTokens.set(refresh.token, Date.parse(refresh.validUntil));
            return send(res, 200, { accessToken: access, refreshToken: refresh });
        }
        if (p === '/auth/token/refresh' && method === 'POST') {
            if (!validIn(refreshTokens, bearer(req))) return unauthorized(res, url);
            const access = tokenInfo('access', switches.tokenTtlSeconds);
            accessTokens.set(access.token, Date.parse(access.validUntil));
            return send(res, 200, { accessToken: access });
        }
        const authStatus = /^\/auth\/([0-9A-Z-]{36})$/.exec(p);
        if (authStatus && method === 'GET') {
            const auth = auths.get(authStatus[1]!);
            if (!auth || auth.token !== bearer(req)) return unauthorized(res, url);
            const inProgress = auth.reads-- > 0;
            return send(res, 200, {
                startDate: auth.startDate,
                authenticationMethod: 'Token',
                authenticationMethodInfo: { category: 'Token', code: 'token.ksef', displayName: 'Token KSeF' },
                status: inProgress ? { code: 100, description: 'Uwierzytelnianie w toku' } : auth.status,
            });
        }
        // everything below needs the access token
        if (!validIn(accessTokens, bearer(req))) return unauthorized(res, url);
        if (p === '/sessions/online' && method === 'POST') {
            const b = await jsonBody(req);
            const form = b?.formCode as Record<string, unknown> | undefined;
            const enc = b?.encryption as Record<string, unknown> | undefined;
            if (!form || !enc || !str(enc.encryptedSymmetricKey) || !str(enc.initializationVector))
                return exception(res, 21405, 'Błąd walidacji danych wejściowych.', ['Wymagane pola: formCode, encryption.']);
            if (
                form.systemCode !== FA3_FORM_CODE.systemCode ||
                form.schemaVersion !== FA3_FORM_CODE.schemaVersion ||
                form.value !== FA3_FORM_CODE.value
            )
                return exception(res, 21405, 'Błąd walidacji danych wejściowych.', [
                    `Nieobsługiwany kod formularza ${JSON.stringify(form)}.`,
                ]);
            let key: Buffer;
            try {
                key = rsaOaepDecrypt(keys.privateKey, Buffer.from(str(enc.encryptedSymmetricKey), 'base64'));
            } catch {
                return exception(res, 21405, 'Błąd walidacji danych wejściowych.', ['Nie udało się odszyfrować klucza symetrycznego.']);
            }
            const iv = Buffer.from(str(enc.initializationVector), 'base64');
            if (key.length !== 32 || iv.length !== 16)
                return exception(res, 21405, 'Błąd walidacji danych wejściowych.', [
                    'Klucz symetryczny musi mieć 32 bajty, a wektor IV 16 bajtów.',
                ]);
            const reference = ref('SO');
            const validUntil = new Date(Date.now() + 12 * 3600_000).toISOString();
            sessions.set(reference, { key, iv, open: true, invoices: 0, created: new Date().toISOString(), validUntil });
            return send(res, 201, { referenceNumber: reference, validUntil });
        }
        const online = /^\/sessions\/online\/([0-9A-Z-]{36})\/(invoices|close)$/.exec(p);
        if (online && method === 'POST') {
            const session = sessions.get(online[1]!);
            if (!session)
                return exception(res, 21173, 'Brak sesji o wskazanym numerze referencyjnym.', [
                    `Sesja o numerze referencyjnym ${online[1]} nie została odnaleziona.`,
                ]);
            if (!session.open)
                return exception(res, 21180, 'Status sesji nie pozwala na wykonanie operacji.', [
                    'Status sesji 170 uniemożliwia wysyłkę faktur.',
                ]);
            if (online[2] === 'close') {
                session.open = false;
                res.writeHead(204).end();
                return true;
            }
            const b = await jsonBody(req);
            const fields = ['invoiceHash', 'encryptedInvoiceHash', 'encryptedInvoiceContent'] as const;
            if (!b || fields.some(f => !str(b[f])) || !Number.isSafeInteger(b.invoiceSize) || !Number.isSafeInteger(b.encryptedInvoiceSize))
                return exception(res, 21405, 'Błąd walidacji danych wejściowych.', [
                    'Wymagane pola: invoiceHash, invoiceSize, encryptedInvoiceHash, encryptedInvoiceSize, encryptedInvoiceContent.',
                ]);
            const body = b as unknown as SendInvoiceRequest;
            const encrypted = Buffer.from(body.encryptedInvoiceContent, 'base64');
            if (encrypted.length !== body.encryptedInvoiceSize)
                return exception(res, 21402, 'Nieprawidłowy rozmiar pliku.', ['Długość treści nie zgadza się z rozmiarem pliku.']);
            if (sha256Base64(encrypted) !== body.encryptedInvoiceHash)
                return exception(res, 21403, 'Nieprawidłowy skrót pliku.', ['Skrót treści nie zgadza się ze skrótem pliku.']);
            const invoice = receive(online[1]!, session, body);
            if (switches.loseSend > 0) {
                switches.loseSend--;
                return send(
                    res,
                    503,
                    { title: 'Service Unavailable', status: 503, detail: 'Przerwane połączenie.' },
                    'application/problem+json',
                );
            }
            return send(res, 202, { referenceNumber: invoice.referenceNumber });
        }
        const sessionInvoice = /^\/sessions\/([0-9A-Z-]{36})\/invoices\/(?:([0-9A-Z-]{36})|ksef\/([0-9A-F-]{35}))(\/upo)?$/.exec(p);
        if (sessionInvoice && method === 'GET') {
            if (!sessions.has(sessionInvoice[1]!))
                return exception(res, 21173, 'Brak sesji o wskazanym numerze referencyjnym.', [
                    `Sesja o numerze referencyjnym ${sessionInvoice[1]} nie została odnaleziona.`,
                ]);
            const inv = [...invoices.values()].find(
                i =>
                    i.sessionReferenceNumber === sessionInvoice[1] &&
                    (sessionInvoice[2] ? i.referenceNumber === sessionInvoice[2] : i.ksefNumber === sessionInvoice[3]),
            );
            if (!inv)
                return exception(res, 21178, 'Nie znaleziono faktury o podanym identyfikatorze.', [
                    `Faktura ${sessionInvoice[2] ?? sessionInvoice[3]} nie istnieje w sesji ${sessionInvoice[1]}.`,
                ]);
            if (sessionInvoice[4]) {
                if (!inv.ksefNumber || inv.status.code !== INVOICE_STATUS.accepted)
                    return exception(res, 21178, 'Nie znaleziono UPO dla faktury.', ['Faktura nie została przyjęta.']);
                const xml = upo(inv);
                return send(res, 200, xml, 'application/xml; charset=utf-8', { 'x-ms-meta-hash': sha256Base64(xml) });
            }
            if (switches.failStatus > 0) {
                switches.failStatus--;
                return send(
                    res,
                    503,
                    { title: 'Service Unavailable', status: 503, detail: 'Przerwane połączenie.' },
                    'application/problem+json',
                );
            }
            return send(res, 200, statusBody(inv, origin));
        }
        return send(
            res,
            404,
            { title: 'Not Found', status: 404, detail: `Nie ma zasobu ${method} ${url.pathname}.` },
            'application/problem+json',
        );
    };

    /** Handles /ksef/v2/… and /ksef/test/…; false for any other path. */
    return (req: http.IncomingMessage, res: http.ServerResponse, origin: string): boolean => {
        const url = new URL(req.url ?? '/', origin || 'http://127.0.0.1');
        const run = (work: Promise<boolean>) =>
            void work.catch(err => {
                if (!res.headersSent)
                    send(
                        res,
                        500,
                        { title: 'Internal Server Error', status: 500, detail: String(err?.message ?? err) },
                        'application/problem+json',
                    );
            });
        const test = /^\/ksef\/test\/([a-z-]{1,20})$/.exec(url.pathname);
        if (test) return (run(control(req, res, test[1]!)), true);
        if (url.pathname.startsWith('/ksef/v2/')) return (run(api(req, res, url, origin)), true);
        return false;
    };
}
