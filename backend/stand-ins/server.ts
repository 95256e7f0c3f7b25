/**
 * Blog stand-in for the WordPress REST API (spec: blog posts from a separate blog service).
 *
 * GET /wp-json/wp/v2/posts?per_page=N&page=P&categories=ID[,ID]&search=&_embed
 *     WordPress REST shape: id, date, date_gmt, modified, slug, link, title.rendered,
 *     excerpt.rendered, content.rendered, categories, featured_media, and with `_embed`
 *     `_embedded['wp:featuredmedia'][0].source_url` and `_embedded['wp:term']`.
 *     Headers X-WP-Total and X-WP-TotalPages. Unknown page → 400 rest_post_invalid_page_number.
 * GET /wp-json/wp/v2/categories
 * GET /wp-content/uploads/psiaki/{slug}.jpg   the featured images (drawn with sharp, cached)
 * GET /{section}/{slug}/                      a minimal HTML article page (the post's `link`)
 *
 * BLOG_DELAY_MS delays every response (to test a slow blog).
 *
 * The same server also hosts the stand-ins of the other outside services (never delayed):
 * Przelewy24 under /gateway/ (gateway.ts), InPost's points and ShipX APIs under /inpost/ (inpost.ts, inpost-shipx.ts) and
 * Cloudflare Turnstile's siteverify and widget script under /turnstile/ (turnstile.ts) and KSeF API 2.0
 * under /ksef/v2/ (ksef.ts).
 */
import * as fs from 'fs';
import * as http from 'http';
import * as path from 'path';
import sharp from 'sharp';
import { gatewayStandIn } from './gateway';
import { inpostStandIn } from './inpost';
import { ksefStandIn } from './ksef';
import { turnstileStandIn } from './turnstile';
import { inpostCredentials, ksefCredentials, p24Credentials } from '../src/env';
import type { P24Credentials } from '../src/plugins/online-payment/p24';

interface FixturePost {
    id: number;
    slug: string;
    section: string;
    date: string;
    title: string;
    excerpt: string;
    content: string;
    color: string;
}
interface Fixtures {
    categories: Array<{ id: number; slug: string; name: string }>;
    posts: FixturePost[];
}

function fixturesPath(): string {
    // stand-ins/fixtures.json next to the sources (also when running from dist/stand-ins)
    const candidates = [path.join(__dirname, 'fixtures.json'), path.join(__dirname, '..', '..', 'stand-ins', 'fixtures.json')];
    const found = candidates.find(p => fs.existsSync(p));
    if (!found) throw new Error('stand-ins/fixtures.json not found');
    return found;
}

