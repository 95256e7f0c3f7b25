/**
 * KSeF's formats (decision 117) without a backend: KSeF numbers and their CRC-8, reference numbers,
 * NIP check digits, the KOD I verification link per environment, and the configuration's refusals.
 */
import * as crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, DEV_KSEF, isValidNip, ksefCredentials, readEnv } from '../src/env';
import { crc8, isKsefNumber, ksefNumber, REFERENCE_NUMBER, referenceNumber } from '../src/plugins/invoices/ksef/ksef-api';
import { verificationHost, verificationLink } from '../src/plugins/invoices/ksef/verification-link';

describe('KSeF numbers (faktury/numer-ksef.md)', () => {
    it("checks the documentation's example and refuses a changed checksum or digit", () => {
        expect(isKsefNumber('5265877635-20250826-0100001AF629-AF')).toBe(true);
        expect(isKsefNumber('5265877635-20250826-0100001AF629-AE')).toBe(false);
        expect(isKsefNumber('5265877635-20250826-0100001AF628-AF')).toBe(false);
        expect(isKsefNumber('5265877635-20250826-0100001af629-AF')).toBe(false);
    });

    it('makes 35-character numbers with the NIP, the date and a valid CRC-8', () => {
        const n = ksefNumber('1111111111', new Date('2026-11-20T10:00:00Z'), 'a1b2c3d4e5f6');
        expect(n).toMatch(/^1111111111-20261120-A1B2C3D4E5F6-[0-9A-F]{2}$/);
        expect(n).toHaveLength(35);
        expect(isKsefNumber(n)).toBe(true);
        // CRC-8/SMBUS check value of "123456789" (polynomial 0x07, initial 0x00)
        expect(crc8('123456789')).toBe(0xf4);
    });

    it('makes 36-character reference numbers', () => {
        const r = referenceNumber('SO', new Date('2026-11-20T10:00:00Z'), '0123456789ABCDEF0123');
        expect(r).toMatch(REFERENCE_NUMBER);
        expect(r).toHaveLength(36);
    });
});

describe('NIP', () => {
    it('accepts a correct check digit only', () => {
        expect(isValidNip('1234563218')).toBe(true);
        expect(isValidNip('1234563219')).toBe(false);
        expect(isValidNip('123456321')).toBe(false);
        expect(isValidNip(DEV_KSEF.nip)).toBe(true);
    });
});

describe('KOD I verification link (kody-qr.md)', () => {
    const xml = '<Faktura>przykład</Faktura>';
    it('puts the NIP, P_1 as DD-MM-YYYY and the SHA-256 of the file in base64url on the environment’s QR host', () => {
        const link = verificationLink({
            apiUrl: 'https://api-test.ksef.mf.gov.pl/v2',
            sellerNip: '1111111111',
            issueDate: '2026-02-01',
            invoiceXml: xml,
        });
        const hash = crypto.createHash('sha256').update(xml).digest('base64url');
        expect(link).toBe(`https://qr-test.ksef.mf.gov.pl/invoice/1111111111/01-02-2026/${hash}`);
        expect(hash).toHaveLength(43);
        expect(link.split('/').pop()).not.toMatch(/[+/=]/);
    });

    it('follows the environment: production, demo, test (and the stand-in: test)', () => {
        expect(verificationHost('https://api.ksef.mf.gov.pl/v2')).toBe('https://qr.ksef.mf.gov.pl');
        expect(verificationHost('https://api-demo.ksef.mf.gov.pl/v2')).toBe('https://qr-demo.ksef.mf.gov.pl');
        expect(verificationHost('https://api-test.ksef.mf.gov.pl/v2')).toBe('https://qr-test.ksef.mf.gov.pl');
        expect(verificationHost('http://127.0.0.1:3001/ksef/v2')).toBe('https://qr-test.ksef.mf.gov.pl');
    });

    it('refuses a date that is not YYYY-MM-DD', () => {
        expect(() => verificationLink({ apiUrl: '', sellerNip: '1111111111', issueDate: '01.02.2026', invoiceXml: xml })).toThrow(
            /YYYY-MM-DD/,
        );
    });
});

describe('KSeF configuration', () => {
    const saved = { ...process.env };
    afterEach(() => {
        for (const k of ['KSEF_URL', 'KSEF_TOKEN', 'KSEF_NIP']) {
            if (saved[k] === undefined) delete process.env[k];
            else process.env[k] = saved[k];
        }
    });

    it('uses the development token and NIP with the stand-in', () => {
        delete process.env.KSEF_URL;
        delete process.env.KSEF_TOKEN;
        delete process.env.KSEF_NIP;
        expect(readEnv().ksef).toMatchObject({ url: '', token: DEV_KSEF.token, nip: DEV_KSEF.nip });
    });

    it('with a KSeF URL: needs the token, a valid NIP, https, and no development token', () => {
        process.env.KSEF_URL = 'https://api-test.ksef.mf.gov.pl/v2';
        delete process.env.KSEF_TOKEN;
        process.env.KSEF_NIP = '1111111111';
        expect(() => readEnv()).toThrow(/KSEF_TOKEN must be set/);
        process.env.KSEF_TOKEN = DEV_KSEF.token;
        expect(() => readEnv()).toThrow(/not the development one/);
        process.env.KSEF_TOKEN = 'a-real-looking-ksef-token-value';
        process.env.KSEF_NIP = '1234567890';
        expect(() => readEnv()).toThrow(ConfigError);
        expect(() => readEnv()).toThrow(/KSEF_NIP must be a valid NIP/);
        process.env.KSEF_NIP = '123-456-32-18';
        expect(readEnv().ksef).toMatchObject({ url: 'https://api-test.ksef.mf.gov.pl/v2', nip: '1234563218' });
        process.env.KSEF_URL = 'http://ksef.example.com/v2';
        expect(() => readEnv()).toThrow(/https/);
        expect(() => ksefCredentials('http://127.0.0.1:3001/ksef/v2')).not.toThrow();
    });
});
