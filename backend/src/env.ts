/**
 * Configuration from environment variables, with development defaults. Read once at start-up.
 * Never put real secrets here: the superadmin defaults are for a local development database only.
 */
import * as path from 'path';

/** backend/ (works from backend/src via tsx and from backend/dist/src compiled) */
export const BACKEND_DIR = path.resolve(__dirname, __dirname.includes(`${path.sep}dist${path.sep}`) ? '../..' : '..');
export const DATA_DIR = path.join(BACKEND_DIR, 'data');

function int(name: string, fallback: number): number {
    const raw = process.env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
    return n;
}

function flag(name: string, fallback = false): boolean {
    const raw = process.env[name];
    if (raw === undefined || raw === '') return fallback;
    return raw === '1' || raw.toLowerCase() === 'true' || raw.toLowerCase() === 'yes';
}

export interface BackendEnv {
    host: string;
    port: number;
    blogPort: number;
    blogDelayMs: number;
    dbPath: string;
    assetsDir: string;
    fresh: boolean;
    requireVerification: boolean;
    superadminIdentifier: string;
    superadminPassword: string;
    playground: boolean;
    logLevel: string;
    mailDir: string;
    /** production mode (NODE_ENV=production): no development defaults for secrets and bank details */
    production: boolean;
    /** public address of the storefront (return/cancel URLs of the payment gateway) */
    storefrontUrl: string;
    /** Przelewy24 base URL (https://sandbox.przelewy24.pl, https://secure.przelewy24.pl); empty = the P24 stand-in next to the blog */
    paymentGatewayUrl: string;
    /** Przelewy24 merchant id, POS id, REST API key and CRC key (decision record 064) */
    p24: { merchantId: number; posId: number; apiKey: string; crc: string };
    /** where P24 POSTs its notifications (urlStatus); empty = `<storefrontUrl>/api/payments/notify` */
    paymentNotifyUrl: string;
    /** P24_RECONCILE_SECONDS (300; 0 = off) and P24_RECONCILE_MIN_AGE_SECONDS (120): the online payment plugin's reconciliation */
    p24Reconcile: { everySeconds: number; minAgeSeconds: number };
    /** bank transfer details shown on the thank-you page */
    bankAccountNumber: string;
    bankRecipient: string;
    bankName: string;
    /** REVIEWS_AUTO_APPROVE_VERIFIED=1: reviews of verified purchases skip moderation */
    reviewsAutoApproveVerified: boolean;
    /** DATABASE_URL=postgres://…: the production profile's PostgreSQL (migrations, no synchronize); empty = SQLite at dbPath */
    database: PostgresUrl | undefined;
    /** REDIS_URL=redis://host:port[/db]: job queue (BullMQ) and Vendure cache incl. sessions; empty = in-process */
    redis: RedisUrl | undefined;
    /** SMTP_URL=smtp://[user:pass@]host:port: mail through Vendure's email plugin; empty = the dev mailbox */
    smtpUrl: string;
    /** sender of the shop's mail (MAIL_FROM) */
    mailFrom: string;
    /** where the shop is told of a withdrawal (SHOP_NOTIFY_EMAIL) */
    shopNotifyEmail: string;
    /**
     * BACKEND_STAFF_PASSWORD: password the seed gives the staff account (src/staff-role.ts); development:
     * the demo one (README), production: empty unless set, and never the demo one
     */
    staffPassword: string;
    /**
     * ORDER_LINK_SECRET: signs the order links of the shop's e-mails (`/status-zamowienia?order=&key=`,
     * decision 102); development: a fixed one, production: at least 32 characters of its own
     */
    orderLinkSecret: string;
    /** DASHBOARD_DEV_PORT: a Vite dev server of the Dashboard to proxy /dashboard to (extension work); 0 = none, serve the build */
    dashboardDevPort: number;
    /** ASSET_STORAGE=s3 with S3_* variables (Cloudflare R2); otherwise local disk at assetsDir */
    s3: S3Storage | undefined;
    /** SHOP_API_TIME_LIMIT_MS, ADMIN_API_TIME_LIMIT_MS: execution time limit of one request (decision 103); 0 = none */
    shopApiTimeLimitMs: number;
    adminApiTimeLimitMs: number;
    /** DB_STATEMENT_TIMEOUT_MS, DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: PostgreSQL's timeouts of the backend's connections (decision 103); 0 = none */
    dbStatementTimeoutMs: number;
    dbIdleInTransactionTimeoutMs: number;
    /**
     * SHOP_API_SECRET: the Shop API answers only requests that carry it in `X-Shop-Api-Secret` (the
     * storefront worker adds it, decision 105); required in production, at least 32 characters;
     * development: unset = no check (`npm start`, tests)
     */
    shopApiSecret: string;
    /**
     * CATALOGUE_HOOK_SECRET: signs the catalogue read model's calls to the storefront's
     * `/api/catalogue/changed` (its edge copies of changed products expire; decision 108);
     * development: a fixed one; production: empty = the storefront is not told (copies expire by age)
     */
    catalogueHookSecret: string;
    /**
     * LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_SECONDS: failed logins per account (Shop and Admin API)
     * within the window after which that account's logins are refused for the window (decision 105)
     */
    loginFailures: { limit: number; windowSeconds: number };
    /**
     * SQL_STATEMENT_COUNT=1: every Shop/Admin API response says how many SQL statements it cost
     * (`x-sql-statements`, src/dev/sql-count.ts; issue 38). For the test stacks (SQL budgets); off by
     * default. Allowed with NODE_ENV=production because the production profile's tests use it, but a
     * deployment leaves it off: it tells callers about the backend's internals.
     */
    sqlStatementCount: boolean;
    /**
     * InPost ShipX (decision 113): INPOST_SHIPX_URL (https://api-shipx-pl.easypack24.net, the sandbox
     * https://sandbox-api-shipx-pl.easypack24.net; development: empty = the stand-in next to the blog),
     * INPOST_ORGANIZATION_ID, INPOST_API_TOKEN, INPOST_WEBHOOK_SECRET (the secret path segment of the
     * status webhook's URL), INPOST_SENDING_METHOD (how parcels leave: dispatch_order = courier pickup,
     * parcel_locker = dropped at a locker), INPOST_POLL_SECONDS (the tracking poll; 0 = off),
     * INPOST_PICKUP_ADDRESS (where InPost's courier collects the parcels of a dispatch order:
     * "Psia 5, 30-001 Kraków"; development: the stand-in's fake address; production without it:
     * staff order the pickup in the parcel manager).
     * Production without INPOST_SHIPX_URL: shipments through ShipX are off (staff fulfil by hand).
     */
    inpost: InpostSettings | undefined;
    /**
     * KSeF (decision 117): KSEF_URL (the API's base, e.g. https://api-test.ksef.mf.gov.pl/v2;
     * development: empty = the stand-in next to the blog), KSEF_TOKEN, KSEF_NIP (the seller's NIP),
     * KSEF_POLL_SECONDS (how often waiting submissions are picked up), KSEF_RETRY_BASE_SECONDS (the
     * first retry's delay, doubled per attempt up to 6 h). Production without KSEF_URL: undefined
     * (submissions wait, staff see why).
     */
    ksef: KsefSettings | undefined;
    /**
     * The seller on the shop's VAT invoices (issue 40; decision 116): INVOICE_SELLER_NIP (10 digits,
     * checksum checked), INVOICE_SELLER_NAME, INVOICE_SELLER_ADDRESS ("Psia 5, 30-001 Kraków").
     * Development: DEV_INVOICE_SELLER, clearly fake. Production without INVOICE_SELLER_NIP: no
     * invoices are issued (logged at start); with it, the name and address must be set too.
     */
    invoiceSeller: InvoiceSeller | undefined;
}

