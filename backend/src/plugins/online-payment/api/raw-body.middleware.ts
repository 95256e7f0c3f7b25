import type { NextFunction, Request, Response } from 'express';
import { MAX_NOTIFICATION_BYTES } from '../online-payment.constants';

/**
 * Keeps the exact bytes of the notification body (the signature covers them; a parsed and
 * re-serialised JSON would not match). Runs before Nest's JSON body parser, which then skips the
 * request (`_body`). Oversize bodies are refused here with 413.
 */
export function readRawNotificationBody(req: Request & { rawNotification?: Buffer; _body?: boolean }, res: Response, next: NextFunction) {
    if (req.method !== 'POST') return next();
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_NOTIFICATION_BYTES) return res.status(413).json({ ok: false, reason: 'body too large' });
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_NOTIFICATION_BYTES && !refused) {
            refused = true;
            res.status(413).json({ ok: false, reason: 'body too large' });
            req.destroy();
            return;
        }
        if (!refused) chunks.push(chunk);
    });
    req.on('end', () => {
        if (refused) return;
        req.rawNotification = Buffer.concat(chunks);
        req._body = true;
        next();
    });
    req.on('error', next);
}
