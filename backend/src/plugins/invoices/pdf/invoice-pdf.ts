/**
 * The invoice as a PDF (issue 40, slice C; decision 119): a visualisation of the stored FA(3) XML
 * (fa3-read.ts) on A4, in DejaVu Sans embedded as a subset (fonts/, Debian's fonts-dejavu-core,
 * licence in fonts/LICENSE) so Polish letters print everywhere; for an invoice that goes to KSeF
 * the verification QR code "KOD I" (verification-link.ts) with the label kody-qr.md requires under
 * it: the KSeF number once KSeF gave one, "OFFLINE" while it has not. A consumer's invoice (outside
 * KSeF) has no QR code. Generated on request, never stored.
 */
import fs from 'node:fs';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import { BACKEND_DIR } from '../../../env';
import { type Fa3View, readFa3 } from './fa3-read';

/** the source folder (tsc copies no .ttf into dist/) */
export const FONT_DIR = path.join(BACKEND_DIR, 'src', 'plugins', 'invoices', 'pdf', 'fonts');

export interface InvoicePdfKsef {
    /** the KOD I URL (verificationLink) */
    verificationUrl: string;
    /** KSeF's number of the invoice; null while KSeF has not accepted it (the QR's label is then OFFLINE) */
    ksefNumber: string | null;
}

export interface InvoicePdfInput {
    xml: string;
    /** null: an invoice outside KSeF (a consumer's): no QR code */
    ksef: InvoicePdfKsef | null;
}

let fontCache: { regular: Buffer; bold: Buffer } | undefined;
function fontBytes() {
    fontCache ??= {
        regular: fs.readFileSync(path.join(FONT_DIR, 'DejaVuSans.ttf')),
        bold: fs.readFileSync(path.join(FONT_DIR, 'DejaVuSans-Bold.ttf')),
    };
    return fontCache;
}

/** "1234.5" → "1 234,50" (Polish: space for thousands, comma for decimals). */
export function plAmount(amount: string): string {
    const n = Number(amount);
    if (!Number.isFinite(n)) return amount;
    const [int, frac] = Math.abs(n).toFixed(2).split('.');
    const groups: string[] = [];
    for (let end = int!.length; end > 0; end -= 3) groups.unshift(int!.slice(Math.max(0, end - 3), end));
    return `${n < 0 ? '-' : ''}${groups.join(' ')},${frac}`;
}

/** "2026-11-26" → "26.11.2026" */
export function plDate(iso: string): string {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
    return m ? `${m[3]}.${m[2]}.${m[1]}` : iso;
}

/** "1234563218" → "123-456-32-18" is how NIPs are often printed; the PDF keeps the 10 digits, as in the XML. */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const GREY = rgb(0.35, 0.35, 0.35);
const LINE = rgb(0.75, 0.75, 0.75);

interface Fonts {
    regular: PDFFont;
    bold: PDFFont;
}

/** Splits text into lines no wider than `width` (words longer than a line are cut). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const out: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(candidate, size) <= width) {
            line = candidate;
            continue;
        }
        if (line) out.push(line);
        let rest = word;
        while (font.widthOfTextAtSize(rest, size) > width) {
            let cut = rest.length - 1;
            while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
            out.push(rest.slice(0, cut));
            rest = rest.slice(cut);
        }
        line = rest;
    }
    if (line) out.push(line);
    return out.length ? out : [''];
}

/** A page-filling writer: text from the top down, a new page when the next block does not fit. */
class Writer {
    page!: PDFPage;
    y = 0;

    constructor(
        private doc: PDFDocument,
        readonly fonts: Fonts,
        private continuation: string,
    ) {
        this.newPage(false);
    }

    newPage(continued = true) {
        this.page = this.doc.addPage(A4);
        this.y = A4[1] - MARGIN;
        if (continued) {
            this.text(this.continuation, MARGIN, 9, { color: GREY });
            this.y -= 18;
        }
    }

    /** Makes room for `height` points, starting a new page if needed. */
    need(height: number) {
        if (this.y - height < MARGIN + 20) this.newPage();
    }

