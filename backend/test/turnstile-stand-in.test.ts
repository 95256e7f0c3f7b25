import { describe, expect, it } from 'vitest';
import { DUMMY_TOKEN, TEST_SECRETS } from '../stand-ins/turnstile';
import { blogUrl } from './helpers';

/** What the stand-in's siteverify answers to `fields`, sent as a form (the worker's way) or as JSON. */
async function siteverify(fields: Record<string, string>, as: 'form' | 'json' = 'form') {
    const res = await fetch(`${blogUrl()}/turnstile/v0/siteverify`, {
        method: 'POST',
        ...(as === 'form'
            ? { body: new URLSearchParams(fields) }
            : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(fields) }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    return (await res.json()) as { success: boolean; 'error-codes': string[]; challenge_ts?: string; hostname?: string };
}

describe("Turnstile stand-in: siteverify with Cloudflare's test secrets", () => {
    it('passes with 1x…AA, form-encoded or JSON, in siteverify’s shape', async () => {
        for (const as of ['form', 'json'] as const) {
            const answer = await siteverify({ secret: TEST_SECRETS.passes, response: DUMMY_TOKEN, remoteip: '203.0.113.7' }, as);
            expect(answer).toEqual({
                success: true,
                'error-codes': [],
                challenge_ts: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
                hostname: 'example.com',
                action: '',
                cdata: '',
            });
        }
    });

    it('fails with 2x…AA, answers timeout-or-duplicate with 3x…AA, refuses any other secret', async () => {
        expect(await siteverify({ secret: TEST_SECRETS.fails, response: DUMMY_TOKEN })).toMatchObject({
            success: false,
            'error-codes': ['invalid-input-response'],
        });
        expect(await siteverify({ secret: TEST_SECRETS.spent, response: DUMMY_TOKEN })).toMatchObject({
            success: false,
            'error-codes': ['timeout-or-duplicate'],
        });
        expect((await siteverify({ secret: '0x4AAAAAAArealLookingSecret', response: DUMMY_TOKEN }))['error-codes']).toEqual([
            'invalid-input-secret',
        ]);
    });

    it('says what is missing or too long', async () => {
        expect((await siteverify({ response: DUMMY_TOKEN }))['error-codes']).toEqual(['missing-input-secret']);
        expect((await siteverify({ secret: TEST_SECRETS.passes }))['error-codes']).toEqual(['missing-input-response']);
        expect((await siteverify({ secret: TEST_SECRETS.passes, response: 'x'.repeat(2049) }))['error-codes']).toEqual([
            'invalid-input-response',
        ]);
    });

    it('answers a repeated idempotency key as the first time, and lists the calls without the secret', async () => {
        const key = crypto.randomUUID();
        const first = await siteverify({ secret: TEST_SECRETS.passes, response: DUMMY_TOKEN, idempotency_key: key });
        expect(await siteverify({ secret: TEST_SECRETS.passes, response: DUMMY_TOKEN, idempotency_key: key })).toEqual(first);
        const calls = (await (await fetch(`${blogUrl()}/turnstile/test/verifications`)).json()) as Array<Record<string, unknown>>;
        expect(calls.filter(c => c.idempotency_key === key)).toHaveLength(2);
        expect(JSON.stringify(calls)).not.toContain(TEST_SECRETS.passes);
    });

    it('refuses a GET and a body that is neither form nor JSON', async () => {
        expect((await fetch(`${blogUrl()}/turnstile/v0/siteverify`)).status).toBe(405);
        const xml = await fetch(`${blogUrl()}/turnstile/v0/siteverify`, {
            method: 'POST',
            headers: { 'content-type': 'text/xml' },
            body: '<secret/>',
        });
        expect(xml.status).toBe(400);
    });
});

describe('Turnstile stand-in: the widget script', () => {
    it('serves JavaScript defining window.turnstile with explicit rendering and the dummy token', async () => {
        const res = await fetch(`${blogUrl()}/turnstile/v0/api.js?render=explicit`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^application\/javascript/);
        const script = await res.text();
        expect(script).toContain('window.turnstile = {');
        for (const name of ['render', 'reset', 'remove', 'getResponse', 'isExpired']) expect(script).toContain(`${name}:`);
        expect(script).toContain(`var DUMMY = '${DUMMY_TOKEN}'`);
        expect(script).toContain('Nie jestem robotem');
        // it parses as a script
        expect(() => new Function(script)).not.toThrow();
    });
});