export interface KsefSettings {
    /** the API's base URL without a trailing slash; '' = the stand-in next to the blog (development) */
    url: string;
    token: string;
    nip: string;
    pollSeconds: number;
    retryBaseSeconds: number;
}

/** Obviously fake development values of KSeF (the stand-in accepts them); refused with a real KSeF URL. */
export const DEV_KSEF = { token: 'dev-only-ksef-token-not-for-production', nip: '1234563218' };

/** A Polish NIP: 10 digits whose weighted sum (6 5 7 2 3 4 5 6 7) mod 11 is the last digit. */
export function isValidNip(value: string): boolean {
    if (!/^\d{10}$/.test(value)) return false;
    const weights = [6, 5, 7, 2, 3, 4, 5, 6, 7];
    return weights.reduce((s, w, i) => s + w * Number(value[i]), 0) % 11 === Number(value[9]);
}

/**
 * KSEF_TOKEN and KSEF_NIP: the development ones when KSEF_URL is empty (the stand-in); with a
 * KSEF_URL both must be set, the NIP valid, and the development token only for a stand-in on this
 * machine. The stand-in reads them too.
 */
export function ksefCredentials(url = (process.env.KSEF_URL ?? '').trim()): { token: string; nip: string } {
    const local = !url || /^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url);
    const token = process.env.KSEF_TOKEN?.trim() || (url ? '' : DEV_KSEF.token);
    if (!token) throw new ConfigError('KSEF_TOKEN must be set when KSEF_URL is set (a KSeF token with the right to issue invoices)');
    if (!local && token === DEV_KSEF.token)
        throw new ConfigError('KSEF_TOKEN must be a real KSeF token, not the development one, when KSEF_URL is KSeF');
    // the seller's NIP is one setting: KSEF_NIP only when it must differ from INVOICE_SELLER_NIP (it may not: checked in readEnv)
    const nip =
        (process.env.KSEF_NIP ?? '').replace(/[\s-]/g, '') ||
        (process.env.INVOICE_SELLER_NIP ?? '').replace(/[\s-]/g, '') ||
        (url ? '' : DEV_KSEF.nip);
    if (!nip) throw new ConfigError("KSEF_NIP must be set when KSEF_URL is set (the seller's NIP, 10 digits)");
    if (!isValidNip(nip)) throw new ConfigError(`KSEF_NIP must be a valid NIP (10 digits with the check digit), got "${nip.slice(0, 20)}"`);
    return { token, nip };
}