    text(s: string, x: number, size: number, o: { bold?: boolean; color?: ReturnType<typeof rgb>; right?: number } = {}) {
        const font = o.bold ? this.fonts.bold : this.fonts.regular;
        const at = o.right !== undefined ? o.right - font.widthOfTextAtSize(s, size) : x;
        this.page.drawText(s, { x: at, y: this.y - size, size, font, color: o.color ?? rgb(0, 0, 0) });
    }

    rule(x1 = MARGIN, x2 = A4[0] - MARGIN) {
        this.page.drawLine({ start: { x: x1, y: this.y }, end: { x: x2, y: this.y }, thickness: 0.5, color: LINE });
    }
}

interface Column {
    title: string;
    width: number;
    right?: boolean;
}

/** The table of lines: Lp., name (wrapped), quantity, unit, unit price, discount, value, rate (gross or net as the XML has them). */
const lineColumns = (gross: boolean): Column[] => [
    { title: 'Lp.', width: 24 },
    { title: 'Nazwa towaru lub usługi', width: 205 },
    { title: 'Ilość', width: 34, right: true },
    { title: 'J.m.', width: 30 },
    { title: `Cena jedn. ${gross ? 'brutto' : 'netto'}`, width: 66, right: true },
    { title: 'Rabat', width: 50, right: true },
    { title: `Wartość ${gross ? 'brutto' : 'netto'}`, width: 70, right: true },
    { title: 'Stawka VAT', width: 36, right: true },
];

function drawRow(w: Writer, columns: Column[], cells: string[][], size: number, bold: boolean) {
    const lineHeight = size + 3;
    const height = Math.max(...cells.map(c => c.length)) * lineHeight + 4;
    w.need(height);
    let x = MARGIN;
    for (const [i, col] of columns.entries()) {
        const cell = cells[i] ?? [''];
        const top = w.y;
        for (const [j, s] of cell.entries()) {
            w.y = top - 2 - j * lineHeight;
            w.text(s, x + 2, size, { bold, right: col.right ? x + col.width - 2 : undefined });
        }
        w.y = top;
        x += col.width;
    }
    w.y -= height;
    w.rule();
}

function partyBlock(w: Writer, x: number, width: number, title: string, p: Fa3View['seller']) {
    const top = w.y;
    w.text(title, x, 9, { bold: true, color: GREY });
    w.y -= 14;
    for (const s of wrap(p.name, w.fonts.bold, 10, width)) {
        w.text(s, x, 10, { bold: true });
        w.y -= 13;
    }
    if (p.nip) {
        w.text(`NIP: ${p.nip}`, x, 10);
        w.y -= 13;
    }
    for (const s of [p.addressLine1, p.addressLine2, p.countryCode === 'PL' ? '' : p.countryCode].filter(Boolean)) {
        for (const l of wrap(s, w.fonts.regular, 10, width)) {
            w.text(l, x, 10);
            w.y -= 13;
        }
    }
    const bottom = w.y;
    w.y = top;
    return bottom;
}

/** The QR code of `url` drawn as squares, `size` points wide, its top-left corner at (x, top). */
function drawQr(page: PDFPage, url: string, x: number, top: number, size: number) {
    const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
    const n = qr.modules.size;
    const quiet = 4;
    const cell = size / (n + 2 * quiet);
    page.drawRectangle({ x, y: top - size, width: size, height: size, color: rgb(1, 1, 1) });
    for (let r = 0; r < n; r++) {
        for (let c = 0; c < n; c++) {
            if (!qr.modules.get(r, c)) continue;
            page.drawRectangle({
                x: x + (c + quiet) * cell,
                y: top - (r + quiet + 1) * cell,
                width: cell,
                height: cell,
                color: rgb(0, 0, 0),
            });
        }
    }
    return n;
}

/** The label under KOD I (kody-qr.md): the KSeF number, or OFFLINE while the invoice has none. */
export function qrLabel(ksefNumber: string | null): string {
    return ksefNumber ?? 'OFFLINE';
}

