import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { SHOP_API_FORBIDDEN_CODE, SHOP_API_SECRET_HEADER } from './constants';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** What a refused caller reads: a GraphQL-shaped error saying why, so a developer's tool shows it. */
export const SHOP_API_REFUSAL =
    'The Shop API answers only the storefront worker: this request lacks its X-Shop-Api-Secret header or carries a wrong one (decision 105).';

/**
 * The Shop API accepts only the storefront worker (decision 105): every request must carry
 * `X-Shop-Api-Secret` with SHOP_API_SECRET. Compared in constant time (both sides hashed to one
 * length first, so neither the length nor a common prefix shows in the timing). A missing or wrong
 * header is a 403 with a JSON GraphQL error, before the body is even parsed.
 */
export function shopApiSecretGuard(secret: string) {
    const expected = digest(secret);
    return function shopApiSecretGuard(req: Request, res: Response, next: NextFunction): void {
        const given = req.headers[SHOP_API_SECRET_HEADER];
        if (typeof given === 'string' && given.length > 0 && timingSafeEqual(digest(given), expected)) return next();
        res.status(403)
            .set('Cache-Control', 'no-store')
            .json({ data: null, errors: [{ message: SHOP_API_REFUSAL, extensions: { code: SHOP_API_FORBIDDEN_CODE } }] });
    };
}

/**
 * No page of the API servers may be framed (clickjacking of the Dashboard's buttons): CSP
 * `frame-ancestors 'none'` and, for browsers that predate it, `X-Frame-Options: DENY`, on every
 * response (Dashboard, Admin API, Shop API, assets).
 */
export function frameGuard(_req: Request, res: Response, next: NextFunction): void {
    res.setHeader('Content-Security-Policy', "frame-ancestors 'none'");
    res.setHeader('X-Frame-Options', 'DENY');
    next();
}
