/**
 * The correcting invoice's pure rules (issue 40, slice D; decision 120): the rows of a refund (a
 * line at its prorated unit price, the shipping, an amount spread over the rates), the KOR XML by
 * the difference method referring to the corrected invoice by number, date and KSeF number (or
 * NrKSeFN), valid against the Ministry's FA(3) XSD, the PDF's reading of it, and the checks that
 * stop a correction whose sums are wrong or which takes back more than the invoice had.
 */
import { describe, expect, it } from 'vitest';
import {
    buildCorrectionXml,
    checkCorrection,
    type CorrectionInput,
    correctionLines,
    correctionTotals,
    grossByRateOfXml,
    type RefundFacts,
} from '../src/plugins/invoices/correction.rules';
import { buildFa3Xml, type InvoiceInput, invoiceNumber, totalsByRate } from '../src/plugins/invoices/invoice.rules';
import { readFa3 } from '../src/plugins/invoices/pdf/fa3-read';
import { validateFa3 } from '../src/plugins/invoices/xsd';

const seller = {
    name: 'Psiaki – DANE TESTOWE',
    nip: '1234563218',
    addressLine1: 'Testowa 1',
    addressLine2: '00-001 Warszawa',
    countryCode: 'PL',
};
const buyer = {
    name: 'Firma Psia Łapa sp. z o.o.',
    nip: '1234567883',
    addressLine1: 'Kocia 7/3',
    addressLine2: '30-002 Kraków',
    countryCode: 'PL',
};

/** The corrected invoice: harness 2 × 116,99 (after 10% off, 23%), treats 20,22 (8%), InPost 12,99 (23%). */
function original(): InvoiceInput {
    const lines = [
        { name: 'Szelki guard – M', quantity: 2, unitGross: 12999, lineGross: 23398, taxRate: 23 },
        { name: 'Suszone żwacze wołowe – 100 g', quantity: 3, unitGross: 749, lineGross: 2022, taxRate: 8 },
        { name: 'Dostawa: Paczkomat InPost', quantity: 1, unitGross: 1299, lineGross: 1299, taxRate: 23 },
    ];
    return {
        kind: 'VAT',
        number: invoiceNumber('VAT', 2026, 123),
        issueDate: '2026-11-20',
        saleDate: '2026-11-19',
        createdAt: new Date('2026-11-20T10:00:00Z'),
        seller,
        buyer,
        lines,
        orderTotalGross: 23398 + 2022 + 1299,
        orderCode: 'ABC123',
        payment: { date: '2026-11-19', form: 'transfer' },
    };
}

const KSEF_NUMBER = '1234563218-20261120-0123456789AB-CD';

function correction(refund: RefundFacts, overrides: Partial<CorrectionInput> = {}): CorrectionInput {
    const o = original();
    const xml = buildFa3Xml(o, totalsByRate(o.lines));
    const corrected = {
        number: o.number,
        issueDate: o.issueDate,
        saleDate: o.saleDate,
        ksefNumber: KSEF_NUMBER,
        grossByRate: grossByRateOfXml(xml),
    };
    return {
        kind: 'KOR',
        number: invoiceNumber('KOR', 2026, 7),
        issueDate: '2026-11-26',
        createdAt: new Date('2026-11-26T10:00:00Z'),
        seller,
        buyer,
        corrected,
        reason: 'Zwrot: odstąpienie od umowy',
        lines: correctionLines(refund, corrected),
        refundTotal: refund.total,
        earlierByRate: new Map(),
        orderCode: 'ABC123',
        refundDate: '2026-11-26',
        ...overrides,
    };
}

const harness = { name: 'Szelki guard – M', quantity: 1, unitGross: 11699, taxRate: 23 };
const shippingLine = { name: 'Dostawa: Paczkomat InPost', taxRate: 23 };

