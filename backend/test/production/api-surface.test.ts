/**
 * The API surface of the production profile (decision 105): the Shop API through the balancer
 * answers only the storefront worker's secret; the balancer limits the Admin API and Dashboard per
 * client address (HAProxy stick tables). The tests' own calls come from 127.0.0.1, which the test
 * stack trusts (--trusted-address); these tests call from other loopback addresses, each its own.
 */
import * as http from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { backendUrl, shopApiSecret } from '../helpers';

interface Answer {
    status: number;
    headers: http.IncomingHttpHeaders;
    body: string;
}

/** One request to the balancer from the given loopback source address. */
function request(from: string, method: 'GET' | 'POST', path: string, body?: string, headers: Record<string, string> = {}): Promise<Answer> {
    const url = new URL(path, backendUrl());
    return new Promise((resolve, reject) => {
        const req = http.request(
            {
                host: url.hostname,
                port: url.port,
                path: url.pathname,
                method,
                localAddress: from,
                agent: false,
                headers: { ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}), ...headers },
            },
            res => {
                let text = '';
                res.setEncoding('utf8');
                res.on('data', d => (text += d));
                res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
            },
        );
        req.on('error', reject);
        req.end(body);
    });
}

const errorOf = (a: Answer) => (JSON.parse(a.body) as { errors: Array<{ message: string; extensions: { code: string } }> }).errors[0]!;
const CHANNEL = '{"query":"{ activeChannel { code } }"}';

describe('the Shop API accepts only the storefront worker', () => {
    it('without the secret: 403 with the reason, before any resolver; a wrong one too', async () => {
        expect(inject('shopApiSecret').length).toBeGreaterThanOrEqual(32);
        const wrong: Array<Record<string, string>> = [
            {},
            { 'x-shop-api-secret': 'x'.repeat(43) },
            { 'x-shop-api-secret': shopApiSecret().slice(0, -1) },
        ];
        for (const headers of wrong) {
            const res = await request('127.0.0.1', 'POST', '/shop-api', CHANNEL, headers);
            expect(res.status).toBe(403);
            expect(res.headers['content-type']).toMatch(/^application\/json/);
            expect(errorOf(res).extensions.code).toBe('SHOP_API_CLIENT_REFUSED');
            expect(errorOf(res).message).toContain('X-Shop-Api-Secret');
        }
        // a login tried directly is refused the same way (no password is ever checked)
        const login = await request(
            '127.0.0.1',
            'POST',
            '/shop-api',
            JSON.stringify({ query: 'mutation { login(username: "demo@psiaki.test", password: "x") { __typename } }' }),
        );
        expect(login.status).toBe(403);
        // the playground's GET too
        expect((await request('127.0.0.1', 'GET', '/shop-api')).status).toBe(403);
    });

    it('with the secret: 200 and the answer', async () => {
        const res = await request('127.0.0.1', 'POST', '/shop-api', CHANNEL, { 'x-shop-api-secret': shopApiSecret() });
        expect(res.status).toBe(200);
        expect(JSON.parse(res.body)).toEqual({ data: { activeChannel: { code: '__default_channel__' } } });
    });
});

describe('the balancer limits the Admin API and the Dashboard per address', () => {
    const LOGIN = (u: string) => JSON.stringify({ query: `mutation { login(username: "${u}", password: "zle-haslo") { __typename } }` });

    it('the 11th Admin API login in a minute from one address is a 429 with the reason; its other calls and other addresses pass', async () => {
        const from = '127.0.0.2';
        const statuses: number[] = [];
        // ten different accounts: the backend's own per-account count never blocks any of them
        for (let i = 0; i < 10; i++) statuses.push((await request(from, 'POST', '/admin-api', LOGIN(`nikt-${i}@psiaki.test`))).status);
        expect(statuses).toEqual(Array(10).fill(200));
        // written another way (an alias, spaces before the parenthesis): still a login
        const refused = await request(
            from,
            'POST',
            '/admin-api',
            JSON.stringify({ query: 'mutation { a: login  (username: "x", password: "y") { __typename } }' }),
        );
        expect(refused.status).toBe(429);
        expect(refused.headers['retry-after']).toBe('60');
        expect(errorOf(refused).extensions.code).toBe('TOO_MANY_REQUESTS');
        expect(errorOf(refused).message).toBe(
            'Zbyt wiele prób logowania z tego adresu (limit 10 na minutę). Odczekaj 60 s i spróbuj ponownie.',
        );
        // the Admin API's other calls from that address go on; another address still logs in
        expect((await request(from, 'POST', '/admin-api', '{"query":"{ __typename }"}')).status).toBe(200);
        expect((await request('127.0.0.3', 'POST', '/admin-api', LOGIN('nikt-0@psiaki.test'))).status).toBe(200);
    });

    it('more than 300 requests in 10 s from one address to /admin-api and /dashboard: 429; the Shop API is not counted', async () => {
        const from = '127.0.0.4';
        const started = Date.now();
        const statuses: number[] = [];
        // 300 in parallel batches of 30, well within the 10 s
        for (let batch = 0; batch < 10; batch++)
            statuses.push(
                ...(await Promise.all(
                    Array.from({ length: 30 }, (_, i) =>
                        (i % 2
                            ? request(from, 'GET', '/dashboard/')
                            : request(from, 'POST', '/admin-api', '{"query":"{ __typename }"}')
                        ).then(a => a.status),
                    ),
                )),
            );
        expect(Date.now() - started).toBeLessThan(9_000);
        expect(statuses.filter(s => s !== 200)).toEqual([]);
        const over = await request(from, 'GET', '/dashboard/');
        expect(over.status).toBe(429);
        expect(over.headers['retry-after']).toBe('10');
        expect(errorOf(over).message).toBe(
            'Zbyt wiele żądań do panelu z tego adresu (limit 300 na 10 s). Odczekaj 10 s i spróbuj ponownie.',
        );
        expect((await request(from, 'POST', '/admin-api', '{"query":"{ __typename }"}')).status).toBe(429);
        // the Shop API (the worker's calls) is not limited here
        expect((await request(from, 'POST', '/shop-api', CHANNEL, { 'x-shop-api-secret': shopApiSecret() })).status).toBe(200);
    }, 30_000);
});
