/**
 * Sending invoices to KSeF (issue 40, decision 117) against the real backend and the KSeF stand-in
 * (stand-ins/ksef.ts, which really decrypts what it gets): an FA(3) invoice is accepted with a KSeF
 * number in KSeF's format and its UPO; a second enqueue of the same number changes nothing; an
 * outage (503s) delays it without sending it twice; an attempt interrupted after KSeF took the
 * invoice is looked up, or read from KSeF's duplicate answer, never sent as a second invoice; a
 * rejection shows KSeF's code and reason to staff; the stand-in refuses broken encryption; a wrong
 * KSEF_NIP or a missing token stops the start.
 */
import { spawn } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type GqlSession } from '../src/dev/graphql-client';
import { DEV_KSEF } from '../src/env';
import { isKsefNumber } from '../src/plugins/invoices/ksef/ksef-api';
import { KsefClient, KsefRefused } from '../src/plugins/invoices/ksef/ksef-client';
import { aesEncrypt } from '../src/plugins/invoices/ksef/ksef-crypto';
import { adminSession, blogUrl, sellerNip } from './helpers';

const FIXTURE = fs.readFileSync(path.join(__dirname, 'fixtures/ksef-fa3-invoice.xml'), 'utf8');
/** the fixture with this run's seller (the stand-in's taxpayer) and the invoice number `key` */
const invoiceXml = (key: string) =>
    FIXTURE.replace(`<NIP>${DEV_KSEF.nip}</NIP>`, `<NIP>${sellerNip()}</NIP>`).replace('<P_2>FV/2026/000001</P_2>', `<P_2>${key}</P_2>`);
const newKey = (label: string) => `FV/2026/${label}-${crypto.randomBytes(4).toString('hex')}`;
const sha256 = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest('base64');
const sleep = (ms: number) => new Promise(r => setTimeout(r, ms));

const SUBMISSION = `id key state stateLabel attempts nextAttemptAt invoiceHash sessionReferenceNumber invoiceReferenceNumber ksefNumber acceptedAt upoXml rejectionCode rejectionReason lastError`;
interface Submission {
    id: string;
    key: string;
    state: 'waiting' | 'sending' | 'accepted' | 'rejected';
    stateLabel: string;
    attempts: number;
    nextAttemptAt: string | null;
    invoiceHash: string;
    sessionReferenceNumber: string | null;
    invoiceReferenceNumber: string | null;
    ksefNumber: string | null;
    acceptedAt: string | null;
    upoXml: string | null;
    rejectionCode: number | null;
    rejectionReason: string | null;
    lastError: string | null;
}
interface Received {
    referenceNumber: string;
    invoiceNumber: string | null;
    ksefNumber: string | null;
    code: number;
}

let admin: GqlSession;
const staff = async () => (admin ??= await adminSession());

async function enqueue(key: string, xml = invoiceXml(key)): Promise<{ submission: Submission | null; error: string | null }> {
    const r = await (
        await staff()
    ).query<{ enqueueKsefSubmission: { submission: Submission | null; error: string | null } }>(
        `mutation($key: String!, $xml: String!) { enqueueKsefSubmission(key: $key, invoiceXml: $xml) { submission { ${SUBMISSION} } error } }`,
        { key, xml },
    );
    return r.enqueueKsefSubmission;
}

async function submission(key: string): Promise<Submission | null> {
    const r = await (
        await staff()
    ).query<{ ksefSubmission: Submission | null }>(`query($key: String!) { ksefSubmission(key: $key) { ${SUBMISSION} } }`, { key });
    return r.ksefSubmission;
}

async function until(key: string, done: (s: Submission) => boolean, ms = 30_000): Promise<Submission> {
    const end = Date.now() + ms;
    let last: Submission | null = null;
    while (Date.now() < end) {
        last = await submission(key);
        if (last && done(last)) return last;
        await sleep(100);
    }
    throw new Error(`submission ${key} did not get there: ${JSON.stringify(last)}`);
}

const standIn = (p: string) => `${blogUrl()}/ksef${p}`;
async function control(what: string, body: unknown): Promise<void> {
    const res = await fetch(standIn(`/test/${what}`), { method: 'POST', body: JSON.stringify(body) });
    expect(res.status, what).toBe(200);
}
async function received(key: string): Promise<Received[]> {
    return ((await (await fetch(standIn('/test/invoices'))).json()) as Received[]).filter(i => i.invoiceNumber === key);
}

