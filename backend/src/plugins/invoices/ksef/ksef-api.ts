/**
 * The part of KSeF API 2.0 the shop uses (decision 117), shared by the client (ksef-client.ts) and
 * the stand-in (stand-ins/ksef.ts): paths, the request and response shapes (the OpenAPI document's
 * schemas in openapi/open-api.json), the invoice status codes, the form code of FA(3), the format of
 * KSeF numbers and reference numbers. Source: https://github.com/CIRFMF/ksef-docs.
 */

/** The form code of FA(3) invoices (OpenSessionRequest.formCode). */
export const FA3_FORM_CODE = { systemCode: 'FA (3)', schemaVersion: '1-0E', value: 'FA' } as const;

/** KSeF's environments (srodowiska.md): the API's base URL and the QR verification host (kody-qr.md). */
export const KSEF_ENVIRONMENTS = {
    test: { api: 'https://api-test.ksef.mf.gov.pl/v2', qr: 'https://qr-test.ksef.mf.gov.pl' },
    demo: { api: 'https://api-demo.ksef.mf.gov.pl/v2', qr: 'https://qr-demo.ksef.mf.gov.pl' },
    production: { api: 'https://api.ksef.mf.gov.pl/v2', qr: 'https://qr.ksef.mf.gov.pl' },
} as const;

export interface TokenInfo {
    token: string;
    validUntil: string;
}

export interface PublicKeyCertificate {
    /** DER, base64 */
    certificate: string;
    certificateId: string;
    publicKeyId: string;
    validFrom: string;
    validTo: string;
    usage: Array<'KsefTokenEncryption' | 'SymmetricKeyEncryption'>;
}

export interface AuthenticationChallengeResponse {
    challenge: string;
    timestamp: string;
    timestampMs: number;
    clientIp: string;
}

export interface InitTokenAuthenticationRequest {
    challenge: string;
    contextIdentifier: { type: 'Nip'; value: string };
    /** base64 of RSA-OAEP(SHA-256) of `token|timestampMs` */
    encryptedToken: string;
}

export interface AuthenticationInitResponse {
    referenceNumber: string;
    authenticationToken: TokenInfo;
}

export interface StatusInfo {
    code: number;
    description: string;
    details?: string[] | null;
}

export interface AuthenticationOperationStatusResponse {
    startDate: string;
    authenticationMethod: string;
    authenticationMethodInfo: { category: string; code: string; displayName: string };
    status: StatusInfo;
}

export interface AuthenticationTokensResponse {
    accessToken: TokenInfo;
    refreshToken: TokenInfo;
}

export interface AuthenticationTokenRefreshResponse {
    accessToken: TokenInfo;
}

export interface OpenOnlineSessionRequest {
    formCode: { systemCode: string; schemaVersion: string; value: string };
    encryption: { encryptedSymmetricKey: string; initializationVector: string };
}

export interface OpenOnlineSessionResponse {
    referenceNumber: string;
    validUntil: string;
}

export interface SendInvoiceRequest {
    /** SHA-256 of the plain invoice, base64 */
    invoiceHash: string;
    invoiceSize: number;
    encryptedInvoiceHash: string;
    encryptedInvoiceSize: number;
    /** AES-256-CBC/PKCS#7 of the invoice, base64 */
    encryptedInvoiceContent: string;
}

export interface SendInvoiceResponse {
    referenceNumber: string;
}

export interface SessionInvoiceStatusResponse {
    ordinalNumber: number;
    invoiceNumber?: string | null;
    ksefNumber?: string | null;
    referenceNumber: string;
    invoiceHash: string;
    invoicingDate: string;
    acquisitionDate?: string | null;
    upoDownloadUrl?: string | null;
    status: { code: number; description: string; details?: string[] | null; extensions?: Record<string, string | null> | null };
}

/** ExceptionResponse: KSeF's 400 body (application/json). */
export interface ExceptionResponse {
    exception: {
        exceptionDetailList: Array<{ exceptionCode: number; exceptionDescription: string; details?: string[] | null }>;
        referenceNumber?: string | null;
        serviceCode: string;
        serviceCtx: string;
        serviceName: string;
        timestamp: string;
    };
}

/** Invoice status codes (SessionInvoiceStatusResponse.status.code). */
export const INVOICE_STATUS = {
    received: 100,
    processing: 150,
    accepted: 200,
    sessionError: 405,
    permissions: 410,
    attachments: 415,
    fileInvalid: 430,
    decryption: 435,
    duplicate: 440,
    semantic: 450,
    unknown: 500,
    cancelledBySystem: 550,
} as const;

/** Codes after which sending the same invoice again may succeed (KSeF's own fault). */
export const RETRYABLE_INVOICE_CODES: ReadonlySet<number> = new Set([
    INVOICE_STATUS.sessionError,
    INVOICE_STATUS.unknown,
    INVOICE_STATUS.cancelledBySystem,
]);

/** CRC-8 (polynomial 0x07, initial value 0x00) of the KSeF number's first 32 characters (faktury/numer-ksef.md). */
export function crc8(text: string): number {
    let crc = 0;
    for (const byte of Buffer.from(text, 'utf8')) {
        crc ^= byte;
        for (let i = 0; i < 8; i++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
    }
    return crc;
}

const hex2 = (n: number) => n.toString(16).toUpperCase().padStart(2, '0');

/** `NIP-YYYYMMDD-XXXXXXXXXXXX-CC`: 35 characters, the last two the CRC-8 of the first 32. */
export function ksefNumber(nip: string, date: Date, technical: string): string {
    const day = date.toISOString().slice(0, 10).replace(/-/g, '');
    const data = `${nip}-${day}-${technical.toUpperCase()}`;
    return `${data}-${hex2(crc8(data))}`;
}

/** Whether a KSeF number has the 35-character format and a matching checksum. */
export function isKsefNumber(value: string): boolean {
    const m = /^(\d{10}-\d{8}-[0-9A-F]{12})-([0-9A-F]{2})$/.exec(value);
    return !!m && hex2(crc8(m[1]!)) === m[2];
}

/** A KSeF reference number (36 characters: `YYYYMMDD-XX-XXXXXXXXXX-XXXXXXXXXX-CC`), `kind` e.g. SO (online session), EE (invoice). */
export function referenceNumber(kind: string, date: Date, random: string): string {
    const day = date.toISOString().slice(0, 10).replace(/-/g, '');
    const r = random.toUpperCase();
    const data = `${day}-${kind}-${r.slice(0, 10)}-${r.slice(10, 20)}`;
    return `${data}-${hex2(crc8(data))}`;
}

export const REFERENCE_NUMBER = /^\d{8}-[A-Z]{2}-[0-9A-F]{10}-[0-9A-F]{10}-[0-9A-F]{2}$/;