describe('a correcting invoice (KOR)', () => {
    it('one harness given back: one row of −1 × 116,99, totals minus its gross, valid against the FA(3) XSD', async () => {
        const input = correction({ total: 11699, shipping: 0, lines: [harness], shippingLine });
        expect(input.lines).toEqual([{ name: 'Szelki guard – M', quantity: -1, unitGross: 11699, lineGross: -11699, taxRate: 23 }]);
        const totals = correctionTotals(input.lines);
        // 116,99 × 23/123 = 21,876… → 21,88
        expect(totals).toMatchObject({ gross: -11699, vat: -2188, net: -9511 });
        expect(checkCorrection(input, totals)).toEqual([]);
        const xml = buildCorrectionXml(input, totals);
        expect(await validateFa3(xml)).toEqual({ valid: true, errors: [] });
        expect(xml).toContain(
            '<RodzajFaktury>KOR</RodzajFaktury><PrzyczynaKorekty>Zwrot: odstąpienie od umowy</PrzyczynaKorekty><TypKorekty>2</TypKorekty>',
        );
        expect(xml).toContain(
            `<DaneFaKorygowanej><DataWystFaKorygowanej>2026-11-20</DataWystFaKorygowanej><NrFaKorygowanej>FV/2026/000123</NrFaKorygowanej><NrKSeF>1</NrKSeF><NrKSeFFaKorygowanej>${KSEF_NUMBER}</NrKSeFFaKorygowanej></DaneFaKorygowanej>`,
        );
        expect(xml).toContain(
            '<P_2>FK/2026/000007</P_2><P_6>2026-11-19</P_6><P_13_1>-95.11</P_13_1><P_14_1>-21.88</P_14_1><P_15>-116.99</P_15>',
        );
        expect(xml).toContain('<P_8B>-1</P_8B><P_9B>116.99</P_9B><P_11A>-116.99</P_11A><P_12>23</P_12>');

        // the PDF reads it back: the corrected invoice, the reason, the difference
        const view = readFa3(xml);
        expect(view.kind).toBe('KOR');
        expect(view.correction).toEqual({
            reason: 'Zwrot: odstąpienie od umowy',
            correctedNumber: 'FV/2026/000123',
            correctedIssueDate: '2026-11-20',
            correctedKsefNumber: KSEF_NUMBER,
        });
        expect(view.total).toBe('-116.99');
    });

    it("a consumer's invoice issued outside KSeF is referred to with NrKSeFN", async () => {
        const base = correction({ total: 11699, shipping: 0, lines: [harness], shippingLine });
        const input = { ...base, buyer: { ...buyer, nip: null }, corrected: { ...base.corrected, ksefNumber: null } };
        const xml = buildCorrectionXml(input, correctionTotals(input.lines));
        expect(await validateFa3(xml)).toEqual({ valid: true, errors: [] });
        expect(xml).toContain('<NrFaKorygowanej>FV/2026/000123</NrFaKorygowanej><NrKSeFN>1</NrKSeFN>');
        expect(xml).toContain('<BrakID>1</BrakID>');
        expect(readFa3(xml).correction?.correctedKsefNumber).toBeNull();
    });

    it('the shipping refunded and an amount without lines: a shipping row and the amount spread over 23% and 8% by their gross', async () => {
        const input = correction({ total: 1299 + 5000, shipping: 1299, lines: [], shippingLine });
        const rows = input.lines;
        expect(rows[0]).toEqual({ name: 'Dostawa: Paczkomat InPost', quantity: -1, unitGross: 1299, lineGross: -1299, taxRate: 23 });
        // 50,00 over 246,97 (23%) and 20,22 (8%): 46,22 and 3,78
        expect(rows.slice(1)).toEqual([
            { name: 'Zwrot części zapłaty (stawka 23%)', quantity: null, unitGross: null, lineGross: -4622, taxRate: 23 },
            { name: 'Zwrot części zapłaty (stawka 8%)', quantity: null, unitGross: null, lineGross: -378, taxRate: 8 },
        ]);
        const totals = correctionTotals(rows);
        expect(totals.gross).toBe(-6299);
        expect(checkCorrection(input, totals)).toEqual([]);
        const xml = buildCorrectionXml(input, totals);
        expect(await validateFa3(xml)).toEqual({ valid: true, errors: [] });
        expect(readFa3(xml).lines.map(l => l.quantity)).toEqual(['-1', '', '']);
    });

    it('refuses a correction whose total is not minus the refund, or that takes back more than the invoice had', () => {
        const input = correction({ total: 11699, shipping: 0, lines: [harness], shippingLine });
        const wrongTotal = { ...input, refundTotal: 11700 };
        expect(checkCorrection(wrongTotal, correctionTotals(input.lines))).toContain('P_15 -116.99 ≠ minus kwota zwrotu 117.00');
        // both harnesses were already given back by an earlier correction: the third is refused
        const again = { ...input, earlierByRate: new Map([[23, -23398]]) };
        expect(checkCorrection(again, correctionTotals(input.lines)).join()).toMatch(
            /stawka 23%: korekty \(350\.97\) przekraczają fakturę \(246\.97\)/,
        );
        const positive = { ...input, lines: [{ ...input.lines[0]!, quantity: 1, lineGross: 11699 }] };
        expect(checkCorrection(positive, correctionTotals(positive.lines)).join()).toContain('ilość 1 nie jest ujemna');
        const foreignRate = { ...input, lines: [{ ...input.lines[0]!, taxRate: 5 }] };
        expect(checkCorrection(foreignRate, correctionTotals(foreignRate.lines)).join()).toContain(
            'stawki 5% nie ma na fakturze FV/2026/000123',
        );
    });
});