describe('sending an invoice to KSeF', () => {
    it('is accepted with a KSeF number and its UPO; a second enqueue of the number changes nothing', { timeout: 40_000 }, async () => {
        const key = newKey('OK');
        const first = await enqueue(key);
        expect(first.error).toBeNull();
        expect(first.submission).toMatchObject({
            key,
            state: expect.stringMatching(/^(waiting|sending)$/),
            invoiceHash: sha256(invoiceXml(key)),
        });
        const done = await until(key, s => s.state === 'accepted');
        expect(done.ksefNumber).toMatch(new RegExp(`^${sellerNip()}-\\d{8}-[0-9A-F]{12}-[0-9A-F]{2}$`));
        expect(isKsefNumber(done.ksefNumber!)).toBe(true);
        expect(done.stateLabel).toBe('Przyjęta w KSeF');
        expect(done.acceptedAt).not.toBeNull();
        // the UPO names this invoice, its KSeF number and the hash of the exact bytes sent
        expect(done.upoXml).toContain(`<NumerKSeFDokumentu>${done.ksefNumber}</NumerKSeFDokumentu>`);
        expect(done.upoXml).toContain(`<NumerFaktury>${key}</NumerFaktury>`);
        expect(done.upoXml).toContain(`<SkrotDokumentu>${sha256(invoiceXml(key))}</SkrotDokumentu>`);

        const second = await enqueue(key, invoiceXml(key).replace('100.00', '200.00'));
        expect(second.submission).toMatchObject({ id: first.submission!.id, state: 'accepted', ksefNumber: done.ksefNumber });
        await sleep(2500);
        const all = await (await staff()).query<{ ksefSubmissions: Submission[] }>(`{ ksefSubmissions { key state } }`);
        expect(all.ksefSubmissions.filter(s => s.key === key)).toHaveLength(1);
        expect(await received(key)).toHaveLength(1);
        expect((await submission(key))!.attempts).toBe(1);
    });

    it('waits through an outage (503) and is then accepted, sent once', { timeout: 60_000 }, async () => {
        const key = newKey('AWARIA');
        await control('outage', { calls: 2 });
        await enqueue(key);
        const waiting = await until(key, s => s.state === 'waiting' && s.attempts > 0);
        expect(waiting.lastError).toMatch(/503/);
        expect(waiting.stateLabel).toBe('Czeka na wysłanie do KSeF');
        expect(Date.parse(waiting.nextAttemptAt!)).toBeGreaterThan(Date.now() - 1000);
        const staffSee = await (
            await staff()
        ).query<{ ksefSubmissions: Submission[] }>(`{ ksefSubmissions(state: waiting) { key lastError } }`);
        expect(staffSee.ksefSubmissions.map(s => s.key)).toContain(key);
        const done = await until(key, s => s.state === 'accepted');
        expect(done.attempts).toBeGreaterThanOrEqual(3);
        expect(done.lastError).toBeNull();
        expect(await received(key)).toHaveLength(1);
    });

    it('after a failed status read looks the invoice up instead of sending it again', { timeout: 40_000 }, async () => {
        const key = newKey('STATUS');
        await control('fail-status', { calls: 1 });
        await enqueue(key);
        const waiting = await until(key, s => s.state === 'waiting' && s.attempts > 0);
        expect(waiting.invoiceReferenceNumber).not.toBeNull();
        const done = await until(key, s => s.state === 'accepted');
        expect(done.invoiceReferenceNumber).toBe(waiting.invoiceReferenceNumber);
        const got = await received(key);
        expect(got).toHaveLength(1);
        expect(got[0]!.ksefNumber).toBe(done.ksefNumber);
        expect(done.upoXml).toContain(done.ksefNumber!);
    });

    it(
        "after a lost answer to the sending reads KSeF's duplicate as accepted, with the original's KSeF number",
        { timeout: 40_000 },
        async () => {
            const key = newKey('ZGUBA');
            await control('lose-send', { calls: 1 });
            await enqueue(key);
            const done = await until(key, s => s.state === 'accepted');
            const got = await received(key);
            // the stand-in took it twice, accepted it once: the second is KSeF's 440 pointing to the first
            expect(got.map(g => g.code).sort()).toEqual([200, 440]);
            const original = got.find(g => g.code === 200)!;
            expect(done.ksefNumber).toBe(original.ksefNumber);
            expect(done.attempts).toBe(2);
            expect(done.upoXml).toContain(`<NumerKSeFDokumentu>${original.ksefNumber}</NumerKSeFDokumentu>`);
        },
    );

    it("when rejected shows staff KSeF's code and reason", { timeout: 40_000 }, async () => {
        const key = newKey('BLAD');
        await control('reject-next', {
            code: 450,
            description: 'Błąd weryfikacji semantyki dokumentu faktury',
            details: ['Suma P_15 nie zgadza się z pozycjami faktury.'],
            // only this invoice: another test file's invoices reach the same stand-in meanwhile
            number: key,
        });
        await enqueue(key);
        const done = await until(key, s => s.state === 'rejected');
        expect(done).toMatchObject({ rejectionCode: 450, ksefNumber: null, stateLabel: 'Odrzucona przez KSeF' });
        const list = await (
            await staff()
        ).query<{ ksefSubmissions: Submission[] }>(`{ ksefSubmissions(state: rejected) { key rejectionCode rejectionReason } }`);
        const row = list.ksefSubmissions.find(s => s.key === key);
        expect(row?.rejectionReason).toBe('Błąd weryfikacji semantyki dokumentu faktury: Suma P_15 nie zgadza się z pozycjami faktury.');
        // a rejected invoice is not retried on its own
        await sleep(2500);
        expect((await submission(key))!.attempts).toBe(1);
    });

    it('refuses a key or a file outside the limits (in Polish)', async () => {
        expect((await enqueue('X'.repeat(65), invoiceXml('X'))).error).toMatch(/od 1 do 64 znaków/);
        expect((await enqueue(newKey('PUSTY'), '')).error).toMatch(/od 1 bajtu do 1 MB/);
    });
});

