/**
 * The correcting invoice (FA(3) KOR), without Vendure (issue 40, slice D; decision 120): what a
 * settled refund takes back, line by line (the refunded order lines at the unit price Vendure
 * refunded them at, the refunded shipping, and any other amount spread over the original's VAT
 * rates in proportion to their gross), its arithmetic check, and the KOR XML written by the
 * difference method (each row the change: a negative quantity and value), with DaneFaKorygowanej
 * naming the corrected invoice by its number, its date and its KSeF number (or NrKSeFN when it was
 * issued outside KSeF).
 */
import {
    el,
    FA3_ADNOTACJE,
    fa3Document,
    fa3RateSums,
    type InvoiceTotals,
    oneLine,
    type Party,
    pln,
    totalsByRate,
    validNip,
    vatFromGross,
} from './invoice.rules';

/** One row of a correction: the change, so `quantity` and `lineGross` are negative or zero. */
export interface CorrectionLine {
    name: string;
    /** negative: the quantity given back; null for an amount not tied to goods (P_8B left out) */
    quantity: number | null;
    /** the gross unit price the row refers to (positive), grosze; null with `quantity` null */
    unitGross: number | null;
    /** the change of the gross value, grosze (negative for money given back) */
    lineGross: number;
    taxRate: number;
}

/** The corrected invoice as it was issued (its stored record). */
export interface CorrectedInvoice {
    number: string;
    issueDate: string;
    /** P_6 of the corrected invoice */
    saleDate: string;
    /** its KSeF number; null: issued outside KSeF (a consumer's), NrKSeFN */
    ksefNumber: string | null;
    /** its gross per rate, grosze (to cap the corrections and spread an amount) */
    grossByRate: ReadonlyMap<number, number>;
}

export interface CorrectionInput {
    kind: 'KOR';
    number: string;
    /** P_1: the correction's issue date, YYYY-MM-DD (Warsaw) */
    issueDate: string;
    createdAt: Date;
    seller: Party;
    buyer: Party;
    corrected: CorrectedInvoice;
    /** PrzyczynaKorekty */
    reason: string;
    lines: CorrectionLine[];
    /** what the refund gave back, grosze (positive): P_15 must be minus this */
    refundTotal: number;
    /** the gross already taken back by earlier corrections of the same invoice, per rate (negative or 0) */
    earlierByRate: ReadonlyMap<number, number>;
    orderCode: string;
    /** the day the refund was settled, YYYY-MM-DD (Warsaw) */
    refundDate: string;
}

/** What a settled refund took back, as Vendure recorded it. */
export interface RefundFacts {
    total: number;
    /** the refunded shipping, grosze (0 when none) */
    shipping: number;
    lines: Array<{ name: string; quantity: number; unitGross: number; taxRate: number }>;
    /** the order's (first) shipping line: its name and rate */
    shippingLine: { name: string; taxRate: number } | null;
}

/**
 * The rows of a correction: each refunded order line at the unit price Vendure refunded it at
 * (its prorated unit price, discounts included), the refunded shipping, and what is left of the
 * refund's total (an amount refunded without lines, or staff's adjustment) spread over the
 * corrected invoice's rates by their gross (the last rate takes the rounding), as one row per rate.
 */
export function correctionLines(refund: RefundFacts, corrected: Pick<CorrectedInvoice, 'grossByRate'>): CorrectionLine[] {
    const rows: CorrectionLine[] = refund.lines
        .filter(l => l.quantity > 0)
        .map(l => ({
            name: l.name,
            quantity: -l.quantity,
            unitGross: l.unitGross,
            lineGross: -l.unitGross * l.quantity,
            taxRate: l.taxRate,
        }));
    if (refund.shipping > 0 && refund.shippingLine) {
        rows.push({
            name: refund.shippingLine.name,
            quantity: -1,
            unitGross: refund.shipping,
            lineGross: -refund.shipping,
            taxRate: refund.shippingLine.taxRate,
        });
    }
    const itemised = rows.reduce((s, r) => s - r.lineGross, 0);
    const rest = refund.total - itemised;
    if (rest !== 0) {
        const rates = [...corrected.grossByRate.entries()].filter(([, g]) => g > 0).sort((a, b) => b[1] - a[1]);
        const base = rates.reduce((s, [, g]) => s + g, 0);
        let left = rest;
        for (const [i, [rate, gross]] of rates.entries()) {
            const share = i === rates.length - 1 ? left : Math.round((rest * gross) / base);
            left -= share;
            if (share === 0) continue;
            rows.push({
                name: rest > 0 ? `Zwrot części zapłaty (stawka ${rate}%)` : `Potrącenie ze zwrotu (stawka ${rate}%)`,
                quantity: null,
                unitGross: null,
                lineGross: -share,
                taxRate: rate,
            });
        }
    }
    return rows;
}

/** The correction's totals: the differences per rate (negative), VAT by art. 106e ust. 8 and 11. */
export function correctionTotals(lines: readonly CorrectionLine[]): InvoiceTotals {
    return totalsByRate(lines);
}