/** The PDF of an issued invoice, from its stored FA(3) XML. */
export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Uint8Array> {
    const inv = readFa3(input.xml);
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    const bytes = fontBytes();
    const fonts: Fonts = {
        regular: await doc.embedFont(bytes.regular, { subset: true }),
        bold: await doc.embedFont(bytes.bold, { subset: true }),
    };
    const title = inv.kind === 'KOR' ? 'Faktura korygująca' : 'Faktura VAT';
    doc.setTitle(`${title} ${inv.number}`);
    doc.setAuthor(inv.seller.name);
    doc.setSubject(`${title} ${inv.number}`);
    doc.setCreator('Psiaki');
    doc.setProducer('Psiaki (pdf-lib)');
    doc.setLanguage('pl-PL');
    doc.setCreationDate(new Date(`${inv.issueDate}T12:00:00Z`));
    doc.setModificationDate(new Date(`${inv.issueDate}T12:00:00Z`));

    const w = new Writer(doc, fonts, `${title} ${inv.number} (ciąg dalszy)`);
    const right = A4[0] - MARGIN;

    // heading: kind and number; the dates on the right
    w.text(title, MARGIN, 18, { bold: true });
    w.text(`Data wystawienia: ${plDate(inv.issueDate)}`, 0, 10, { right });
    w.y -= 22;
    w.text(`nr ${inv.number}`, MARGIN, 13, { bold: true });
    w.text(`${inv.correction ? 'Data sprzedaży' : 'Data otrzymania zapłaty'}: ${plDate(inv.saleDate)}`, 0, 10, { right });
    w.y -= 18;
    // a correction (KOR): the invoice it corrects (number, date, KSeF number) and why
    if (inv.correction) {
        const c = inv.correction;
        w.text(`Dotyczy faktury: ${c.correctedNumber} z dnia ${plDate(c.correctedIssueDate)}`, MARGIN, 10, { bold: true });
        w.y -= 14;
        w.text(`Numer KSeF faktury korygowanej: ${c.correctedKsefNumber ?? 'faktura wystawiona poza KSeF'}`, MARGIN, 10);
        w.y -= 14;
        if (c.reason) {
            for (const line of wrap(`Przyczyna korekty: ${c.reason}`, fonts.regular, 10, right - MARGIN)) {
                w.text(line, MARGIN, 10);
                w.y -= 14;
            }
        }
    }
    if (input.ksef?.ksefNumber) {
        w.text(`Numer KSeF: ${input.ksef.ksefNumber}`, MARGIN, 10);
        w.y -= 14;
    } else if (input.ksef) {
        w.text('Numer KSeF: faktura czeka na przyjęcie przez KSeF', MARGIN, 10, { color: GREY });
        w.y -= 14;
    }
    w.y -= 8;
    w.rule();
    w.y -= 10;

    // seller and buyer side by side
    const half = (right - MARGIN) / 2;
    const b1 = partyBlock(w, MARGIN, half - 10, 'Sprzedawca', inv.seller);
    const b2 = partyBlock(w, MARGIN + half + 10, half - 10, 'Nabywca', inv.buyer);
    w.y = Math.min(b1, b2) - 10;
    w.rule();
    w.y -= 12;

    // lines
    const LINE_COLUMNS = lineColumns(inv.grossLines);
    w.need(40);
    drawRow(
        w,
        LINE_COLUMNS,
        LINE_COLUMNS.map(c => wrap(c.title, fonts.bold, 7.5, c.width - 4)),
        7.5,
        true,
    );
    for (const l of inv.lines) {
        drawRow(
            w,
            LINE_COLUMNS,
            [
                [String(l.no)],
                wrap(l.name, fonts.regular, 8.5, LINE_COLUMNS[1]!.width - 4),
                [l.quantity],
                [l.unit],
                [l.unitPrice ? plAmount(l.unitPrice) : ''],
                [l.discount === '0.00' ? '' : plAmount(l.discount)],
                [plAmount(l.value)],
                [`${l.rate}%`],
            ],
            8.5,
            false,
        );
    }
    w.y -= 14;

    // sums per rate (art. 106e ust. 8: the VAT of each rate from its gross sum) and the total
    const sumColumns: Column[] = [
        { title: 'Stawka VAT', width: 70 },
        { title: 'Wartość netto', width: 90, right: true },
        { title: 'Kwota VAT', width: 90, right: true },
        { title: 'Wartość brutto', width: 90, right: true },
    ];
    w.need(20 + 16 * (inv.sums.length + 2));
    w.text('Podsumowanie według stawek VAT', MARGIN, 10, { bold: true });
    w.y -= 16;
    drawRow(
        w,
        sumColumns,
        sumColumns.map(c => [c.title]),
        8.5,
        true,
    );
    for (const s of inv.sums)
        drawRow(w, sumColumns, [[`${s.rate}%`], [plAmount(s.net)], [plAmount(s.vat)], [plAmount(s.gross)]], 8.5, false);
    const totalNet = inv.sums.reduce((a, s) => a + Math.round(Number(s.net) * 100), 0);
    const totalVat = inv.sums.reduce((a, s) => a + Math.round(Number(s.vat) * 100), 0);
    drawRow(
        w,
        sumColumns,
        [['Razem'], [plAmount(String(totalNet / 100))], [plAmount(String(totalVat / 100))], [plAmount(inv.total)]],
        8.5,
        true,
    );
    w.y -= 14;
    w.need(60);
    if (inv.correction) {
        // the difference: what the buyer gets back (P_15 is negative), not a payment due
        const back = plAmount(inv.total.replace(/^-/, ''));
        w.text(`${inv.total.startsWith('-') ? 'Kwota do zwrotu nabywcy' : 'Kwota do zapłaty'}: ${back} ${inv.currency}`, MARGIN, 13, {
            bold: true,
        });
        w.y -= 20;
    } else {
        w.text(`Razem do zapłaty: ${plAmount(inv.total)} ${inv.currency}`, MARGIN, 13, { bold: true });
        w.y -= 20;
        const paid = inv.payment.paid ? `zapłacono${inv.payment.date ? ` ${plDate(inv.payment.date)}` : ''}` : 'do zapłaty';
        w.text(`Płatność: ${paid}, ${inv.payment.method}`, MARGIN, 10);
        w.y -= 14;
    }
    for (const [key, value] of inv.notes) {
        w.text(`${key}: ${value}`, MARGIN, 10);
        w.y -= 14;
    }

    // KOD I: the verification QR code of an invoice in KSeF, its label under it
    if (input.ksef) {
        const qrSize = 140;
        w.need(qrSize + 60);
        w.y -= 10;
        const top = w.y;
        drawQr(w.page, input.ksef.verificationUrl, MARGIN, top, qrSize);
        w.y = top - qrSize - 2;
        // the label centred under the code (the KSeF number is 35 characters: about as wide as the code)
        const label = qrLabel(input.ksef.ksefNumber);
        const labelWidth = fonts.bold.widthOfTextAtSize(label, 6.5);
        w.text(label, Math.max(MARGIN, MARGIN + (qrSize - labelWidth) / 2), 6.5, { bold: true });
        const textX = MARGIN + qrSize + 16;
        w.y = top - 6;
        w.text('Sprawdź, czy faktura jest w KSeF: zeskanuj kod QR albo otwórz adres', textX, 9);
        w.y -= 13;
        for (const part of wrap(input.ksef.verificationUrl.replace(/\//g, '/ '), fonts.regular, 7.5, right - textX)) {
            w.text(part.replace(/\/ /g, '/'), textX, 7.5, { color: GREY });
            w.y -= 10;
        }
        w.y = top - qrSize - 20;
    }

    // page numbers
    const pages = doc.getPages();
    for (const [i, page] of pages.entries()) {
        const s = `${inv.number} · strona ${i + 1} z ${pages.length}`;
        page.drawText(s, {
            x: A4[0] - MARGIN - fonts.regular.widthOfTextAtSize(s, 7.5),
            y: MARGIN / 2,
            size: 7.5,
            font: fonts.regular,
            color: GREY,
        });
    }
    return doc.save();
}