function readKsef(production: boolean): KsefSettings | undefined {
    // bounded: the operator's environment, read once at start (not shoppers' input)
    const url = (process.env.KSEF_URL ?? '').trim().replace(/\/+$/, '');
    if (!url && production) return undefined;
    // bounded: the operator's environment, as above
    if (url && !/^https?:\/\/[^/\s]+(\/[^\s]*)?$/.test(url))
        throw new ConfigError(`KSEF_URL must be an http(s) URL (https://api-test.ksef.mf.gov.pl/v2), got "${url.slice(0, 200)}"`);
    if (url && !url.startsWith('https://') && !/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url))
        throw new ConfigError('KSEF_URL must be an https:// URL (http only for a stand-in on this machine)');
    return {
        url,
        ...ksefCredentials(url),
        pollSeconds: int('KSEF_POLL_SECONDS', 60),
        retryBaseSeconds: int('KSEF_RETRY_BASE_SECONDS', 60) || 1,
    };
}

export interface InvoiceSeller {
    nip: string;
    name: string;
    /** the street and number (FA(3) AdresL1) */
    addressLine1: string;
    /** the postal code and city (AdresL2) */
    addressLine2: string;
}

/** The development seller: a NIP with a valid checksum of no real firm; refused in production. */
export const DEV_INVOICE_SELLER: InvoiceSeller = {
    nip: '1234563218',
    name: 'Psiaki – DANE TESTOWE, nie do obrotu',
    addressLine1: 'Testowa 1',
    addressLine2: '00-001 Warszawa',
};

