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
    /** payment gateway API base (`…/register`); empty = the gateway stand-in next to the blog */
    paymentGatewayUrl: string;
    /** shared secret of the gateway (HMAC-SHA256 of notifications and registrations) */
    paymentGatewaySecret: string;
    /** where the gateway POSTs its notifications; empty = `<storefrontUrl>/api/payments/notify` */
    paymentNotifyUrl: string;
    /** bank transfer details shown on the thank-you page */
    bankAccountNumber: string;
    bankRecipient: string;
    bankName: string;
}

/** Obviously fake development values; refused in production (readEnv). */
export const DEV_PAYMENT_GATEWAY_SECRET = 'dev-only-gateway-secret-not-for-production';
export const DEV_BANK = {
    // a well-formed Polish IBAN (valid check digits) of no real account
    accountNumber: 'PL75 1010 0000 0000 0000 0000 1234',
    recipient: 'Psiaki sp. z o.o.',
    bankName: 'Bank Deweloperski S.A.',
};

export function readEnv(): BackendEnv {
    const dbPath = path.resolve(process.env.BACKEND_DB || path.join(DATA_DIR, 'dev.sqlite'));
    const production = process.env.NODE_ENV === 'production';
    const required = (name: string, devDefault: string): string => {
        const value = process.env[name]?.trim();
        if (value) return value;
        if (production) throw new Error(`${name} must be set in production`);
        return devDefault;
    };
    const defaultAssets = dbPath === path.join(DATA_DIR, 'dev.sqlite') ? path.join(DATA_DIR, 'assets') : `${dbPath}.assets`;
    return {
        host: process.env.BACKEND_HOST || '127.0.0.1',
        port: int('BACKEND_PORT', 3000),
        blogPort: int('BLOG_PORT', 3001),
        blogDelayMs: int('BLOG_DELAY_MS', 0),
        dbPath,
        assetsDir: path.resolve(process.env.BACKEND_ASSETS_DIR || defaultAssets),
        fresh: flag('BACKEND_FRESH'),
        requireVerification: flag('BACKEND_REQUIRE_VERIFICATION'),
        superadminIdentifier: process.env.BACKEND_SUPERADMIN_USER || 'superadmin',
        superadminPassword: process.env.BACKEND_SUPERADMIN_PASSWORD || 'superadmin',
        playground: flag('BACKEND_PLAYGROUND'),
        logLevel: process.env.BACKEND_LOG_LEVEL || 'warn',
        mailDir: path.resolve(process.env.BACKEND_MAIL_DIR || `${dbPath}.mail`),
        production,
        storefrontUrl: required('STOREFRONT_URL', 'http://127.0.0.1:8787').replace(/\/+$/, ''),
        paymentGatewayUrl: required('PAYMENT_GATEWAY_URL', '').replace(/\/+$/, ''),
        paymentGatewaySecret: required('PAYMENT_GATEWAY_SECRET', DEV_PAYMENT_GATEWAY_SECRET),
        paymentNotifyUrl: (process.env.PAYMENT_NOTIFY_URL ?? '').trim(),
        bankAccountNumber: required('BANK_ACCOUNT_NUMBER', DEV_BANK.accountNumber),
        bankRecipient: required('BANK_RECIPIENT', DEV_BANK.recipient),
        bankName: required('BANK_NAME', DEV_BANK.bankName),
    };
}
