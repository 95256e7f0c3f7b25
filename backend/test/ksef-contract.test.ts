/**
 * The KSeF stand-in and client against the Ministry's OpenAPI document (decision 117;
 * src/plugins/invoices/ksef/openapi/open-api.json, kept verbatim): every route the stand-in serves
 * exists there with that method; a whole client run (keys, token login with refresh, session,
 * invoice, status, UPO, duplicate, close, a 401 and a 400) against a stand-in of its own, where each
 * request the client made and each answer the stand-in gave is checked: path and method known,
 * status documented, and the JSON bodies have the document's required properties and types.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_KSEF } from '../src/env';
import { KsefClient, KsefRefused } from '../src/plugins/invoices/ksef/ksef-client';
import { KSEF_STAND_IN_ROUTES, ksefStandIn } from '../stand-ins/ksef';

type Schema = Record<string, unknown>;
const doc = JSON.parse(fs.readFileSync(path.join(__dirname, '../src/plugins/invoices/ksef/openapi/open-api.json'), 'utf8')) as {
    paths: Record<
        string,
        Record<
            string,
            {
                requestBody?: { content: Record<string, { schema: Schema }> };
                responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
            }
        >
    >;
    components: { schemas: Record<string, Schema> };
};

const resolve = (s: Schema): Schema => {
    let schema = s;
    while (typeof schema.$ref === 'string') schema = doc.components.schemas[(schema.$ref as string).split('/').pop()!]!;
    return schema;
};

/** What is wrong with `value` under `schema` (required properties, types, allOf, arrays); [] = fine. */
export function problems(schema0: Schema, value: unknown, at = '$'): string[] {
    const schema = resolve(schema0);
    if (value === null || value === undefined) return schema.nullable ? [] : value === null ? [`${at}: null`] : [];
    const out: string[] = [];
    for (const part of (schema.allOf as Schema[] | undefined) ?? []) out.push(...problems(part, value, at));
    const type = schema.type as string | undefined;
    const kind = Array.isArray(value) ? 'array' : typeof value;
    if (type === 'integer' && !Number.isInteger(value)) out.push(`${at}: not an integer`);
    else if (type === 'number' && kind !== 'number') out.push(`${at}: not a number`);
    else if (type === 'string' && kind !== 'string') out.push(`${at}: not a string`);
    else if (type === 'boolean' && kind !== 'boolean') out.push(`${at}: not a boolean`);
    else if (type === 'array') {
        if (kind !== 'array') out.push(`${at}: not an array`);
        else (value as unknown[]).forEach((v, i) => out.push(...problems(schema.items as Schema, v, `${at}[${i}]`)));
    }
    if (type === 'string' && kind === 'string') {
        const s = value as string;
        if (typeof schema.minLength === 'number' && s.length < schema.minLength) out.push(`${at}: shorter than ${schema.minLength}`);
        if (typeof schema.maxLength === 'number' && s.length > schema.maxLength) out.push(`${at}: longer than ${schema.maxLength}`);
        if (Array.isArray(schema.enum) && !schema.enum.includes(s)) out.push(`${at}: "${s}" not in ${schema.enum.join('|')}`);
        if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern).test(s)) out.push(`${at}: does not match ${schema.pattern}`);
    }
    if (type === 'object' || schema.properties || schema.required) {
        if (kind !== 'object') return [...out, `${at}: not an object`];
        const obj = value as Record<string, unknown>;
        for (const r of (schema.required as string[] | undefined) ?? []) if (!(r in obj)) out.push(`${at}: missing ${r}`);
        const props = (schema.properties as Record<string, Schema> | undefined) ?? {};
        for (const [k, v] of Object.entries(obj)) if (props[k]) out.push(...problems(props[k], v, `${at}.${k}`));
    }
    return out;
}

