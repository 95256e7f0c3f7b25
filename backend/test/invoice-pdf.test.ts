/**
 * The invoice as a PDF (issue 40, slice C; decision 119), against the running backend: a buyer
 * with a NIP (logged in, transfer settled by staff, the invoice accepted by the KSeF stand-in) finds
 * the PDF's address in the Shop API; the PDF's text has the seller's and buyer's NIP, the lines,
 * the sums and the KSeF number, and its drawing has exactly the modules of the KOD I QR code of the
 * stored XML. A consumer's invoice (outside KSeF) has no QR code. The order status page (signed key)
 * gives the same address; a forged, guessed or another invoice's handle is 404 with a Polish reason.
 * Never cached.
 */
import { inflateSync } from 'node:zlib';
import QRCode from 'qrcode';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { GqlSession } from '../src/dev/graphql-client';
import { decodeLog, SQL_LOG_HEADER } from '../src/dev/sql-count';
import { orderStatusKey } from '../src/plugins/fulfilment/fulfilment.rules';
import { buildFa3Xml, totalsByRate, type InvoiceInput } from '../src/plugins/invoices/invoice.rules';
import { verificationLink } from '../src/plugins/invoices/ksef/verification-link';
import { renderInvoicePdf } from '../src/plugins/invoices/pdf/invoice-pdf';
import { addItemOk, adminSession, backendUrl, lockerDeliveryFor, orderLinkSecret, sellerNip, shop, variantBySku } from './helpers';

const sleep = (ms: number) => new Promise(r => setTimeout(r, ms));
const LOGIN = `mutation($u: String!, $p: String!) { login(username: $u, password: $p) { ... on CurrentUser { id } ... on ErrorResult { errorCode message } } }`;
const BUYER = { company: 'Psia Łapa sp. z o.o.', nip: '1234567883' };

/**
 * A new customer, logged in (the seeded demo customer's orders are counted by other test files
 * that share this backend).
 */
async function customerOfItsOwn(): Promise<ReturnType<typeof shop>> {
    const owner = shop();
    const email = `faktura-pdf-${Math.random().toString(36).slice(2, 9)}@psiaki.test`;
    await owner.query(`mutation($i: RegisterCustomerInput!) { registerCustomerAccount(input: $i) { __typename } }`, {
        i: { emailAddress: email, password: 'Haslo12345!', firstName: 'Ewa', lastName: 'Kot' },
    });
    expect((await owner.query<{ login: { id?: string } }>(LOGIN, { u: email, p: 'Haslo12345!' })).login.id).toBeTruthy();
    return owner;
}

/** The text of every page of a PDF, in reading order (pdf.js through unpdf). */
async function pdfText(pdf: Uint8Array): Promise<string> {
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    return text;
}

/**
 * Filled black squares in the page content streams: the QR code's modules (pdf-lib draws each as
 * `q 0 0 0 rg … m l l l h f Q`; text is black too but has no closed filled path).
 */
function blackSquares(pdf: Uint8Array): number {
    const raw = Buffer.from(pdf);
    let count = 0;
    for (let at = raw.indexOf('stream'); at >= 0; at = raw.indexOf('stream', at + 1)) {
        if (raw.subarray(at - 3, at).toString() === 'end') continue;
        const start = at + (raw[at + 6] === 13 ? 8 : 7);
        const end = raw.indexOf('endstream', start);
        let body = '';
        try {
            body = inflateSync(raw.subarray(start, end)).toString('latin1');
        } catch {
            continue; // not a Flate stream
        }
        count += [...body.matchAll(/0 0 0 rg\n[^Q]*?\nh\nf\nQ/g)].length;
        at = end;
    }
    return count;
}

/** Dark modules of the QR code of `url` (as drawn by invoice-pdf.ts: level M). */
function qrModules(url: string): number {
    const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
    let n = 0;
    for (let r = 0; r < qr.modules.size; r++) for (let c = 0; c < qr.modules.size; c++) if (qr.modules.get(r, c)) n++;
    return n;
}

interface ShopInvoice {
    number: string;
    buyerNip: string | null;
    ksef: boolean;
    ksefNumber: string | null;
    pdfUrl: string;
    totalGross: number;
}
const SHOP_INVOICE = 'number buyerNip ksef ksefNumber pdfUrl totalGross';

/**
 * A cart (waste bags 23%, and unless `harness` is false a harness with a lining: its stock is small
 * and shared with other files) asking for an invoice, paid by transfer, settled by staff.
 */