/** INVOICE_SELLER_NIP, _NAME, _ADDRESS (a ConfigError for anything malformed). */
export function readInvoiceSeller(production: boolean): InvoiceSeller | undefined {
    const nip = (process.env.INVOICE_SELLER_NIP ?? '').replace(/[\s-]/g, '').slice(0, 20);
    if (!nip) return production ? undefined : DEV_INVOICE_SELLER;
    if (!isValidNip(nip)) throw new ConfigError(`INVOICE_SELLER_NIP must be a 10-digit NIP with a valid checksum, got "${nip}"`);
    if (production && nip === DEV_INVOICE_SELLER.nip)
        throw new ConfigError("INVOICE_SELLER_NIP must be the shop's own NIP, not the development one");
    const name = (process.env.INVOICE_SELLER_NAME ?? '').trim();
    if (!name || name.length > 512) throw new ConfigError("INVOICE_SELLER_NAME must be the seller's name as registered (1-512 characters)");
    const address = (process.env.INVOICE_SELLER_ADDRESS ?? '').trim();
    // bounded: the operator's environment, read once at start; at most 300 characters
    const m = address.length <= 300 ? address.match(/^(.{1,200}?), *(\d{2}-\d{3} +\S.{0,80})$/) : null;
    if (!m)
        throw new ConfigError(
            `INVOICE_SELLER_ADDRESS must be "street number, NN-NNN city" (e.g. "Psia 5/2, 30-001 Kraków"), got "${address.slice(0, 300)}"`,
        );
    return { nip, name, addressLine1: m[1]!.trim(), addressLine2: m[2]!.trim() };
}

export interface InpostSettings {
    /** ShipX's base URL without a trailing slash (…/v1/… is appended); '' = the stand-in next to the blog (development) */
    url: string;
    organizationId: number;
    token: string;
    webhookSecret: string;
    sendingMethod: InpostSendingMethod;
    pollSeconds: number;
    /** where the courier collects the parcels (ShipX's dispatch order); undefined = not set */
    pickupAddress: InpostPickupAddress | undefined;
}

export interface InpostPickupAddress {
    street: string;
    building_number: string;
    post_code: string;
    city: string;
    country_code: 'PL';
}

/** The development pickup address (the stand-in takes any well-formed one). */
export const DEV_PICKUP_ADDRESS = 'Testowa 1, 00-001 Warszawa';

/** INPOST_PICKUP_ADDRESS: "street number, NN-NNN city" (a ConfigError for anything else). */
export function parsePickupAddress(raw: string): InpostPickupAddress {
    // bounded: the operator's environment, read once at start; at most 200 characters
    const m = raw.length <= 200 ? raw.trim().match(/^(.+?) (\d[^,]{0,20}), *(\d{2}-\d{3}) +(\S.{0,80})$/) : null;
    if (!m)
        throw new ConfigError(
            `INPOST_PICKUP_ADDRESS must be "street number, NN-NNN city" (e.g. "Psia 5/2, 30-001 Kraków"), got "${raw.slice(0, 200)}"`,
        );
    return { street: m[1]!.trim(), building_number: m[2]!.trim(), post_code: m[3]!, city: m[4]!.trim(), country_code: 'PL' };
}

export const INPOST_SENDING_METHODS = ['dispatch_order', 'parcel_locker'] as const;
export type InpostSendingMethod = (typeof INPOST_SENDING_METHODS)[number];

/** Obviously fake development values of ShipX (the stand-in accepts them); refused in production. */
export const DEV_INPOST = {
    organizationId: 4321,
    token: 'dev-only-inpost-shipx-token-not-for-production',
    webhookSecret: 'dev-only-inpost-webhook-secret-not-for-production',
};

/**
 * INPOST_ORGANIZATION_ID, INPOST_API_TOKEN, INPOST_WEBHOOK_SECRET with the development defaults; the
 * ShipX stand-in reads them too. `production`: each must be set and none the development one.
 */
