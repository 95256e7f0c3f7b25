/**
 * The stand-ins as their own process (production profile): blog, payment gateway, InPost
 * points and Turnstile (server.ts), and the SMTP sink with its mailbox (mail-sink.ts).
 *   node backend/dist/stand-ins/standalone.js
 *   env BLOG_PORT, SMTP_PORT, MAILBOX_PORT (0 = free), P24_MERCHANT_ID, P24_POS_ID, P24_API_KEY, P24_CRC (the credentials the P24 stand-in accepts), BACKEND_HOST,
 *   INPOST_ORGANIZATION_ID, INPOST_API_TOKEN (what the ShipX stand-in accepts), INPOST_WEBHOOK_URL (where its status webhooks go),
 *   KSEF_TOKEN, KSEF_NIP (what the KSeF stand-in accepts; default the development ones)
 * Prints `BLOG READY url`, `SMTP READY smtp://host:port` and `MAILBOX READY url`.
 */
import { startMailSink } from './mail-sink';
import { startBlogServer } from './server';
import { inpostCredentials, ksefCredentials, p24Credentials } from '../src/env';

async function main() {
    const host = process.env.BACKEND_HOST || '127.0.0.1';
    const port = (name: string) => Number(process.env[name] || 0);
    const blog = await startBlogServer({
        host,
        port: port('BLOG_PORT'),
        p24: p24Credentials(),
        inpost: { ...inpostCredentials(), webhookUrl: process.env.INPOST_WEBHOOK_URL?.trim() || undefined },
        ksef: ksefCredentials(''),
    });
    const sink = await startMailSink({ host, smtpPort: port('SMTP_PORT'), httpPort: port('MAILBOX_PORT') });
    const stop = () => void Promise.all([blog.close(), sink.close()]).finally(() => process.exit(0));
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
    process.stdout.write(
        `BLOG READY http://${host}:${blog.port}\nSMTP READY smtp://${host}:${sink.smtpPort}\nMAILBOX READY http://${host}:${sink.httpPort}/mailbox\n`,
    );
}

main().catch(err => {
    process.stderr.write(`[stand-ins] start failed: ${err?.message ?? err}\n`);
    process.exit(1);
});