async function paidOrderWithInvoice(s: GqlSession, admin: GqlSession, nip: string, company: string, harness = true) {
    await addItemOk(s, (await variantBySku(s, 'PS-056')).id, 2);
    if (harness) await addItemOk(s, (await variantBySku(s, 'PS-001-20-M')).id, 1, { podszycie: 'tak' });
    await lockerDeliveryFor(s, `faktura-pdf-${Math.random().toString(36).slice(2, 9)}@psiaki.test`);
    await s.query(`mutation($i: CreateAddressInput!) { setOrderBillingAddress(input: $i) { __typename } }`, {
        i: {
            fullName: 'Ewa Kot',
            company,
            streetLine1: 'Kocia 7/3',
            city: 'Kraków',
            postalCode: '30-002',
            countryCode: 'PL',
            customFields: { fvat: true, nip },
        },
    });
    await s.query(`mutation { transitionOrderToState(state: "ArrangingPayment") { __typename } }`);
    const paid = await s.query<{ addPaymentToOrder: { id: string; code: string; totalWithTax: number; payments: Array<{ id: string }> } }>(
        `mutation { addPaymentToOrder(input: { method: "przelew", metadata: {} }) { ... on Order { id code totalWithTax payments { id } } } }`,
    );
    const order = paid.addPaymentToOrder;
    await admin.query(`mutation($id: ID!) { settlePayment(id: $id) { ... on Payment { state } } }`, { id: order.payments[0]!.id });
    return order;
}

/** The order's invoice as staff see it, once issued (and, for KSeF, once accepted: up to 60 s). */
async function awaitInvoice(admin: GqlSession, orderId: string, accepted: boolean) {
    for (let i = 0; i < 300; i++) {
        const r = await admin.query<{
            order: { invoices: Array<{ id: string; number: string; xml: string; issueDate: string; ksefNumber: string | null }> };
        }>(`query($id: ID!) { order(id: $id) { invoices { id number xml issueDate ksefNumber } } }`, { id: orderId });
        const inv = r.order.invoices[0];
        if (inv && (!accepted || inv.ksefNumber)) return inv;
        await sleep(200);
    }
    throw new Error(`no ${accepted ? 'accepted ' : ''}invoice for order ${orderId}`);
}

const pdfAt = (pdfUrl: string) => fetch(`${backendUrl()}${pdfUrl.replace(/^\/faktury\/(.+)\.pdf$/, '/invoices/pdf/$1')}`);