export function inpostCredentials(production = false): { organizationId: number; token: string; webhookSecret: string } {
    const value = (name: string, fallback: string) => {
        const v = process.env[name]?.trim();
        if (v) return v;
        if (production) throw new ConfigError(`${name} must be set when INPOST_SHIPX_URL is set in production`);
        return fallback;
    };
    const organizationId = Number(value('INPOST_ORGANIZATION_ID', String(DEV_INPOST.organizationId)));
    if (!Number.isSafeInteger(organizationId) || organizationId <= 0)
        throw new ConfigError('INPOST_ORGANIZATION_ID must be the positive organisation id from the InPost parcel manager');
    const token = value('INPOST_API_TOKEN', DEV_INPOST.token);
    const webhookSecret = value('INPOST_WEBHOOK_SECRET', DEV_INPOST.webhookSecret);
    if (!/^[A-Za-z0-9_-]{16,200}$/.test(webhookSecret))
        throw new ConfigError('INPOST_WEBHOOK_SECRET must be 16-200 letters, digits, "-" or "_" (it is a segment of the webhook URL)');
    if (production) {
        if (token === DEV_INPOST.token || token.length < 20)
            throw new ConfigError('INPOST_API_TOKEN must be the ShipX API token from the InPost parcel manager, not the development one');
        if (webhookSecret === DEV_INPOST.webhookSecret || webhookSecret.length < 32)
            throw new ConfigError('INPOST_WEBHOOK_SECRET must be a random value of at least 32 characters in production');
    }
    return { organizationId, token, webhookSecret };
}

function readInpost(production: boolean): InpostSettings | undefined {
    // bounded: the operator's environment, read once at start (not shoppers' input)
    const raw = (process.env.INPOST_SHIPX_URL ?? '').trim().replace(/\/+$/, '');
    if (!raw && production) return undefined;
    // bounded: the operator's environment, as above
    if (raw && !/^https?:\/\/[^/\s]+(\/[^\s]*)?$/.test(raw))
        throw new ConfigError(`INPOST_SHIPX_URL must be an http(s) URL (https://api-shipx-pl.easypack24.net), got "${raw}"`);
    // http only to this machine (the production profile's stand-in)
    if (production && !raw.startsWith('https://') && !/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(raw))
        throw new ConfigError('INPOST_SHIPX_URL must be an https:// URL in production');
    const sendingMethod = (process.env.INPOST_SENDING_METHOD?.trim() || 'dispatch_order') as InpostSendingMethod;
    if (!INPOST_SENDING_METHODS.includes(sendingMethod))
        throw new ConfigError(`INPOST_SENDING_METHOD must be one of ${INPOST_SENDING_METHODS.join(', ')}, got "${sendingMethod}"`);
    return {
        url: raw,
        ...inpostCredentials(production),
        sendingMethod,
        pollSeconds: int('INPOST_POLL_SECONDS', 900),
        pickupAddress: process.env.INPOST_PICKUP_ADDRESS?.trim()
            ? parsePickupAddress(process.env.INPOST_PICKUP_ADDRESS)
            : production
              ? undefined
              : parsePickupAddress(DEV_PICKUP_ADDRESS),
    };
}

export interface PostgresUrl {
    host: string;
    port: number;
    username: string;
    password: string;
    database: string;
}

export interface RedisUrl {
    host: string;
    port: number;
    password?: string;
    db: number;
}

export interface S3Storage {
    bucket: string;
    endpoint: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
}

/** Development superadmin credentials (Vendure's own defaults); refused in production. */
export const DEV_SUPERADMIN = { identifier: 'superadmin', password: 'superadmin' };

/** The demo staff account (role 'Obsługa sklepu') the seed creates for development; its password is refused in production. */
export const DEMO_STAFF = { identifier: 'obsluga@psiaki.test', password: 'Obsluga1234!' };

/** A configuration error: the start stops with this one line and exit code 1. */
export class ConfigError extends Error {}

export function parseDatabaseUrl(raw: string): PostgresUrl {
    let url: URL;
    try {
        url = new URL(raw);
    } catch {
        throw new ConfigError(`DATABASE_URL is not a URL: "${raw}" (expected postgres://user:password@host:port/database)`);
    }
    if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
        throw new ConfigError(`DATABASE_URL must start with postgres://, got "${url.protocol}//…"`);
    const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
    if (!url.hostname || !database || !url.username)
        throw new ConfigError('DATABASE_URL needs a user, a host and a database name (postgres://user:password@host:port/database)');
    return {
        host: url.hostname,
        port: url.port ? Number(url.port) : 5432,
        username: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password),
        database,
    };
}