describe('the stand-in checks the encryption', () => {
    const client = () => new KsefClient({ baseUrl: standIn('/v2'), token: DEV_KSEF.token, nip: sellerNip(), pollMs: 50 });
    async function finalStatus(c: KsefClient, session: string, ref: string) {
        let s = await c.invoiceStatus(session, ref);
        while (s.status.code === 150) s = await c.invoiceStatus(session, ref);
        return s.status;
    }

    it(
        'refuses a wrong hash, a corrupted ciphertext and a file that is not the one hashed; takes the right one',
        { timeout: 30_000 },
        async () => {
            const c = client();
            const session = await c.openSession();
            const plain = Buffer.from(invoiceXml(newKey('SZYFR')), 'utf8');

            const wrongHash = { ...KsefClient.sendRequest(session, plain), encryptedInvoiceHash: sha256('coś innego') };
            const refused = await c.sendRaw(session.referenceNumber, wrongHash).catch(e => e);
            expect(refused).toBeInstanceOf(KsefRefused);
            expect(refused).toMatchObject({ status: 400, code: 21403, description: 'Nieprawidłowy skrót pliku.' });

            const good = KsefClient.sendRequest(session, plain);
            const broken = Buffer.from(good.encryptedInvoiceContent, 'base64');
            broken[broken.length - 1]! ^= 0xff;
            const corrupted = {
                ...good,
                encryptedInvoiceContent: broken.toString('base64'),
                encryptedInvoiceHash: crypto.createHash('sha256').update(broken).digest('base64'),
            };
            const corruptedRef = (await c.sendRaw(session.referenceNumber, corrupted)).referenceNumber;
            expect(await finalStatus(c, session.referenceNumber, corruptedRef)).toMatchObject({
                code: 435,
                description: 'Błąd odszyfrowania pliku',
            });

            // encrypted with another key than the session's: decrypts to something else, or not at all
            const other = aesEncrypt(crypto.randomBytes(32), session.iv, plain);
            const foreign = {
                ...good,
                encryptedInvoiceContent: other.toString('base64'),
                encryptedInvoiceHash: crypto.createHash('sha256').update(other).digest('base64'),
                encryptedInvoiceSize: other.length,
            };
            const foreignRef = (await c.sendRaw(session.referenceNumber, foreign)).referenceNumber;
            expect([430, 435]).toContain((await finalStatus(c, session.referenceNumber, foreignRef)).code);

            const goodRef = (await c.sendRaw(session.referenceNumber, good)).referenceNumber;
            expect(await finalStatus(c, session.referenceNumber, goodRef)).toMatchObject({ code: 200 });
            await c.closeSession(session.referenceNumber);
        },
    );

    it('answers 401 without an access token', async () => {
        const res = await fetch(standIn('/v2/sessions/online'), {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
        });
        expect(res.status).toBe(401);
        expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
        expect(await res.json()).toMatchObject({ status: 401, title: 'Unauthorized' });
    });
});

describe('the KSeF configuration stops the start', () => {
    function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psiaki-ksef-config-'));
        return new Promise(resolve => {
            const child = spawn(process.execPath, [path.join(__dirname, '..', 'dist', 'start.js')], {
                env: {
                    ...process.env,
                    BACKEND_PORT: '0',
                    BLOG_PORT: '0',
                    BACKEND_DB: path.join(dir, 'x.sqlite'),
                    KSEF_TOKEN: '',
                    KSEF_NIP: '',
                    ...env,
                },
                stdio: ['ignore', 'ignore', 'pipe'],
            });
            let stderr = '';
            child.stderr!.on('data', d => (stderr += d));
            const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
            child.on('exit', code => {
                clearTimeout(timer);
                fs.rmSync(dir, { recursive: true, force: true });
                resolve({ code, stderr });
            });
        });
    }

    it('with a malformed KSEF_NIP', { timeout: 30_000 }, async () => {
        const r = await start({
            KSEF_URL: 'https://api-test.ksef.mf.gov.pl/v2',
            KSEF_TOKEN: 'a-ksef-token-of-the-test-environment',
            KSEF_NIP: '1234567890',
        });
        expect(r.code).toBe(1);
        expect(r.stderr).toContain('KSEF_NIP must be a valid NIP (10 digits with the check digit), got "1234567890"');
    });

    it('without KSEF_TOKEN for a KSeF URL', { timeout: 30_000 }, async () => {
        const r = await start({ KSEF_URL: 'https://api-test.ksef.mf.gov.pl/v2', KSEF_NIP: '1234563218' });
        expect(r.code).toBe(1);
        expect(r.stderr).toContain('KSEF_TOKEN must be set when KSEF_URL is set');
    });
});
