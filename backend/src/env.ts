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
    /** REVIEWS_AUTO_APPROVE_VERIFIED=1: reviews of verified purchases skip moderation */
    reviewsAutoApproveVerified: boolean;
}

export function readEnv(): BackendEnv {
    const dbPath = path.resolve(process.env.BACKEND_DB || path.join(DATA_DIR, 'dev.sqlite'));
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
        reviewsAutoApproveVerified: flag('REVIEWS_AUTO_APPROVE_VERIFIED'),
    };
}
