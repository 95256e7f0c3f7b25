/**
 * The invoice itself, without Vendure (issue 40; decision 116): the buyer read from the order's
 * billing address, the lines (extras in the name, discounts as P_10, the shipping as its own line),
 * the totals per VAT rate by the gross method of art. 106e ust. 8 of the VAT act (the shop's prices
 * are gross), the FA(3) XML of the Ministry of Finance's schema (schema/, validated by xsd.ts) and an
 * arithmetic check of what the XSD cannot check (sums).
 */

export const FA3_NAMESPACE = 'http://crd.gov.pl/wzor/2025/06/25/13775/';

export type InvoiceKind = 'VAT' | 'KOR';

/** The series prefix of each kind: FV/2026/000123, FK/2026/000001. */
export const SERIES_PREFIX: Readonly<Record<InvoiceKind, string>> = { VAT: 'FV', KOR: 'FK' };

export function invoiceNumber(kind: InvoiceKind, year: number, sequence: number): string {
    return `${SERIES_PREFIX[kind]}/${year}/${String(sequence).padStart(6, '0')}`;
}

/** Whether a 10-digit NIP has a valid checksum (weights 6 5 7 2 3 4 5 6 7, mod 11). */
export function validNip(nip: string): boolean {
    if (!/^\d{10}$/.test(nip)) return false;
    const w = [6, 5, 7, 2, 3, 4, 5, 6, 7];
    const sum = w.reduce((s, x, i) => s + x * Number(nip[i]), 0);
    return sum % 11 === Number(nip[9]);
}

/** "123-456-32-18", "PL 1234563218" → "1234563218" (digits only; the checksum is checked separately). */
export function normaliseNip(raw: string | null | undefined): string {
    const s = (raw ?? '').trim().replace(/^PL/i, '');
    return s.length <= 20 ? s.replace(/[\s-]/g, '') : s;
}

export interface Party {
    name: string;
    /** 10 digits, or null for a consumer without a NIP (Podmiot2/BrakID) */
    nip: string | null;
    /** AdresL1: the street and number; AdresL2: postal code and city */
    addressLine1: string;
    addressLine2: string;
    countryCode: string;
}

export interface InvoiceLineInput {
    /** the product and variant with the chosen extras */
    name: string;
    quantity: number;
    /** gross unit price before discounts, grosze */
    unitGross: number;
    /** gross value of the line after its share of the discounts, grosze */
    lineGross: number;
    /** the VAT rate in percent (23, 8, 5) */
    taxRate: number;
}

/** transfer: FA(3) 6 (przelew); blik: 7 (płatność mobilna); online: P24's page (bank transfer or card), described */
export type PaymentForm = 'transfer' | 'blik' | 'online';

export interface InvoiceInput {
    kind: 'VAT';
    number: string;
    /** P_1: the issue date, YYYY-MM-DD (Warsaw) */
    issueDate: string;
    /** P_6: the date the whole payment was received (decision 116), YYYY-MM-DD (Warsaw) */
    saleDate: string;
    /** DataWytworzeniaFa */
    createdAt: Date;
    seller: Party;
    buyer: Party;
    lines: InvoiceLineInput[];
    /** the order's total the buyer paid, grosze (the arithmetic check compares P_15 with it) */
    orderTotalGross: number;
    orderCode: string;
    payment: { date: string; form: PaymentForm };
}

export interface RateTotals {
    rate: number;
    net: number;
    vat: number;
    gross: number;
}

export interface InvoiceTotals {
    byRate: RateTotals[];
    net: number;
    vat: number;
    gross: number;
}

/** FA(3)'s fields of each rate: P_13_1/P_14_1 the basic rate (23%), _2 the first reduced (8%), _3 the second (5%). */
const RATE_FIELDS: ReadonlyMap<number, 1 | 2 | 3> = new Map([
    [23, 1],
    [22, 1],
    [8, 2],
    [7, 2],
    [5, 3],
]);