describe('the invoice as a PDF', () => {
    it('a consumer invoice rendered from its XML: Polish letters, the lines and sums, no QR code', async () => {
        const input: InvoiceInput = {
            kind: 'VAT',
            number: 'FV/2026/000042',
            issueDate: '2026-11-26',
            saleDate: '2026-11-25',
            createdAt: new Date('2026-11-26T10:00:00Z'),
            seller: {
                name: 'Psiaki sp. z o.o.',
                nip: '1234563218',
                addressLine1: 'Psia 5',
                addressLine2: '30-001 Kraków',
                countryCode: 'PL',
            },
            buyer: {
                name: 'Żaneta Łęcka-Źdźbło',
                nip: null,
                addressLine1: 'Gęślowa 3',
                addressLine2: '00-950 Warszawa',
                countryCode: 'PL',
            },
            lines: [
                { name: 'Szelki „Łatka” – M (podszycie)', quantity: 1, unitGross: 18900, lineGross: 17010, taxRate: 23 },
                { name: 'Przysmaki z jagnięciny', quantity: 3, unitGross: 1990, lineGross: 5970, taxRate: 8 },
            ],
            orderTotalGross: 22980,
            orderCode: 'ABC123XYZ',
            payment: { date: '2026-11-25', form: 'online' },
        };
        const xml = buildFa3Xml(input, totalsByRate(input.lines));
        const pdf = await renderInvoicePdf({ xml, ksef: null });
        expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
        const text = await pdfText(pdf);
        for (const s of [
            'Faktura VAT',
            'nr FV/2026/000042',
            'Data wystawienia: 26.11.2026',
            'Data otrzymania zapłaty: 25.11.2026',
            'NIP: 1234563218',
            'Żaneta Łęcka-Źdźbło',
            'Szelki „Łatka” – M (podszycie)',
            'Przysmaki z jagnięciny',
            '189,00',
            '18,90',
            '170,10',
            '59,70',
            'Razem do zapłaty: 229,80 PLN',
            'Płatność: zapłacono 25.11.2026, Płatność online Przelewy24',
            'Numer zamówienia: ABC123XYZ',
        ])
            expect(text, s).toContain(s);
        // the sums per rate: 23% of 170.10 gross = 31.81 VAT, 8% of 59.70 = 4.42
        expect(text).toMatch(/23% 138,29 31,81 170,10/);
        expect(text).toMatch(/8% 55,28 4,42 59,70/);
        // outside KSeF: no KSeF number, no QR code
        expect(text).not.toContain('KSeF');
        expect(blackSquares(pdf)).toBe(0);
        // the same invoice as a KSeF one (waiting): KOD I drawn, labelled OFFLINE
        const url = verificationLink({ apiUrl: 'http://stand-in', sellerNip: '1234563218', issueDate: '2026-11-26', invoiceXml: xml });
        const ksefPdf = await renderInvoicePdf({ xml, ksef: { verificationUrl: url, ksefNumber: null } });
        expect(blackSquares(ksefPdf)).toBe(qrModules(url));
        expect(await pdfText(ksefPdf)).toContain('OFFLINE');
    });

    it("the buyer with a NIP: the PDF from the account's order with the KSeF number and KOD I; the status link gives the same; forged handles are 404", async () => {
        const admin = await adminSession();
        const owner = await customerOfItsOwn();
        const order = await paidOrderWithInvoice(owner, admin, BUYER.nip, BUYER.company);
        const staffView = await awaitInvoice(admin, order.id, true);

        // the owner's account: the invoice with its KSeF number and the PDF's address
        const mine = await owner.query<{ orderByCode: { invoices: ShopInvoice[] } | null }>(
            `query($c: String!) { orderByCode(code: $c) { invoices { ${SHOP_INVOICE} } } }`,
            { c: order.code },
        );
        const inv = mine.orderByCode!.invoices[0]!;
        expect(inv).toMatchObject({ number: staffView.number, buyerNip: BUYER.nip, ksef: true, ksefNumber: staffView.ksefNumber });
        expect(inv.pdfUrl).toMatch(/^\/faktury\/\d+-[A-Za-z0-9_-]{22}\.pdf$/);
        expect(inv.pdfUrl).not.toContain(staffView.number);

        const res = await pdfAt(inv.pdfUrl);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('application/pdf');
        expect(res.headers.get('cache-control')).toBe('private, no-store');
        expect(res.headers.get('content-disposition')).toBe(`inline; filename="Faktura-${staffView.number.replace(/\//g, '-')}.pdf"`);
        const pdf = new Uint8Array(await res.arrayBuffer());
        const text = await pdfText(pdf);
        expect(text).toContain(`nr ${staffView.number}`);
        expect(text).toContain(`NIP: ${sellerNip()}`);
        expect(text).toContain(`NIP: ${BUYER.nip}`);
        expect(text).toContain(BUYER.company);
        expect(text).toMatch(/\(podszycie\)/);
        expect(text).toContain('Dostawa: ');
        const total = (order.totalWithTax / 100).toFixed(2).replace('.', ',');
        expect(text).toContain(`Razem do zapłaty: ${total} PLN`);
        expect(text).toContain(`Numer KSeF: ${staffView.ksefNumber}`);
        // KOD I: the QR code of the stored XML's verification link, labelled with the KSeF number
        const url = verificationLink({
            apiUrl: 'http://stand-in',
            sellerNip: sellerNip(),
            issueDate: staffView.issueDate,
            invoiceXml: staffView.xml,
        });
        expect(text).toContain(url.split('/').slice(-1)[0]);
        expect(blackSquares(pdf)).toBe(qrModules(url));

        // the order status page opened with the e-mail's signed key lists the same invoice and address
        const guest = shop();
        const status = await guest.query<{ orderStatus: { invoices: ShopInvoice[] } | null }>(
            `query($c: String!, $k: String) { orderStatus(code: $c, key: $k) { invoices { ${SHOP_INVOICE} } } }`,
            { c: order.code, k: orderStatusKey(orderLinkSecret(), order.code) },
        );
        expect(status.orderStatus!.invoices.map(i => i.pdfUrl)).toEqual([inv.pdfUrl]);
        // … and with a wrong key there is no answer at all (decision 102), so no address
        const wrong = await guest.query<{ orderStatus: unknown }>(
            `query($c: String!, $k: String) { orderStatus(code: $c, key: $k) { invoices { pdfUrl } } }`,
            { c: order.code, k: 'AAAAAAAAAAAAAAAAAAAAAA' },
        );
        expect(wrong.orderStatus).toBeNull();
        // another shopper's session sees no invoice of this order
        const other = await guest.query<{ orderByCode: { invoices: ShopInvoice[] } | null }>(
            `query($c: String!) { orderByCode(code: $c) { invoices { pdfUrl } } }`,
            { c: order.code },
        );
        expect(other.orderByCode?.invoices ?? []).toEqual([]);

        // forged and guessed handles: 404, a Polish reason, never the PDF, never cached
        const handle = /^\/faktury\/(.+)\.pdf$/.exec(inv.pdfUrl)![1]!;
        const [id, key] = [handle.split('-')[0]!, handle.slice(handle.indexOf('-') + 1)];
        const flipped = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
        for (const forged of [
            `${id}-${flipped}`, //                        one character of the key changed
            `${Number(id) + 1}-${key}`, //                 the key on the next invoice's id
            `${Number(id) - 1}-${key}`,
            `${id}-${'A'.repeat(22)}`,
            id, //                                         no key
            encodeURIComponent(staffView.number), //       the invoice number
            `${id}-${key}x`,
            `${id}-${key.slice(0, 21)}`,
            '0-' + key,
            '99999999999-' + key,
        ]) {
            const r = await fetch(`${backendUrl()}/invoices/pdf/${forged}`);
            expect(r.status, forged).toBe(404);
            expect(r.headers.get('content-type'), forged).toMatch(/^text\/plain/);
            expect(r.headers.get('cache-control'), forged).toBe('private, no-store');
            expect(await r.text(), forged).toContain('Nie ma takiej faktury');
        }
    });

    it("a consumer's invoice from the account: the PDF without a QR code and without a KSeF number", async () => {
        const admin = await adminSession();
        const owner = await customerOfItsOwn();
        const order = await paidOrderWithInvoice(owner, admin, '', '');
        const staffView = await awaitInvoice(admin, order.id, false);
        const mine = await owner.query<{ orderByCode: { invoices: ShopInvoice[] } | null }>(
            `query($c: String!) { orderByCode(code: $c) { invoices { ${SHOP_INVOICE} } } }`,
            { c: order.code },
        );
        const inv = mine.orderByCode!.invoices[0]!;
        expect(inv).toMatchObject({ number: staffView.number, buyerNip: null, ksef: false, ksefNumber: null });
        const res = await pdfAt(inv.pdfUrl);
        expect(res.status).toBe(200);
        const pdf = new Uint8Array(await res.arrayBuffer());
        const text = await pdfText(pdf);
        expect(text).toContain(`nr ${staffView.number}`);
        expect(text).toContain('Ewa Kot');
        expect(text).not.toContain('KSeF');
        expect(blackSquares(pdf)).toBe(0);
    });
    it("the account's order history reads the invoices of all its orders in one statement, their KSeF numbers in one more, the owner once", async () => {
        const admin = await adminSession();
        const owner = await customerOfItsOwn();
        const orders = [
            await paidOrderWithInvoice(owner, admin, BUYER.nip, BUYER.company, false),
            await paidOrderWithInvoice(owner, admin, BUYER.nip, BUYER.company, false),
            await paidOrderWithInvoice(owner, admin, '', '', false),
        ];
        const numbers = [
            (await awaitInvoice(admin, orders[0]!.id, true)).number,
            (await awaitInvoice(admin, orders[1]!.id, true)).number,
            (await awaitInvoice(admin, orders[2]!.id, false)).number,
        ];
        // the storefront's query (features/account/customer.graphql.ts getOrderHistory), its invoice part
        const res = await fetch(owner.url, {
            method: 'POST',
            headers: {
                ...owner.headers,
                'content-type': 'application/json',
                authorization: `Bearer ${owner.token}`,
                [SQL_LOG_HEADER]: '1',
            },
            body: JSON.stringify({
                query: `{ activeCustomer { orders(options: { take: 10, sort: { orderPlacedAt: DESC }, filter: { active: { eq: false } } }) {
                    items { code invoices { number kind ksefNumber pdfUrl } } } } }`,
            }),
        });
        const body = (await res.json()) as {
            data: {
                activeCustomer: {
                    orders: { items: Array<{ code: string; invoices: Array<{ number: string; ksefNumber: string | null }> }> };
                };
            };
        };
        const items = body.data.activeCustomer.orders.items;
        expect(items.map(o => o.code)).toEqual(orders.map(o => o.code).reverse());
        expect(items.map(o => o.invoices.map(i => i.number))).toEqual(numbers.map(n => [n]).reverse());
        expect(items.map(o => o.invoices[0]!.ksefNumber !== null)).toEqual([false, true, true]);
        const log = decodeLog(res.headers.get(SQL_LOG_HEADER) ?? '');
        const times = (table: string) => log.filter(([, sql]) => sql.includes(`FROM "${table}"`)).reduce((n, [count]) => n + count, 0);
        const listed = log.map(([n, sql]) => `${n}× ${sql}`).join('\n');
        expect(times('invoice'), listed).toBe(1);
        expect(times('ksef_submission'), listed).toBe(1);
        // the owner checked once per request (Vendure's activeCustomer reads the customer once too)
        expect(times('customer'), listed).toBeLessThanOrEqual(2);
    });
});