/** The document's path template matching a concrete path (the one with the fewest parameters). */
function templateOf(method: string, concrete: string): string | undefined {
    const matches = Object.keys(doc.paths).filter(
        t => doc.paths[t]![method.toLowerCase()] && new RegExp(`^${t.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(concrete),
    );
    return matches.sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))[0];
}

interface Exchange {
    method: string;
    path: string;
    requestBody?: string;
    status: number;
    contentType: string;
    body: string;
}

const exchanges: Exchange[] = [];
let server: http.Server;
let base = '';
const realFetch = globalThis.fetch;
const xml = fs.readFileSync(path.join(__dirname, 'fixtures/ksef-fa3-invoice.xml'), 'utf8');

beforeAll(async () => {
    const handle = ksefStandIn({ token: DEV_KSEF.token, nip: DEV_KSEF.nip });
    let origin = '';
    server = http.createServer((req, res) => {
        if (!handle(req, res, origin)) res.writeHead(404).end();
    });
    await new Promise<void>(r => server.listen(0, '127.0.0.1', () => r()));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    base = `${origin}/ksef/v2`;
    globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
        const res = await realFetch(input, init);
        const url = new URL(String(input));
        if (url.pathname.startsWith('/ksef/v2/'))
            exchanges.push({
                method: init?.method ?? 'GET',
                path: url.pathname.slice('/ksef/v2'.length),
                requestBody: typeof init?.body === 'string' ? init.body : undefined,
                status: res.status,
                contentType: res.headers.get('content-type') ?? '',
                body: await res.clone().text(),
            });
        return res;
    }) as typeof fetch;
});

afterAll(async () => {
    globalThis.fetch = realFetch;
    server.closeAllConnections();
    await new Promise(r => server.close(r));
});

describe('the stand-in and the client against the OpenAPI document', () => {
    it('every route the stand-in serves is in the document with that method', () => {
        for (const [method, route] of KSEF_STAND_IN_ROUTES)
            expect(doc.paths[route]?.[method.toLowerCase()], `${method} ${route}`).toBeDefined();
        // and the checker itself can fail
        expect(doc.paths['/sessions/online/{referenceNumber}/invoices']?.get).toBeUndefined();
        expect(problems({ $ref: '#/components/schemas/AuthenticationChallengeResponse' }, { challenge: 'x' })).toContain(
            '$: missing timestamp',
        );
        expect(problems({ $ref: '#/components/schemas/KsefNumber' }, '0111111111-20261120-ABCDEF123456-00')[0]).toMatch(/does not match/);
    });

    it('a whole run: requests and answers match the document', { timeout: 30_000 }, async () => {
        // short-lived access tokens: the client refreshes them
        await realFetch(`${base.replace('/v2', '')}/test/token-ttl`, { method: 'POST', body: JSON.stringify({ seconds: 1 }) });
        const client = new KsefClient({ baseUrl: base, token: DEV_KSEF.token, nip: DEV_KSEF.nip, pollMs: 50 });
        const session = await client.openSession();
        const invoice = Buffer.from(xml.replace('FV/2026/000001', `FV/2026/KONTRAKT-${Date.now()}`), 'utf8');
        const ref = await client.sendInvoice(session, invoice);
        let status = await client.invoiceStatus(session.referenceNumber, ref);
        while (status.status.code === 150) status = await client.invoiceStatus(session.referenceNumber, ref);
        expect(status.status.code).toBe(200);
        expect(await client.invoiceUpo(session.referenceNumber, ref)).toContain(status.ksefNumber!);
        // the same invoice again: 440 with the original's numbers
        const again = await client.sendInvoice(session, invoice);
        let duplicate = await client.invoiceStatus(session.referenceNumber, again);
        while (duplicate.status.code === 150) duplicate = await client.invoiceStatus(session.referenceNumber, again);
        expect(duplicate.status.code).toBe(440);
        expect(duplicate.status.extensions?.originalKsefNumber).toBe(status.ksefNumber);
        expect(await client.invoiceUpoByKsefNumber(session.referenceNumber, status.ksefNumber!)).toContain('<NumerKSeFDokumentu>');
        await client.closeSession(session.referenceNumber);
        // a 400 (closed session) and a 401 (no token)
        await expect(client.sendInvoice(session, invoice)).rejects.toBeInstanceOf(KsefRefused);
        const opening = exchanges.find(x => x.path === '/sessions/online')!.requestBody;
        expect(
            (await fetch(`${base}/sessions/online`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: opening }))
                .status,
        ).toBe(401);

        const seen = new Set<string>();
        for (const x of exchanges) {
            const template = templateOf(x.method, x.path);
            expect(template, `${x.method} ${x.path} is not in the document`).toBeDefined();
            seen.add(`${x.method} ${template}`);
            const op = doc.paths[template!]![x.method.toLowerCase()]!;
            const response = op.responses[String(x.status)];
            expect(response, `${x.method} ${template}: status ${x.status} not documented`).toBeDefined();
            if (x.requestBody && op.requestBody) {
                const schema = op.requestBody.content['application/json']!.schema;
                expect(problems(schema, JSON.parse(x.requestBody)), `request of ${x.method} ${template}`).toEqual([]);
            }
            const mediaType = x.contentType.split(';')[0]!.trim();
            if (response!.content) {
                expect(Object.keys(response!.content), `${x.method} ${template} ${x.status}: content type`).toContain(mediaType);
                if (mediaType.endsWith('json'))
                    expect(
                        problems(response!.content[mediaType]!.schema, JSON.parse(x.body)),
                        `answer of ${x.method} ${template} ${x.status}`,
                    ).toEqual([]);
            }
        }
        // what the run covered: every stand-in route, with refresh and both error shapes
        for (const [method, route] of KSEF_STAND_IN_ROUTES)
            expect(seen, `${method} ${route} not exercised`).toContain(`${method} ${route}`);
        expect(exchanges.map(x => x.status)).toEqual(expect.arrayContaining([200, 201, 202, 204, 400, 401]));
    });
});