/** Half up to whole grosze (art. 106e ust. 11: below half a grosz dropped, half and above up); exact in integers. */
export function vatFromGross(gross: number, rate: number): number {
    // gross × rate / (100 + rate), rounded half away from zero
    const num = Math.abs(gross) * rate;
    const den = 100 + rate;
    const q = Math.floor((2 * num + den) / (2 * den));
    return gross < 0 ? -q : q;
}

/** Totals per rate by art. 106e ust. 8: VAT of each rate from the sum of the gross values, net = gross − VAT. */
export function totalsByRate(lines: readonly Pick<InvoiceLineInput, 'lineGross' | 'taxRate'>[]): InvoiceTotals {
    const gross = new Map<number, number>();
    for (const l of lines) gross.set(l.taxRate, (gross.get(l.taxRate) ?? 0) + l.lineGross);
    const byRate = [...gross.entries()]
        .sort((a, b) => (RATE_FIELDS.get(a[0]) ?? 9) - (RATE_FIELDS.get(b[0]) ?? 9))
        .map(([rate, g]) => {
            const vat = vatFromGross(g, rate);
            return { rate, net: g - vat, vat, gross: g };
        });
    return {
        byRate,
        net: byRate.reduce((s, r) => s + r.net, 0),
        vat: byRate.reduce((s, r) => s + r.vat, 0),
        gross: byRate.reduce((s, r) => s + r.gross, 0),
    };
}