/** Problems of a correction the shop must not issue (Polish, for the job's log); empty = fine. */
export function checkCorrection(input: CorrectionInput, totals: InvoiceTotals): string[] {
    const problems: string[] = [];
    if (!input.lines.length) problems.push('korekta bez pozycji');
    if (input.refundTotal <= 0) problems.push(`zwrot ${pln(input.refundTotal)} nie jest dodatni`);
    if (input.buyer.nip !== null && !validNip(input.buyer.nip)) problems.push(`NIP nabywcy ${input.buyer.nip} ma złą sumę kontrolną`);
    if (!input.seller.nip || !validNip(input.seller.nip)) problems.push('NIP sprzedawcy ma złą sumę kontrolną');
    if (!input.reason.trim()) problems.push('brak przyczyny korekty');
    for (const [i, l] of input.lines.entries()) {
        if (!input.corrected.grossByRate.has(l.taxRate))
            problems.push(`pozycja ${i + 1}: stawki ${l.taxRate}% nie ma na fakturze ${input.corrected.number}`);
        if (l.quantity !== null) {
            if (!Number.isInteger(l.quantity) || l.quantity >= 0) problems.push(`pozycja ${i + 1}: ilość ${l.quantity} nie jest ujemna`);
            if (l.unitGross === null || l.lineGross !== l.quantity * l.unitGross)
                problems.push(`pozycja ${i + 1}: wartość ${pln(l.lineGross)} ≠ ilość × cena`);
        }
    }
    const lineSum = input.lines.reduce((s, l) => s + l.lineGross, 0);
    if (lineSum !== totals.gross) problems.push(`suma pozycji ${pln(lineSum)} ≠ suma stawek ${pln(totals.gross)}`);
    for (const r of totals.byRate) {
        if (r.net + r.vat !== r.gross) problems.push(`stawka ${r.rate}%: netto + VAT ≠ brutto`);
        if (r.vat !== vatFromGross(r.gross, r.rate)) problems.push(`stawka ${r.rate}%: VAT ${pln(r.vat)} źle zaokrąglony`);
        // never more back than the corrected invoice had at this rate, counting the earlier corrections
        const original = input.corrected.grossByRate.get(r.rate) ?? 0;
        const earlier = input.earlierByRate.get(r.rate) ?? 0;
        if (original + earlier + r.gross < 0)
            problems.push(`stawka ${r.rate}%: korekty (${pln(-(earlier + r.gross))}) przekraczają fakturę (${pln(original)})`);
    }
    if (totals.gross !== -input.refundTotal) problems.push(`P_15 ${pln(totals.gross)} ≠ minus kwota zwrotu ${pln(input.refundTotal)}`);
    return problems;
}

/**
 * The FA(3) XML of a correcting invoice (RodzajFaktury KOR; UTF-8, no pretty-printing: stored
 * and hashed as is). P_6 repeats the corrected invoice's date of payment (the sale corrected);
 * TypKorekty 2: the correction takes effect at its own issue date (a return or a refund after
 * the sale, art. 29a ust. 13 of the VAT act). The rows and P_13_x/P_14_x/P_15 are differences.
 */
export function buildCorrectionXml(input: CorrectionInput, totals: InvoiceTotals): string {
    const c = input.corrected;
    const ksefRef = c.ksefNumber ? `<NrKSeF>1</NrKSeF>${el('NrKSeFFaKorygowanej', c.ksefNumber)}` : '<NrKSeFN>1</NrKSeFN>';
    const korekta =
        `${el('PrzyczynaKorekty', oneLine(input.reason, 256))}<TypKorekty>2</TypKorekty>` +
        `<DaneFaKorygowanej>${el('DataWystFaKorygowanej', c.issueDate)}${el('NrFaKorygowanej', c.number)}${ksefRef}</DaneFaKorygowanej>`;
    const wiersze = input.lines
        .map((l, i) => {
            const qty = l.quantity === null ? '' : `${el('P_8A', 'szt.')}${el('P_8B', String(l.quantity))}`;
            const unit = l.unitGross === null ? '' : el('P_9B', pln(l.unitGross));
            return `<FaWiersz>${el('NrWierszaFa', String(i + 1))}${el('P_7', oneLine(l.name, 512))}${qty}${unit}${el('P_11A', pln(l.lineGross))}${el('P_12', String(l.taxRate))}</FaWiersz>`;
        })
        .join('');
    const fa =
        `<Fa><KodWaluty>PLN</KodWaluty>${el('P_1', input.issueDate)}${el('P_2', input.number)}${el('P_6', c.saleDate)}` +
        `${fa3RateSums(totals.byRate)}${el('P_15', pln(totals.gross))}${FA3_ADNOTACJE}<RodzajFaktury>KOR</RodzajFaktury>${korekta}` +
        `<DodatkowyOpis>${el('Klucz', 'Numer zamówienia')}${el('Wartosc', input.orderCode)}</DodatkowyOpis>` +
        `<DodatkowyOpis>${el('Klucz', 'Data zwrotu')}${el('Wartosc', input.refundDate)}</DodatkowyOpis>` +
        `${wiersze}</Fa>`;
    return fa3Document(input.createdAt, input.seller, input.buyer, fa);
}

/** The gross per rate of an invoice, read from its FA(3) XML's P_13_x + P_14_x (grosze). */
export function grossByRateOfXml(xml: string): Map<number, number> {
    const out = new Map<number, number>();
    const rateOf: Record<string, number> = { '1': 23, '2': 8, '3': 5 };
    for (const f of ['1', '2', '3']) {
        const net = xml.match(new RegExp(`<P_13_${f}>(-?[\\d.]+)</P_13_${f}>`))?.[1];
        const vat = xml.match(new RegExp(`<P_14_${f}>(-?[\\d.]+)</P_14_${f}>`))?.[1];
        if (net === undefined || vat === undefined) continue;
        out.set(rateOf[f]!, Math.round(Number(net) * 100) + Math.round(Number(vat) * 100));
    }
    return out;
}