function escapeXml(s: string): string {
    return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function featuredSvg(post: FixturePost): string {
    const words = post.title.split(' ');
    const lines: string[] = [''];
    for (const w of words) {
        if ((lines[lines.length - 1] + ' ' + w).length > 28) lines.push(w);
        else lines[lines.length - 1] = (lines[lines.length - 1] + ' ' + w).trim();
    }
    const paws = Array.from({ length: 10 }, (_, i) => {
        const x = 80 + (i % 5) * 260;
        const y = 120 + Math.floor(i / 5) * 420;
        return `<g transform="translate(${x} ${y}) scale(0.6)" fill="#ffffff" opacity="0.12"><ellipse cx="0" cy="30" rx="60" ry="50"/><ellipse cx="-70" cy="-40" rx="24" ry="32"/><ellipse cx="-25" cy="-75" rx="24" ry="32"/><ellipse cx="25" cy="-75" rx="24" ry="32"/><ellipse cx="70" cy="-40" rx="24" ry="32"/></g>`;
    }).join('');
    const text = lines
        .slice(0, 3)
        .map(
            (l, i) =>
                `<text x="80" y="${330 + i * 76}" font-family="DejaVu Sans, sans-serif" font-size="62" font-weight="bold" fill="#fff">${escapeXml(l)}</text>`,
        )
        .join('');
    return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675"><rect width="1200" height="675" fill="${post.color}"/>${paws}<text x="80" y="200" font-family="DejaVu Sans, sans-serif" font-size="34" fill="#fff" opacity="0.85">BLOG PSIAKI · ${escapeXml(post.section.toUpperCase())}</text>${text}</svg>`;
}

export interface BlogServer {
    port: number;
    close(): Promise<void>;
}

export function startBlogServer(options: {
    host: string;
    port: number;
    delayMs?: number;
    p24?: P24Credentials;
    /** ShipX's organisation and token (default: INPOST_* or the development ones) and where its status webhooks go */
    inpost?: { organizationId: number; token: string; webhookUrl?: string };
    /** the KSeF token and seller NIP the KSeF stand-in accepts (default: KSEF_TOKEN/KSEF_NIP or the development ones) */
    ksef?: { token: string; nip: string };
}): Promise<BlogServer> {
    const fixtures: Fixtures = JSON.parse(fs.readFileSync(fixturesPath(), 'utf8'));
    const posts = [...fixtures.posts].sort((a, b) => b.date.localeCompare(a.date));
    const images = new Map<string, Buffer>();
    let origin = '';

    const categoryOf = (post: FixturePost) => fixtures.categories.find(c => c.slug === post.section)!;
    const imageUrl = (post: FixturePost) => `${origin}/wp-content/uploads/psiaki/${post.slug}.jpg`;
    const toWp = (post: FixturePost, embed: boolean) => {
        const category = categoryOf(post);
        const body: Record<string, unknown> = {
            id: post.id,
            date: post.date,
            date_gmt: post.date,
            modified: post.date,
            modified_gmt: post.date,
            slug: post.slug,
            status: 'publish',
            type: 'post',
            link: `${origin}/${post.section}/${post.slug}/`,
            title: { rendered: post.title },
            content: { rendered: post.content, protected: false },
            excerpt: { rendered: post.excerpt, protected: false },
            author: 1,
            featured_media: post.id + 1000,
            categories: [category.id],
            tags: [],
        };
        if (embed) {
            body._embedded = {
                author: [{ id: 1, name: 'Redakcja Psiaki', slug: 'redakcja' }],
                'wp:featuredmedia': [
                    {
                        id: post.id + 1000,
                        media_type: 'image',
                        mime_type: 'image/jpeg',
                        alt_text: post.title,
                        source_url: imageUrl(post),
                        media_details: { width: 1200, height: 675 },
                    },
                ],
                'wp:term': [[{ id: category.id, name: category.name, slug: category.slug, taxonomy: 'category' }], []],
            };
        }
        return body;
    };

    const send = (res: http.ServerResponse, status: number, body: string | Buffer, type: string, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body).toString(), ...headers });
        res.end(body);
    };
    const json = (res: http.ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) =>
        send(res, status, JSON.stringify(value), 'application/json; charset=UTF-8', headers);

    const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
        const url = new URL(req.url ?? '/', origin);
        if (req.method !== 'GET' && req.method !== 'HEAD') return json(res, 405, { code: 'rest_no_route', message: 'Method not allowed' });
        const p = url.pathname.replace(/\/+$/, '') || '/';
        if (p === '/wp-json/wp/v2/posts') {
            const perPage = Math.min(100, Math.max(1, parseInt(url.searchParams.get('per_page') ?? '10', 10) || 10));
            const page = Math.max(1, parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
            const categories = (url.searchParams.get('categories') ?? '')
                .split(',')
                .map(s => parseInt(s, 10))
                .filter(n => Number.isInteger(n));
            const search = (url.searchParams.get('search') ?? '').toLowerCase();
            const embed = url.searchParams.has('_embed');
            let list = posts;
            if (categories.length) list = list.filter(post => categories.includes(categoryOf(post).id));
            if (search) list = list.filter(post => (post.title + post.content).toLowerCase().includes(search));
            const total = list.length;
            const totalPages = Math.max(1, Math.ceil(total / perPage));
            if (page > totalPages && total > 0) {
                return json(res, 400, {
                    code: 'rest_post_invalid_page_number',
                    message: 'Żądany numer strony jest większy niż liczba dostępnych stron.',
                    data: { status: 400 },
                });
            }
            const items = list.slice((page - 1) * perPage, page * perPage).map(post => toWp(post, embed));
            return json(res, 200, items, { 'x-wp-total': String(total), 'x-wp-totalpages': String(totalPages) });
        }
        const single = p.match(/^\/wp-json\/wp\/v2\/posts\/(\d+)$/);
        if (single) {
            const post = posts.find(x => x.id === Number(single[1]));
            if (!post)
                return json(res, 404, {
                    code: 'rest_post_invalid_id',
                    message: 'Nieprawidłowy identyfikator wpisu.',
                    data: { status: 404 },
                });
            return json(res, 200, toWp(post, url.searchParams.has('_embed')));
        }
        if (p === '/wp-json/wp/v2/categories') {
            return json(
                res,
                200,
                fixtures.categories.map(c => ({
                    ...c,
                    count: posts.filter(x => x.section === c.slug).length,
                    link: `${origin}/${c.slug}/`,
                    taxonomy: 'category',
                })),
            );
        }
        const img = p.match(/^\/wp-content\/uploads\/psiaki\/([a-z0-9-]+)\.jpg$/);
        if (img) {
            const post = posts.find(x => x.slug === img[1]);
            if (!post) return send(res, 404, 'Not found', 'text/plain');
            let buf = images.get(post.slug);
            if (!buf) {
                buf = await sharp(Buffer.from(featuredSvg(post)))
                    .jpeg({ quality: 80 })
                    .toBuffer();
                images.set(post.slug, buf);
            }
            return send(res, 200, buf, 'image/jpeg', { 'cache-control': 'public, max-age=86400' });
        }
        const article = p.match(/^\/([a-z0-9-]+)\/([a-z0-9-]+)$/);
        if (article) {
            const post = posts.find(x => x.section === article[1] && x.slug === article[2]);
            if (post) {
                const html = `<!doctype html><html lang="pl"><meta charset="utf-8"><title>${escapeXml(post.title)} – Blog Psiaki</title><h1>${escapeXml(post.title)}</h1><img src="${imageUrl(post)}" alt="" width="600">${post.content}</html>`;
                return send(res, 200, html, 'text/html; charset=utf-8');
            }
        }
        if (p === '/' || p === '/blog') {
            const html = `<!doctype html><html lang="pl"><meta charset="utf-8"><title>Blog Psiaki</title><h1>Blog Psiaki</h1><ul>${posts.map(x => `<li><a href="/${x.section}/${x.slug}/">${escapeXml(x.title)}</a></li>`).join('')}</ul></html>`;
            return send(res, 200, html, 'text/html; charset=utf-8');
        }
        return json(res, 404, { code: 'rest_no_route', message: 'Nie znaleziono trasy pasującej do adresu URL.', data: { status: 404 } });
    };

    const gateway = gatewayStandIn(options.p24 ?? p24Credentials());
    const inpost = inpostStandIn(options.inpost ?? inpostCredentials());
    const turnstile = turnstileStandIn();
    const ksef = ksefStandIn(options.ksef ?? ksefCredentials(''));
    const server = http.createServer((req, res) => {
        if (gateway(req, res, origin) || inpost(req, res, origin) || turnstile(req, res, origin) || ksef(req, res, origin)) return;
        const run = () =>
            handle(req, res).catch(err => {
                if (!res.headersSent) json(res, 500, { code: 'internal_error', message: String(err?.message ?? err) });
            });
        if (options.delayMs) setTimeout(run, options.delayMs);
        else run();
    });
    return new Promise((resolve, reject) => {
        server.on('error', reject);
        server.listen(options.port, options.host, () => {
            const address = server.address();
            const port = typeof address === 'object' && address ? address.port : options.port;
            origin = `http://${options.host}:${port}`;
            resolve({
                port,
                close: () =>
                    new Promise<void>(r => {
                        server.closeAllConnections?.();
                        server.close(() => r());
                    }),
            });
        });
    });
}

if (require.main === module) {
    const port = Number(process.env.BLOG_PORT ?? 3001);
    startBlogServer({ host: process.env.BACKEND_HOST || '127.0.0.1', port, delayMs: Number(process.env.BLOG_DELAY_MS ?? 0) }).then(s =>
        console.log(`BLOG READY http://${process.env.BACKEND_HOST || '127.0.0.1'}:${s.port}`),
    );
}
