/**
 * Local SMTP sink of the production profile: accepts the shop's mail over SMTP (smtp-server) on
 * 127.0.0.1, keeps it in memory and serves it over HTTP for tests and developers:
 *   GET /mailbox?email=x@y.z   the messages to that address, newest first, in the dev mailbox's
 *                              shape ({ type, to, token, link, sentAt, orderCode?, subject })
 *   GET /mailbox               every message (addresses and subjects)
 * The type, token and link are read from the link in the message body, as a shopper would follow it.
 */
import * as http from 'http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SunkMail {
    type:
        | 'verify'
        | 'password-reset'
        | 'email-change'
        | 'order-confirmation'
        | 'newsletter-confirm'
        | 'withdrawal'
        | 'payment-refunded'
        | 'order-shipped'
        | 'order-status-link'
        | 'invoice'
        | 'other';
    to: string;
    subject: string;
    token: string;
    link: string;
    orderCode?: string;
    /** order-shipped: the carrier's tracking page */
    trackingUrl?: string;
    sentAt: string;
    /** the message's plain text (what the buyer reads) */
    text?: string;
}

export interface MailSink {
    smtpPort: number;
    httpPort: number;
    close(): Promise<void>;
}

const ENTITIES: Record<string, string> = {
    '&amp;': '&',
    '&#x3D;': '=',
    '&#61;': '=',
    '&quot;': '"',
    '&#x27;': "'",
    '&lt;': '<',
    '&gt;': '>',
};

/** Carriers' public tracking pages (plugins/fulfilment): a message linking one first is a shipping notice. */
const TRACKING_HOSTS = new Set(['inpost.pl', 'tracktrace.dpd.com.pl']);

/** Where the shop's e-mails show one order (decision 102; the thank-you page in messages sent before it). */
const ORDER_PAGES = new Set(['/status-zamowienia', '/my-account/orders', '/checkout/thank-you']);

/** The shop link in a message (its first href to a known page) and what it says. */
export function readShopLink(html: string): Pick<SunkMail, 'type' | 'token' | 'link' | 'orderCode' | 'trackingUrl'> {
    const decoded = html.replace(/&(amp|#x3D|#61|quot|#x27|lt|gt);/g, m => ENTITIES[m]);
    let trackingUrl = '';
    for (const m of decoded.matchAll(/href="([^"]+)"/g)) {
        let url: URL;
        try {
            url = new URL(m[1]);
        } catch {
            continue;
        }
        if (TRACKING_HOSTS.has(url.hostname)) {
            trackingUrl ||= url.href;
            continue;
        }
        const token = url.searchParams.get('token') ?? '';
        const link = url.pathname + url.search + url.hash;
        // a page of one order (a guest's status page, the account's order history): the shipping
        // notice when a carrier's tracking page was linked before it, else the order confirmation
        if (ORDER_PAGES.has(url.pathname))
            return {
                type: trackingUrl ? 'order-shipped' : 'order-confirmation',
                token: '',
                link,
                ...(trackingUrl ? { trackingUrl } : {}),
                orderCode: url.searchParams.get('order') ?? decodeURIComponent(url.hash.replace(/^#order-/, '')),
            };
        // an invoice's PDF (decision 121): the invoice e-mail links it first
        if (/^\/faktury\/[^/]+\.pdf$/.test(url.pathname)) return { type: 'invoice', token: '', link };
        if (url.pathname === '/verify') return { type: url.searchParams.get('change') ? 'email-change' : 'verify', token, link };
        if (url.pathname === '/password-reset') return { type: 'password-reset', token, link };
        if (url.pathname === '/newsletter/potwierdz') return { type: 'newsletter-confirm', token, link };
        if (url.pathname === '/odstapienie-od-umowy')
            return { type: 'withdrawal', token: '', link, orderCode: url.searchParams.get('order') ?? '' };
        if (url.pathname === '/payment-cancel')
            return { type: 'payment-refunded', token: '', link, orderCode: url.searchParams.get('order') ?? '' };
    }
    return { type: 'other', token: '', link: '' };
}

/** The text of an HTML message without its markup, styles and head, whitespace collapsed. */
export function visibleText(html: string): string {
    return html
        .replace(/<(style|head)[\s\S]*?<\/\1>/gi, ' ')
        .replace(/<[^>]+>/g, ' ')
        .replace(/&(amp|#x3D|#61|quot|#x27|lt|gt);/g, m => ENTITIES[m] ?? m)
        .replace(/&nbsp;/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
}

function listen(server: http.Server | SMTPServer, host: string, port: number): Promise<number> {
    return new Promise((resolve, reject) => {
        const s = server as unknown as {
            listen(p: number, h: string, cb: () => void): void;
            server?: http.Server;
            once: http.Server['once'];
        };
        const net = 'server' in server && server.server ? server.server : (server as http.Server);
        net.once('error', reject);
        s.listen(port, host, () => {
            const address = net.address();
            resolve(typeof address === 'object' && address ? address.port : port);
        });
    });
}

export async function startMailSink(options: { host: string; smtpPort: number; httpPort: number }): Promise<MailSink> {
    const mails: SunkMail[] = [];
    const smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        size: 5 * 1024 * 1024,
        onData(stream, session, callback) {
            simpleParser(stream)
                .then(parsed => {
                    const html = typeof parsed.html === 'string' ? parsed.html : (parsed.textAsHtml ?? '');
                    const shop = readShopLink(html);
                    // a fresh link to an order's page (decision 104) links the page like the confirmation: its subject tells them apart
                    if (shop.type === 'order-confirmation' && (parsed.subject ?? '').startsWith('Nowy link do zamówienia'))
                        shop.type = 'order-status-link';
                    for (const rcpt of session.envelope.rcptTo) {
                        mails.push({
                            ...shop,
                            to: rcpt.address.toLowerCase(),
                            subject: parsed.subject ?? '',
                            sentAt: new Date().toISOString(),
                            // what the buyer reads of an invoice e-mail (decision 121): its number, order and total
                            ...(shop.type === 'invoice' ? { text: visibleText(html) } : {}),
                        });
                    }
                    callback();
                })
                .catch(err => callback(err));
        },
    });
    const web = http.createServer((req, res) => {
        const url = new URL(req.url ?? '/', 'http://sink');
        if (req.method !== 'GET' || url.pathname !== '/mailbox') {
            res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
            return;
        }
        const email = url.searchParams.get('email')?.toLowerCase();
        const list = (email ? mails.filter(m => m.to === email) : mails).slice().reverse();
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(list));
    });
    const smtpPort = await listen(smtp, options.host, options.smtpPort);
    const httpPort = await listen(web, options.host, options.httpPort);
    return {
        smtpPort,
        httpPort,
        close: () =>
            new Promise<void>(resolve => {
                web.close();
                smtp.close(() => resolve());
            }),
    };
}