/** Grosze as the schema's amount: 12345 → "123.45", -5 → "-0.05". */
export function pln(grosze: number): string {
    if (!Number.isSafeInteger(grosze)) throw new Error(`kwota ${grosze} nie jest całkowitą liczbą groszy`);
    const sign = grosze < 0 ? '-' : '';
    const a = Math.abs(grosze);
    return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

/** Escapes text for an XML element (and drops the control characters XML 1.0 forbids). */
export function xmlText(s: string): string {
    return (
        s
            // eslint-disable-next-line no-control-regex
            .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
            .replace(/&/g, '&amp;')
            .replace(/</g, '&lt;')
            .replace(/>/g, '&gt;')
            .replace(/"/g, '&quot;')
    );
}

/** A single-line text of at most `max` characters (the schema's TZnakowy: a token of 1..max). */
export function oneLine(s: string, max: number): string {
    const t = s.replace(/\s+/g, ' ').trim();
    return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** `<name>value</name>`, the value escaped. */
export const el = (name: string, value: string) => `<${name}>${xmlText(value)}</${name}>`;

/** Problems of an invoice the shop must not issue (Polish, for the job's log); empty = fine. */
export function checkInvoice(input: InvoiceInput, totals: InvoiceTotals): string[] {
    const problems: string[] = [];
    if (!input.lines.length) problems.push('faktura bez pozycji');
    if (input.buyer.nip !== null && !validNip(input.buyer.nip)) problems.push(`NIP nabywcy ${input.buyer.nip} ma złą sumę kontrolną`);
    if (!input.seller.nip || !validNip(input.seller.nip)) problems.push('NIP sprzedawcy ma złą sumę kontrolną');
    for (const [i, l] of input.lines.entries()) {
        if (!RATE_FIELDS.has(l.taxRate)) problems.push(`pozycja ${i + 1}: stawka VAT ${l.taxRate}% nieobsługiwana`);
        if (!Number.isInteger(l.quantity) || l.quantity <= 0) problems.push(`pozycja ${i + 1}: ilość ${l.quantity}`);
        if (l.lineGross < 0 || l.lineGross > l.unitGross * l.quantity)
            problems.push(`pozycja ${i + 1}: wartość ${pln(l.lineGross)} poza 0..${pln(l.unitGross * l.quantity)}`);
    }
    // the sums the XSD cannot check: lines = totals per rate = P_15 = what the buyer paid
    const lineSum = input.lines.reduce((s, l) => s + l.lineGross, 0);
    if (lineSum !== totals.gross) problems.push(`suma pozycji ${pln(lineSum)} ≠ suma stawek ${pln(totals.gross)}`);
    for (const r of totals.byRate) {
        if (r.net + r.vat !== r.gross) problems.push(`stawka ${r.rate}%: netto + VAT ≠ brutto`);
        if (r.vat !== vatFromGross(r.gross, r.rate)) problems.push(`stawka ${r.rate}%: VAT ${pln(r.vat)} źle zaokrąglony`);
    }
    if (totals.gross !== input.orderTotalGross) problems.push(`P_15 ${pln(totals.gross)} ≠ kwota zamówienia ${pln(input.orderTotalGross)}`);
    return problems;
}

function partyAddress(p: Party): string {
    return `<Adres>${el('KodKraju', p.countryCode)}${el('AdresL1', oneLine(p.addressLine1, 512))}${
        p.addressLine2 ? el('AdresL2', oneLine(p.addressLine2, 512)) : ''
    }</Adres>`;
}

/** DataWytworzeniaFa: the schema's dateTime, UTC to the second. */
function dateTime(d: Date): string {
    return `${d.toISOString().slice(0, 19)}Z`;
}

/** P_13_x and P_14_x of each rate (net and VAT), in the schema's order of the rates. */
export function fa3RateSums(byRate: readonly RateTotals[]): string {
    return byRate
        .map(r => {
            const f = RATE_FIELDS.get(r.rate);
            if (!f) throw new Error(`stawka VAT ${r.rate}% nieobsługiwana`);
            return `${el(`P_13_${f}`, pln(r.net))}${el(`P_14_${f}`, pln(r.vat))}`;
        })
        .join('');
}

/** Adnotacje of this shop's invoices and corrections: every annotation "no" (decision 116). */
export const FA3_ADNOTACJE =
    '<Adnotacje><P_16>2</P_16><P_17>2</P_17><P_18>2</P_18><P_18A>2</P_18A>' +
    '<Zwolnienie><P_19N>1</P_19N></Zwolnienie><NoweSrodkiTransportu><P_22N>1</P_22N></NoweSrodkiTransportu>' +
    '<P_23>2</P_23><PMarzy><P_PMarzyN>1</P_PMarzyN></PMarzy></Adnotacje>';

/**
 * The whole FA(3) document around its `<Fa>`: the header, the seller (Podmiot1) and the buyer
 * (Podmiot2: a NIP or BrakID). UTF-8, no pretty-printing: these exact bytes are stored and hashed.
 */
export function fa3Document(createdAt: Date, seller: Party, buyer: Party, fa: string): string {
    const podmiot1 =
        `<Podmiot1><DaneIdentyfikacyjne>${el('NIP', seller.nip ?? '')}${el('Nazwa', oneLine(seller.name, 512))}</DaneIdentyfikacyjne>` +
        `${partyAddress(seller)}</Podmiot1>`;
    const buyerId = buyer.nip ? el('NIP', buyer.nip) : '<BrakID>1</BrakID>';
    const podmiot2 =
        `<Podmiot2><DaneIdentyfikacyjne>${buyerId}${el('Nazwa', oneLine(buyer.name, 512))}</DaneIdentyfikacyjne>` +
        `${partyAddress(buyer)}<JST>2</JST><GV>2</GV></Podmiot2>`;
    return (
        `<?xml version="1.0" encoding="UTF-8"?>\n<Faktura xmlns="${FA3_NAMESPACE}">` +
        `<Naglowek><KodFormularza kodSystemowy="FA (3)" wersjaSchemy="1-0E">FA</KodFormularza><WariantFormularza>3</WariantFormularza>` +
        `${el('DataWytworzeniaFa', dateTime(createdAt))}${el('SystemInfo', 'Psiaki')}</Naglowek>` +
        `${podmiot1}${podmiot2}${fa}</Faktura>\n`
    );
}

/**
 * The FA(3) XML of a VAT invoice (UTF-8, no pretty-printing: these exact bytes are stored and
 * hashed). Amounts in PLN with 2 decimals; the lines by the gross method (P_9B, P_11A) with the
 * discount of each line as P_10.
 */
export function buildFa3Xml(input: InvoiceInput, totals: InvoiceTotals): string {
    const wiersze = input.lines
        .map((l, i) => {
            const discount = l.unitGross * l.quantity - l.lineGross;
            return (
                `<FaWiersz>${el('NrWierszaFa', String(i + 1))}${el('P_7', oneLine(l.name, 512))}${el('P_8A', 'szt.')}` +
                `${el('P_8B', String(l.quantity))}${el('P_9B', pln(l.unitGross))}${discount ? el('P_10', pln(discount)) : ''}` +
                `${el('P_11A', pln(l.lineGross))}${el('P_12', String(l.taxRate))}</FaWiersz>`
            );
        })
        .join('');
    const form =
        input.payment.form === 'transfer'
            ? '<FormaPlatnosci>6</FormaPlatnosci>'
            : input.payment.form === 'blik'
              ? '<FormaPlatnosci>7</FormaPlatnosci>'
              : `<PlatnoscInna>1</PlatnoscInna>${el('OpisPlatnosci', 'Płatność online Przelewy24')}`;
    const platnosc = `<Platnosc><Zaplacono>1</Zaplacono>${el('DataZaplaty', input.payment.date)}${form}</Platnosc>`;
    const fa =
        `<Fa><KodWaluty>PLN</KodWaluty>${el('P_1', input.issueDate)}${el('P_2', input.number)}${el('P_6', input.saleDate)}` +
        `${fa3RateSums(totals.byRate)}${el('P_15', pln(totals.gross))}${FA3_ADNOTACJE}<RodzajFaktury>${input.kind}</RodzajFaktury>` +
        `<DodatkowyOpis>${el('Klucz', 'Numer zamówienia')}${el('Wartosc', input.orderCode)}</DodatkowyOpis>` +
        `${wiersze}${platnosc}</Fa>`;
    return fa3Document(input.createdAt, input.seller, input.buyer, fa);
}

const EXTRA_LABELS: ReadonlyArray<[string, (v: unknown) => string | null]> = [
    ['podszycie', v => (v === 'tak' ? 'podszycie' : typeof v === 'string' && v ? `podszycie: ${v}` : null)],
    ['kolorOkuc', v => (typeof v === 'string' && v && v !== 'srebrny' ? `okucia: ${v}` : null)],
    ['odblaski', v => (v ? 'odblaski' : null)],
    ['raczka', v => (v ? 'dodatkowa rączka' : null)],
    ['dopasowanieRozmiaru', v => (v === true ? 'dopasowanie rozmiaru' : null)],
    ['customObwodSzyi', v => (typeof v === 'number' && v > 0 ? `obwód szyi ${v} cm` : null)],
    ['customObwodKlatki', v => (typeof v === 'number' && v > 0 ? `obwód klatki ${v} cm` : null)],
    ['dodatkowyMetr', v => (typeof v === 'number' && v > 0 ? `dodatkowa długość ${v} m` : null)],
    ['configurator', v => (typeof v === 'string' && v ? 'konfiguracja własna' : null)],
];

/** The invoice line's name: the product, the variant (when it says more) and the chosen extras. */
export function lineName(productName: string, variantName: string, customFields: Record<string, unknown> | undefined): string {
    const base = variantName && variantName !== productName ? `${productName} – ${variantName}` : productName;
    const extras = EXTRA_LABELS.map(([f, label]) => label(customFields?.[f])).filter((x): x is string => !!x);
    return extras.length ? `${base} (${extras.join(', ')})` : base;
}

/** YYYY-MM-DD in Poland's time zone (the dates of a Polish invoice). */
export function warsawDate(d: Date): string {
    return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}
