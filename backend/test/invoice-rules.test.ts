/**
 * The invoice's pure rules (issue 40; decision 116): the totals per VAT rate by the gross method
 * with the half-up rounding, the FA(3) XML of an order with extras, a discount, the shipping, 23%
 * and 8% lines (valid against the Ministry's XSD with xmllint, offline), a consumer without a NIP,
 * and the checks that stop an invoice whose sums or NIP are wrong.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readInvoiceSeller } from '../src/env';
import {
    buildFa3Xml,
    checkInvoice,
    type InvoiceInput,
    invoiceNumber,
    lineName,
    normaliseNip,
    pln,
    totalsByRate,
    validNip,
    vatFromGross,
    warsawDate,
} from '../src/plugins/invoices/invoice.rules';
import { validateFa3 } from '../src/plugins/invoices/xsd';

const seller = {
    name: 'Psiaki – DANE TESTOWE',
    nip: '1234563218',
    addressLine1: 'Testowa 1',
    addressLine2: '00-001 Warszawa',
    countryCode: 'PL',
};

/** Harness 2 × 129,99 zł with lining, treats 3 × 7,49 zł (8%), 10% off the order, InPost 12,99 zł. */
function order(overrides: Partial<InvoiceInput> = {}): InvoiceInput {
    const lines = [
        {
            name: lineName('Szelki guard – M', '', { podszycie: 'polar', kolorOkuc: 'czarny', odblaski: 'tak', customObwodSzyi: 42 }),
            quantity: 2,
            unitGross: 12999,
            lineGross: 23399, // 25998 − 10% (2599,8 → 2599)
            taxRate: 23,
        },
        { name: 'Suszone żwacze wołowe – 100 g', quantity: 3, unitGross: 749, lineGross: 2022, taxRate: 8 }, // 2247 − 225
        { name: 'Dostawa: Paczkomat InPost', quantity: 1, unitGross: 1299, lineGross: 1299, taxRate: 23 },
    ];
    return {
        kind: 'VAT',
        number: invoiceNumber('VAT', 2026, 123),
        issueDate: '2026-11-26',
        saleDate: '2026-11-25',
        createdAt: new Date('2026-11-26T10:00:00Z'),
        seller,
        buyer: {
            name: 'Firma Psia Łapa sp. z o.o.',
            nip: '1234567883',
            addressLine1: 'Kocia 7/3',
            addressLine2: '30-002 Kraków',
            countryCode: 'PL',
        },
        lines,
        orderTotalGross: 23399 + 2022 + 1299,
        orderCode: 'ABC123XYZ',
        payment: { date: '2026-11-25', form: 'transfer' },
        ...overrides,
    };
}

describe('invoice arithmetic (art. 106e ust. 8 and 11)', () => {
    it('takes the VAT of each rate from the gross sum, rounded half up to the grosz, and net = gross − VAT', () => {
        // 123,00 gross at 23%: 23,00 VAT exactly; 1,00 at 23%: 0,187 → 0,19; 0,50 at 8%: 0,037 → 0,04; 0,13 at 8%: 0,00963 → 0,01
        expect(vatFromGross(12300, 23)).toBe(2300);
        expect(vatFromGross(100, 23)).toBe(19);
        expect(vatFromGross(50, 8)).toBe(4);
        expect(vatFromGross(13, 8)).toBe(1);
        // exact quotients stay (6,75 at 8% = 0,50; 1,23 at 23% = 0,23); at 23% and 8% a quotient never ends in exactly half a grosz
        expect(vatFromGross(675, 8)).toBe(50);
        expect(vatFromGross(123, 23)).toBe(23);
        expect(vatFromGross(-100, 23)).toBe(-19);
        const t = totalsByRate(order().lines);
        expect(t.byRate).toEqual([
            { rate: 23, gross: 24698, vat: 4618, net: 20080 }, // 246,98 × 23/123 = 46,1833
            { rate: 8, gross: 2022, vat: 150, net: 1872 }, // 20,22 × 8/108 = 1,4978
        ]);
        expect(t).toMatchObject({ net: 21952, vat: 4768, gross: 26720 });
    });

    it('writes amounts with two decimals from grosze', () => {
        expect([pln(0), pln(5), pln(12345), pln(-5), pln(100)]).toEqual(['0.00', '0.05', '123.45', '-0.05', '1.00']);
        expect(() => pln(1.5)).toThrow();
    });

    it('stops an invoice whose P_15 is not what the buyer paid, a line worth more than its price, an unknown rate or a bad NIP', () => {
        const good = order();
        expect(checkInvoice(good, totalsByRate(good.lines))).toEqual([]);
        const short = order({ orderTotalGross: 26721 });
        expect(checkInvoice(short, totalsByRate(short.lines))).toEqual(['P_15 267.20 ≠ kwota zamówienia 267.21']);
        const over = order();
        over.lines[1] = { ...over.lines[1]!, lineGross: 2300 };
        expect(checkInvoice(over, totalsByRate(over.lines)).join()).toMatch(/pozycja 2: wartość 23.00 poza 0..22.47/);
        const zero = order();
        zero.lines[1] = { ...zero.lines[1]!, taxRate: 0 };
        expect(checkInvoice(zero, totalsByRate(zero.lines)).join()).toMatch(/stawka VAT 0% nieobsługiwana/);
        const badNip = order({ buyer: { ...order().buyer, nip: '1234567890' } });
        expect(checkInvoice(badNip, totalsByRate(badNip.lines))).toContain('NIP nabywcy 1234567890 ma złą sumę kontrolną');
        // the totals handed over must be the lines' own
        const t = totalsByRate(good.lines);
        expect(checkInvoice(good, { ...t, gross: t.gross + 1 }).join()).toMatch(/suma pozycji 267.20 ≠ suma stawek 267.21/);
    });
});

