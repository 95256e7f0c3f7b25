/**
 * Reads back what the PDF shows from the stored FA(3) XML (decision 119): the PDF is a picture of
 * the file that was issued (and sent to KSeF), not of the order as it is now. The XML is always
 * the shop's own (invoice.rules.ts buildFa3Xml: no pretty-printing, no CDATA, no attributes on the
 * elements read here), so a reader of named elements is enough; a field missing from it throws.
 */

export interface Fa3Party {
    /** 10 digits, or null for a consumer (BrakID) */
    nip: string | null;
    name: string;
    addressLine1: string;
    addressLine2: string;
    countryCode: string;
}

export interface Fa3Line {
    no: number;
    name: string;
    unit: string;
    quantity: string;
    /** P_9B (gross method, the shop's) or P_9A (net method): unit price, "123.45" */
    unitPrice: string;
    /** P_10: the line's discount, "0.00" when none */
    discount: string;
    /** P_11A (gross) or P_11 (net): the line's value after the discount */
    value: string;
    /** P_12: "23", "8", "5" */
    rate: string;
}

export interface Fa3RateSum {
    rate: string;
    net: string;
    vat: string;
    /** net + VAT */
    gross: string;
}

export interface Fa3View {
    /** P_2 */
    number: string;
    /** P_1 */
    issueDate: string;
    /** P_6 */
    saleDate: string;
    currency: string;
    kind: string;
    /** whether the lines' prices and values are gross (P_9B/P_11A, the shop's invoices) or net (P_9A/P_11) */
    grossLines: boolean;
    seller: Fa3Party;
    buyer: Fa3Party;
    lines: Fa3Line[];
    sums: Fa3RateSum[];
    /** P_15 */
    total: string;
    payment: { paid: boolean; date: string | null; method: string };
    /** DodatkowyOpis: [Klucz, Wartosc] */
    notes: Array<[string, string]>;
    /** a correcting invoice's (KOR) reason and the invoice it corrects; null for others */
    correction: Fa3Correction | null;
}

export interface Fa3Correction {
    /** PrzyczynaKorekty ('' when not given) */
    reason: string;
    /** DaneFaKorygowanej: NrFaKorygowanej, DataWystFaKorygowanej */
    correctedNumber: string;
    correctedIssueDate: string;
    /** NrKSeFFaKorygowanej; null: the corrected invoice was issued outside KSeF (NrKSeFN) */
    correctedKsefNumber: string | null;
}

/** P_13_1/P_14_1: the basic rate, _2 the first reduced, _3 the second reduced (invoice.rules.ts RATE_FIELDS). */
const RATE_OF_FIELD: Readonly<Record<string, string>> = { '1': '23', '2': '8', '3': '5' };

const PAYMENT_FORMS: Readonly<Record<string, string>> = {
    '1': 'gotówka',
    '2': 'karta',
    '3': 'bon',
    '4': 'czek',
    '5': 'kredyt',
    '6': 'przelew',
    '7': 'płatność mobilna',
};

/** The character of a numeric reference, or the reference itself when it names no Unicode code point. */
const codePoint = (cp: number, ref: string) => (cp <= 0x10ffff ? String.fromCodePoint(cp) : ref);