export function parseRedisUrl(raw: string): RedisUrl {
    let url: URL;
    try {
        url = new URL(raw);
    } catch {
        throw new ConfigError(`REDIS_URL is not a URL: "${raw}" (expected redis://host:port/db)`);
    }
    if (url.protocol !== 'redis:') throw new ConfigError(`REDIS_URL must start with redis://, got "${url.protocol}//…"`);
    const db = url.pathname.replace(/^\//, '') || '0';
    if (!/^\d+$/.test(db)) throw new ConfigError(`REDIS_URL database must be a number, got "${db}"`);
    return {
        host: url.hostname || '127.0.0.1',
        port: url.port ? Number(url.port) : 6379,
        password: url.password ? decodeURIComponent(url.password) : undefined,
        db: Number(db),
    };
}

function readS3(): S3Storage | undefined {
    const storage = (process.env.ASSET_STORAGE ?? '').trim();
    if (!storage || storage === 'local') return undefined;
    if (storage !== 's3') throw new ConfigError(`ASSET_STORAGE must be "local" or "s3", got "${storage}"`);
    const names = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
    const missing = names.filter(n => !process.env[n]?.trim());
    if (missing.length) throw new ConfigError(`ASSET_STORAGE=s3 needs ${missing.join(', ')}`);
    const endpoint = process.env.S3_ENDPOINT!.trim();
    if (!/^https:\/\/[^/]+/.test(endpoint))
        throw new ConfigError(`S3_ENDPOINT must be an https:// URL (R2: https://<account id>.r2.cloudflarestorage.com), got "${endpoint}"`);
    return {
        bucket: process.env.S3_BUCKET!.trim(),
        endpoint,
        // R2 accepts "auto"
        region: process.env.S3_REGION?.trim() || 'auto',
        accessKeyId: process.env.S3_ACCESS_KEY_ID!.trim(),
        secretAccessKey: process.env.S3_SECRET_ACCESS_KEY!.trim(),
    };
}

/**
 * What production refuses: the development superadmin, a short superadmin password, the demo
 * staff password, the gateway stand-in's development secret and the development order-link key. Returns the problems (empty = fine).
 */
export function productionProblems(env: BackendEnv): string[] {
    const problems: string[] = [];
    if (env.superadminIdentifier === DEV_SUPERADMIN.identifier || env.superadminPassword === DEV_SUPERADMIN.password)
        problems.push('BACKEND_SUPERADMIN_USER and BACKEND_SUPERADMIN_PASSWORD must not be the development superadmin/superadmin');
    if (env.superadminPassword.length < 12) problems.push('BACKEND_SUPERADMIN_PASSWORD must have at least 12 characters');
    if (env.staffPassword === DEMO_STAFF.password)
        problems.push('BACKEND_STAFF_PASSWORD must not be the demo staff password (README) in production');
    else if (env.staffPassword && env.staffPassword.length < 12) problems.push('BACKEND_STAFF_PASSWORD must have at least 12 characters');
    if (env.p24.crc === DEV_P24.crc || env.p24.crc.length < 16)
        problems.push('P24_CRC must be set to the CRC key from the Przelewy24 panel (at least 16 characters), not the development one');
    if (env.p24.apiKey === DEV_P24.apiKey || env.p24.apiKey.length < 16)
        problems.push(
            'P24_API_KEY must be set to the REST API key from the Przelewy24 panel (at least 16 characters), not the development one',
        );
    if (env.p24.merchantId === DEV_P24.merchantId) problems.push('P24_MERCHANT_ID must be the merchant id from the Przelewy24 panel');
    if (env.orderLinkSecret === DEV_ORDER_LINK_SECRET || env.orderLinkSecret.length < 32)
        problems.push(
            "ORDER_LINK_SECRET must be set to a random value of at least 32 characters (it signs the order links in the shop's e-mails)",
        );
    if (!env.database) problems.push('DATABASE_URL must point at PostgreSQL in production (SQLite is the embedded development database)');
    if (!env.redis) problems.push('REDIS_URL must be set in production (job queue, sessions and cache shared by the servers)');
    if (!env.smtpUrl) problems.push('SMTP_URL must be set in production (the dev mailbox sends nothing)');
    if (env.shopApiSecret.length < 32)
        problems.push(
            'SHOP_API_SECRET must be set to a random value of at least 32 characters in production (the storefront worker sends it; without it the Shop API answers anyone)',
        );
    return problems;
}

/** The development key of the order links in the shop's e-mails; refused in production. */
export const DEV_ORDER_LINK_SECRET = 'dev-only-order-link-secret-not-for-production';
/** The development stacks' CATALOGUE_HOOK_SECRET (the worker's .dev.vars default has the same). */
export const DEV_CATALOGUE_HOOK_SECRET = 'dev-only-catalogue-hook-secret-not-for-production';

/** Obviously fake development values; refused in production (readEnv). The P24 stand-in accepts them. */
export const DEV_P24 = {
    merchantId: 100001,
    posId: 100001,
    apiKey: 'dev-only-p24-api-key-not-for-production',
    crc: 'dev-only-p24-crc-not-for-production',
};
export const DEV_BANK = {
    // a well-formed Polish IBAN (valid check digits) of no real account
    accountNumber: 'PL75 1010 0000 0000 0000 0000 1234',
    recipient: 'Psiaki sp. z o.o.',
    bankName: 'Bank Deweloperski S.A.',
};

/** P24_MERCHANT_ID, P24_POS_ID (default: the merchant id), P24_API_KEY, P24_CRC; the stand-in reads them too. */
export function p24Credentials(required: (name: string, devDefault: string) => string = (n, d) => process.env[n]?.trim() || d) {
    const merchantId = Number(required('P24_MERCHANT_ID', String(DEV_P24.merchantId)));
    const posId = Number(process.env.P24_POS_ID?.trim() || merchantId);
    if (!Number.isSafeInteger(merchantId) || merchantId <= 0) throw new Error('P24_MERCHANT_ID must be a positive integer');
    if (!Number.isSafeInteger(posId) || posId <= 0) throw new Error('P24_POS_ID must be a positive integer');
    return { merchantId, posId, apiKey: required('P24_API_KEY', DEV_P24.apiKey), crc: required('P24_CRC', DEV_P24.crc) };
}

/**
 * `forSchemaOnly`: the configuration is only introspected, never started (the Dashboard build, which
 * runs with NODE_ENV=production): development defaults, no production checks.
 */
export function readEnv(options: { forSchemaOnly?: boolean } = {}): BackendEnv {
    const dbPath = path.resolve(process.env.BACKEND_DB || path.join(DATA_DIR, 'dev.sqlite'));
    const production = process.env.NODE_ENV === 'production' && !options.forSchemaOnly;
    const required = (name: string, devDefault: string): string => {
        const value = process.env[name]?.trim();
        if (value) return value;
        if (production) throw new ConfigError(`${name} must be set in production`);
        return devDefault;
    };
    const defaultAssets = dbPath === path.join(DATA_DIR, 'dev.sqlite') ? path.join(DATA_DIR, 'assets') : `${dbPath}.assets`;
    const env: BackendEnv = {
        host: process.env.BACKEND_HOST || '127.0.0.1',
        port: int('BACKEND_PORT', 3000),
        blogPort: int('BLOG_PORT', 3001),
        blogDelayMs: int('BLOG_DELAY_MS', 0),
        dbPath,
        assetsDir: path.resolve(process.env.BACKEND_ASSETS_DIR || defaultAssets),
        fresh: flag('BACKEND_FRESH'),
        requireVerification: flag('BACKEND_REQUIRE_VERIFICATION'),
        superadminIdentifier: process.env.BACKEND_SUPERADMIN_USER || DEV_SUPERADMIN.identifier,
        superadminPassword: process.env.BACKEND_SUPERADMIN_PASSWORD || DEV_SUPERADMIN.password,
        playground: flag('BACKEND_PLAYGROUND'),
        logLevel: process.env.BACKEND_LOG_LEVEL || 'warn',
        mailDir: path.resolve(process.env.BACKEND_MAIL_DIR || `${dbPath}.mail`),
        production,
        // bounded: the operator's environment, read once at start (not shoppers' input)
        storefrontUrl: required('STOREFRONT_URL', 'http://127.0.0.1:8787').replace(/\/+$/, ''),
        paymentGatewayUrl: required('PAYMENT_GATEWAY_URL', '').replace(/\/+$/, ''),
        p24: p24Credentials(required),
        paymentNotifyUrl: (process.env.PAYMENT_NOTIFY_URL ?? '').trim(),
        p24Reconcile: { everySeconds: int('P24_RECONCILE_SECONDS', 300), minAgeSeconds: int('P24_RECONCILE_MIN_AGE_SECONDS', 120) },
        bankAccountNumber: required('BANK_ACCOUNT_NUMBER', DEV_BANK.accountNumber),
        bankRecipient: required('BANK_RECIPIENT', DEV_BANK.recipient),
        bankName: required('BANK_NAME', DEV_BANK.bankName),
        reviewsAutoApproveVerified: flag('REVIEWS_AUTO_APPROVE_VERIFIED'),
        database: process.env.DATABASE_URL?.trim() ? parseDatabaseUrl(process.env.DATABASE_URL.trim()) : undefined,
        redis: process.env.REDIS_URL?.trim() ? parseRedisUrl(process.env.REDIS_URL.trim()) : undefined,
        smtpUrl: smtpUrl(),
        mailFrom: process.env.MAIL_FROM?.trim() || 'Psiaki <sklep@psiaki.example>',
        shopNotifyEmail: process.env.SHOP_NOTIFY_EMAIL?.trim() || 'sklep@psiaki.example',
        s3: readS3(),
        dashboardDevPort: int('DASHBOARD_DEV_PORT', 0),
        orderLinkSecret: process.env.ORDER_LINK_SECRET?.trim() || (production ? '' : DEV_ORDER_LINK_SECRET),
        staffPassword: process.env.BACKEND_STAFF_PASSWORD || (production ? '' : DEMO_STAFF.password),
        shopApiTimeLimitMs: int('SHOP_API_TIME_LIMIT_MS', 5000),
        adminApiTimeLimitMs: int('ADMIN_API_TIME_LIMIT_MS', 30_000),
        dbStatementTimeoutMs: int('DB_STATEMENT_TIMEOUT_MS', 15_000),
        dbIdleInTransactionTimeoutMs: int('DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', 60_000),
        shopApiSecret: process.env.SHOP_API_SECRET?.trim() ?? '',
        catalogueHookSecret: process.env.CATALOGUE_HOOK_SECRET?.trim() || (production ? '' : DEV_CATALOGUE_HOOK_SECRET),
        loginFailures: { limit: int('LOGIN_FAILURE_LIMIT', 20) || 20, windowSeconds: int('LOGIN_FAILURE_WINDOW_SECONDS', 900) || 900 },
        sqlStatementCount: flag('SQL_STATEMENT_COUNT'),
        inpost: undefined,
        ksef: undefined,
        invoiceSeller: undefined,
    };
    env.inpost = readInpost(production);
    env.invoiceSeller = readInvoiceSeller(production);
    env.ksef = readKsef(production);
    if (env.ksef && env.invoiceSeller && env.ksef.nip !== env.invoiceSeller.nip)
        throw new ConfigError(
            `KSEF_NIP (${env.ksef.nip}) must be the invoices' seller, INVOICE_SELLER_NIP (${env.invoiceSeller.nip}): KSeF refuses another firm's invoices`,
        );
    if (production) {
        const problems = productionProblems(env);
        if (problems.length) throw new ConfigError(`production configuration refused: ${problems.join('; ')}`);
    }
    return env;
}

function smtpUrl(): string {
    const raw = process.env.SMTP_URL?.trim() ?? '';
    // bounded: the operator's environment, read once at start (not shoppers' input)
    if (raw && !/^smtps?:\/\/[^/]+:\d+\/?$/.test(raw.replace(/\/\/[^@/]*@/, '//')))
        throw new ConfigError(
            // bounded: the operator's environment, as above
            `SMTP_URL must look like smtp://host:port or smtp://user:password@host:port, got "${raw.replace(/:[^:@/]*@/, ':***@')}"`,
        );
    return raw;
}