describe('FA(3) XML', () => {
    it('builds a valid FA(3) of a buyer with a NIP: lines with extras, the discount as P_10, the shipping line, 23% and 8% sums', async () => {
        const input = order();
        const xml = buildFa3Xml(input, totalsByRate(input.lines));
        expect(await validateFa3(xml)).toEqual({ valid: true, errors: [] });
        expect(xml).toContain(
            '<KodFormularza kodSystemowy="FA (3)" wersjaSchemy="1-0E">FA</KodFormularza><WariantFormularza>3</WariantFormularza>',
        );
        expect(xml).toContain('<Podmiot2><DaneIdentyfikacyjne><NIP>1234567883</NIP><Nazwa>Firma Psia Łapa sp. z o.o.</Nazwa>');
        expect(xml).toContain('<P_1>2026-11-26</P_1><P_2>FV/2026/000123</P_2><P_6>2026-11-25</P_6>');
        expect(xml).toContain(
            '<P_13_1>200.80</P_13_1><P_14_1>46.18</P_14_1><P_13_2>18.72</P_13_2><P_14_2>1.50</P_14_2><P_15>267.20</P_15>',
        );
        expect(xml).toContain(
            '<P_7>Szelki guard – M (podszycie: polar, okucia: czarny, odblaski, obwód szyi 42 cm)</P_7><P_8A>szt.</P_8A><P_8B>2</P_8B><P_9B>129.99</P_9B><P_10>25.99</P_10><P_11A>233.99</P_11A><P_12>23</P_12>',
        );
        expect(xml).toContain('<P_9B>7.49</P_9B><P_10>2.25</P_10><P_11A>20.22</P_11A><P_12>8</P_12>');
        expect(xml).toContain('<P_7>Dostawa: Paczkomat InPost</P_7><P_8A>szt.</P_8A><P_8B>1</P_8B><P_9B>12.99</P_9B><P_11A>12.99</P_11A>');
        expect(xml).toContain('<RodzajFaktury>VAT</RodzajFaktury>');
        expect(xml).toContain(
            '<Platnosc><Zaplacono>1</Zaplacono><DataZaplaty>2026-11-25</DataZaplaty><FormaPlatnosci>6</FormaPlatnosci></Platnosc>',
        );
    });

    it('builds a valid FA(3) of a consumer without a NIP (BrakID), paid online, with markup-like text escaped', async () => {
        const input = order({
            buyer: { name: 'Ala <Kot> & "syn"', nip: null, addressLine1: 'Psia 1', addressLine2: '00-950 Warszawa', countryCode: 'PL' },
            payment: { date: '2026-11-25', form: 'online' },
        });
        const xml = buildFa3Xml(input, totalsByRate(input.lines));
        expect(await validateFa3(xml)).toEqual({ valid: true, errors: [] });
        expect(xml).toContain('<BrakID>1</BrakID><Nazwa>Ala &lt;Kot&gt; &amp; &quot;syn&quot;</Nazwa>');
        expect(xml).toContain('<PlatnoscInna>1</PlatnoscInna><OpisPlatnosci>Płatność online Przelewy24</OpisPlatnosci>');
        // the hash the QR code will carry is of these exact bytes
        expect(createHash('sha256').update(xml, 'utf8').digest('base64url')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('builds a valid FA(3) paid by BLIK: form of payment 7 (mobile)', async () => {
        const input = order({ payment: { date: '2026-11-25', form: 'blik' } });
        const xml = buildFa3Xml(input, totalsByRate(input.lines));
        expect(await validateFa3(xml)).toEqual({ valid: true, errors: [] });
        expect(xml).toContain(
            '<Platnosc><Zaplacono>1</Zaplacono><DataZaplaty>2026-11-25</DataZaplaty><FormaPlatnosci>7</FormaPlatnosci></Platnosc>',
        );
    });

    it('the XSD check refuses what the schema forbids (a NIP that breaks its pattern, a missing line number)', async () => {
        const input = order({ buyer: { ...order().buyer, nip: '0234567890' } });
        const bad = await validateFa3(buildFa3Xml(input, totalsByRate(input.lines)));
        expect(bad.valid).toBe(false);
        expect(bad.errors.join()).toMatch(/NIP/);
        const good = buildFa3Xml(order(), totalsByRate(order().lines));
        const noLine = await validateFa3(good.replace('<NrWierszaFa>1</NrWierszaFa>', ''));
        expect(noLine.valid).toBe(false);
    });
});

describe('numbers, NIPs, dates and the seller', () => {
    it('numbers each series with six digits and checks NIPs by their checksum', () => {
        expect(invoiceNumber('VAT', 2026, 123)).toBe('FV/2026/000123');
        expect(invoiceNumber('KOR', 2027, 1)).toBe('FK/2027/000001');
        expect(validNip('1234563218')).toBe(true);
        expect(validNip('1234563219')).toBe(false);
        expect(validNip(normaliseNip('PL 123-456-32-18'))).toBe(true);
        expect(lineName('Smycz', '', { kolorOkuc: 'srebrny', odblaski: null, dodatkowyMetr: 0 })).toBe('Smycz');
    });

    it('dates the invoice in Poland: 23:30 UTC on 31 December is already the next year', () => {
        expect(warsawDate(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
        expect(warsawDate(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
    });

    it('reads the seller from the environment, refusing a bad NIP or address and the development NIP in production', () => {
        const set = (v: Record<string, string | undefined>) => {
            for (const [k, x] of Object.entries(v))
                if (x === undefined) delete process.env[k];
                else process.env[k] = x;
        };
        const saved = { ...process.env };
        try {
            set({ INVOICE_SELLER_NIP: undefined });
            expect(readInvoiceSeller(false)?.nip).toBe('1234563218');
            expect(readInvoiceSeller(true)).toBeUndefined();
            set({
                INVOICE_SELLER_NIP: '111-111-11-11',
                INVOICE_SELLER_NAME: 'Psiaki sp. z o.o.',
                INVOICE_SELLER_ADDRESS: 'Psia 5/2, 30-001 Kraków',
            });
            expect(readInvoiceSeller(true)).toEqual({
                nip: '1111111111',
                name: 'Psiaki sp. z o.o.',
                addressLine1: 'Psia 5/2',
                addressLine2: '30-001 Kraków',
            });
            set({ INVOICE_SELLER_NIP: '1111111112' });
            expect(() => readInvoiceSeller(true)).toThrow(/checksum/);
            set({ INVOICE_SELLER_NIP: '1234563218' });
            expect(() => readInvoiceSeller(true)).toThrow(/not the development one/);
            set({ INVOICE_SELLER_NIP: '1111111111', INVOICE_SELLER_ADDRESS: 'Kraków' });
            expect(() => readInvoiceSeller(true)).toThrow(/INVOICE_SELLER_ADDRESS/);
        } finally {
            for (const k of ['INVOICE_SELLER_NIP', 'INVOICE_SELLER_NAME', 'INVOICE_SELLER_ADDRESS']) {
                if (saved[k] === undefined) delete process.env[k];
                else process.env[k] = saved[k];
            }
        }
    });
});