function unescapeXml(s: string): string {
    return s
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&#(\d{1,7});/g, (ref, d: string) => codePoint(Number(d), ref))
        .replace(/&#x([0-9a-f]{1,6});/gi, (ref, h: string) => codePoint(parseInt(h, 16), ref))
        .replace(/&amp;/g, '&');
}

/** The inner XML of every `<name>…</name>` in `xml` (no nesting of the same name in FA(3)). */
function all(xml: string, name: string): string[] {
    const re = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`, 'g');
    return [...xml.matchAll(re)].map(m => m[1]!);
}

function optional(xml: string, name: string): string | null {
    const found = all(xml, name)[0];
    return found === undefined ? null : unescapeXml(found);
}

function required(xml: string, name: string): string {
    const v = optional(xml, name);
    if (v === null) throw new Error(`FA(3): brak elementu ${name}`);
    return v;
}

function block(xml: string, name: string): string {
    const b = all(xml, name)[0];
    if (b === undefined) throw new Error(`FA(3): brak elementu ${name}`);
    return b;
}

function party(xml: string): Fa3Party {
    const id = block(xml, 'DaneIdentyfikacyjne');
    const address = block(xml, 'Adres');
    return {
        nip: optional(id, 'NIP'),
        name: required(id, 'Nazwa'),
        addressLine1: required(address, 'AdresL1'),
        addressLine2: optional(address, 'AdresL2') ?? '',
        countryCode: required(address, 'KodKraju'),
    };
}

/** Adds two "123.45" amounts exactly (in grosze). */
function addAmounts(a: string, b: string): string {
    const grosze = (s: string) => Math.round(Number(s) * 100);
    const sum = grosze(a) + grosze(b);
    const sign = sum < 0 ? '-' : '';
    const abs = Math.abs(sum);
    return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The invoice as the PDF shows it, read from its FA(3) XML. */
export function readFa3(xml: string): Fa3View {
    const fa = block(xml, 'Fa');
    const sums: Fa3RateSum[] = [];
    for (const field of ['1', '2', '3']) {
        const net = optional(fa, `P_13_${field}`);
        if (net === null) continue;
        const vat = required(fa, `P_14_${field}`);
        sums.push({ rate: RATE_OF_FIELD[field]!, net, vat, gross: addAmounts(net, vat) });
    }
    const lines = all(fa, 'FaWiersz').map(w => ({
        no: Number(required(w, 'NrWierszaFa')),
        name: required(w, 'P_7'),
        unit: optional(w, 'P_8A') ?? '',
        // a correction's amount row has no quantity
        quantity: optional(w, 'P_8B') ?? '',
        unitPrice: optional(w, 'P_9B') ?? optional(w, 'P_9A') ?? '',
        discount: optional(w, 'P_10') ?? '0.00',
        value: optional(w, 'P_11A') ?? required(w, 'P_11'),
        rate: required(w, 'P_12'),
    }));
    const platnosc = all(fa, 'Platnosc')[0] ?? '';
    const form = optional(platnosc, 'FormaPlatnosci');
    const method = form ? (PAYMENT_FORMS[form] ?? `forma ${form}`) : (optional(platnosc, 'OpisPlatnosci') ?? '');
    const kind = required(fa, 'RodzajFaktury');
    const corrected = all(fa, 'DaneFaKorygowanej')[0];
    const correction: Fa3Correction | null =
        kind.startsWith('KOR') && corrected !== undefined
            ? {
                  reason: optional(fa, 'PrzyczynaKorekty') ?? '',
                  correctedNumber: required(corrected, 'NrFaKorygowanej'),
                  correctedIssueDate: required(corrected, 'DataWystFaKorygowanej'),
                  correctedKsefNumber: optional(corrected, 'NrKSeFFaKorygowanej'),
              }
            : null;
    return {
        number: required(fa, 'P_2'),
        issueDate: required(fa, 'P_1'),
        saleDate: optional(fa, 'P_6') ?? required(fa, 'P_1'),
        currency: required(fa, 'KodWaluty'),
        kind,
        grossLines: !all(fa, 'FaWiersz').some(w => optional(w, 'P_11') !== null),
        seller: party(block(xml, 'Podmiot1')),
        buyer: party(block(xml, 'Podmiot2')),
        lines,
        sums,
        total: required(fa, 'P_15'),
        payment: { paid: optional(platnosc, 'Zaplacono') === '1', date: optional(platnosc, 'DataZaplaty'), method },
        notes: all(fa, 'DodatkowyOpis').map(d => [required(d, 'Klucz'), required(d, 'Wartosc')] as [string, string]),
        correction,
    };
}
