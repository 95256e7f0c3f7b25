/**
 * Correcting invoices (issue 40, slice D; decision 120) against the running backend: a buyer with
 * a NIP whose invoice KSeF (the stand-in) accepted gets one line refunded by staff (refundOrder,
 * settled with settleRefund, as a withdrawal is refunded): one KOR invoice in the FK series, valid
 * against the FA(3) XSD, referring to the original's number, date and KSeF number, its totals minus
 * the refunded line's gross, sent to KSeF itself; the job and staff's "issue now" at once still
 * make one; the owner's Shop API lists it with a PDF titled "Faktura korygująca". A consumer
 * refunded online (P24 stand-in) gets a correction outside KSeF; a refund of an order without an
 * invoice makes nothing. Every correction in the database is validated against the XSD at the end.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import type { GqlSession } from '../src/dev/graphql-client';
import { validateFa3 } from '../src/plugins/invoices/xsd';
import { addItemOk, adminSession, backendUrl, blogUrl, lockerDeliveryFor, shop, variantBySku, invoiceBillingToPayment } from './helpers';

const sleep = (ms: number) => new Promise(r => setTimeout(r, ms));
const LOGIN = `mutation($u: String!, $p: String!) { login(username: $u, password: $p) { ... on CurrentUser { id } ... on ErrorResult { errorCode message } } }`;
const NIP_BUYER = { company: 'Psia Łapa sp. z o.o.', nip: '1234567883' };

interface AdminInvoice {
    id: string;
    kind: string;
    number: string;
    issueDate: string;
    saleDate: string;
    buyerNip: string | null;
    totalNet: number;
    totalVat: number;
    totalGross: number;
    ksef: boolean;
    ksefNumber: string | null;
    xml: string;
}
const INVOICE_FIELDS = 'id kind number issueDate saleDate buyerNip totalNet totalVat totalGross ksef ksefNumber xml';

interface Line {
    id: string;
    quantity: number;
    proratedUnitPriceWithTax: number;
    productVariant: { sku: string };
}

interface Paid {
    id: string;
    code: string;
    totalWithTax: number;
    paymentId: string;
}

/** Waste bags ×2 (23%) and a treat (8%) to a locker, the billing address asking for an invoice (or not), in ArrangingPayment. */
async function cart(s: GqlSession, opts: { nip?: string; company?: string; fvat?: boolean }): Promise<void> {
    const email = `korekta-${Math.random().toString(36).slice(2, 9)}@psiaki.test`;
    await addItemOk(s, (await variantBySku(s, 'PS-056')).id, 2);
    const treat = await s.query<{ product: { variants: Array<{ id: string }> } }>(`{ product(id: "74") { variants { id } } }`);
    await addItemOk(s, treat.product.variants[0]!.id, 1);
    await lockerDeliveryFor(s, email);
    await invoiceBillingToPayment(s, opts);
}

/** Pays by bank transfer; staff settle it (→ PaymentSettled, the invoice job). */
async function payByTransfer(s: GqlSession, admin: GqlSession): Promise<Paid> {
    const paid = await s.query<{ addPaymentToOrder: { id: string; code: string; totalWithTax: number; payments: Array<{ id: string }> } }>(
        `mutation { addPaymentToOrder(input: { method: "przelew", metadata: {} }) { ... on Order { id code totalWithTax payments { id } } } }`,
    );
    const o = paid.addPaymentToOrder;
    const settled = await admin.query<{ settlePayment: { state?: string } }>(
        `mutation($id: ID!) { settlePayment(id: $id) { ... on Payment { state } } }`,
        { id: o.payments[0]!.id },
    );
    expect(settled.settlePayment.state).toBe('Settled');
    return { id: o.id, code: o.code, totalWithTax: o.totalWithTax, paymentId: o.payments[0]!.id };
}

/** Pays online: the P24 stand-in pays and notifies the backend, which settles the payment. */
async function payOnline(s: GqlSession, admin: GqlSession): Promise<Paid> {
    const order = (
        await s.query<{ activeOrder: { id: string; code: string; totalWithTax: number } }>(`{ activeOrder { id code totalWithTax } }`)
    ).activeOrder;
    const started = (
        await s.query<{ startOnlinePayment: { redirectUrl: string } }>(
            `mutation { startOnlinePayment { ... on OnlinePaymentStart { redirectUrl } ... on OnlinePaymentError { errorCode message } } }`,
        )
    ).startOnlinePayment;
    const pay = await fetch(started.redirectUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'action=pay',
        redirect: 'manual',
    });
    expect(pay.status).toBe(303);
    for (let i = 0; i < 100; i++) {
        const o = await admin.query<{ order: { state: string; payments: Array<{ id: string; state: string }> } }>(
            `query($id: ID!) { order(id: $id) { state payments { id state } } }`,
            { id: order.id },
        );
        const settled = o.order.payments.find(p => p.state === 'Settled');
        if (settled) return { ...order, paymentId: settled.id };
        await sleep(200);
    }
    throw new Error(`the online payment of ${order.code} was not settled`);
}

async function orderOf(admin: GqlSession, id: string): Promise<{ lines: Line[]; invoices: AdminInvoice[] }> {
    const r = await admin.query<{ order: { lines: Line[]; invoices: AdminInvoice[] } }>(
        `query($id: ID!) { order(id: $id) { lines { id quantity proratedUnitPriceWithTax productVariant { sku } } invoices { ${INVOICE_FIELDS} } } }`,
        { id },
    );
    return r.order;
}

/** Polls (up to 20 s, or `ms`) until the order has an invoice of `kind`. */
async function awaitInvoice(admin: GqlSession, orderId: string, kind: 'VAT' | 'KOR', ms = 20_000): Promise<AdminInvoice> {
    for (let i = 0; i < ms / 200; i++) {
        const found = (await orderOf(admin, orderId)).invoices.find(inv => inv.kind === kind);
        if (found) return found;
        await sleep(200);
    }
    throw new Error(`no ${kind} invoice for order ${orderId} after ${ms / 1000} s`);
}

async function submission(admin: GqlSession, key: string) {
    return (
        await admin.query<{ ksefSubmission: { state: string; ksefNumber: string | null } | null }>(
            `query($k: String!) { ksefSubmission(key: $k) { state ksefNumber } }`,
            { k: key },
        )
    ).ksefSubmission;
}

/** Waits (up to 60 s: another file's KSeF outage on the same stand-in may delay it) until KSeF accepted the invoice. */
async function accepted(admin: GqlSession, key: string): Promise<string> {
    for (let i = 0; i < 300; i++) {
        const s = await submission(admin, key);
        if (s?.state === 'accepted' && s.ksefNumber) return s.ksefNumber;
        await sleep(200);
    }
    throw new Error(`${key} not accepted by KSeF: ${JSON.stringify(await submission(admin, key))}`);
}

/** Staff refund `quantity` of the line in the Admin API (as the withdrawal screen's refund does). */
async function refundLine(admin: GqlSession, paymentId: string, line: Line, quantity: number, reason: string) {
    const r = await admin.query<{ refundOrder: { id?: string; state?: string; total?: number; errorCode?: string; message?: string } }>(
        `mutation($i: RefundOrderInput!) { refundOrder(input: $i) { ... on Refund { id state total } ... on ErrorResult { errorCode message } } }`,
        { i: { paymentId, lines: [{ orderLineId: line.id, quantity }], shipping: 0, adjustment: 0, reason } },
    );
    expect(r.refundOrder.id, JSON.stringify(r.refundOrder)).toBeTruthy();
    return r.refundOrder as { id: string; state: string; total: number };
}

const issueCorrection = (admin: GqlSession, refundId: string) =>
    admin.raw<{ issueCorrection: { number: string } }>(`mutation($id: ID!) { issueCorrection(refundId: $id) { number } }`, {
        id: refundId,
    });

const amount = (grosze: number) => (grosze / 100).toFixed(2);

const correctionsMade: string[] = [];

describe('correcting invoices (FA(3) KOR) for refunds', () => {
    afterAll(async () => {
        // every correction in the database (this file's and any other's): valid against the FA(3) XSD
        const admin = await adminSession();
        const page = await admin.query<{ invoices: { items: Array<{ number: string; xml: string }> } }>(
            `{ invoices(options: { kind: "KOR", take: 100 }) { items { number xml } } }`,
        );
        const numbers = page.invoices.items.map(i => i.number);
        for (const n of correctionsMade) expect(numbers).toContain(n);
        for (const inv of page.invoices.items) expect(await validateFa3(inv.xml), inv.number).toEqual({ valid: true, errors: [] });
    });

    it('a buyer with a NIP: one line refunded → one KOR referring to the original and its KSeF number, minus the line, in KSeF, listed with its PDF', async () => {
        const admin = await adminSession();
        const owner = shop();
        const email = `firma-kor-${Math.random().toString(36).slice(2, 9)}@psiaki.test`;
        await owner.query(`mutation($i: RegisterCustomerInput!) { registerCustomerAccount(input: $i) { __typename } }`, {
            i: { emailAddress: email, password: 'Haslo12345!', firstName: 'Ewa', lastName: 'Kot' },
        });
        expect((await owner.query<{ login: { id?: string } }>(LOGIN, { u: email, p: 'Haslo12345!' })).login.id).toBeTruthy();
        await cart(owner, NIP_BUYER);
        const order = await payByTransfer(owner, admin);
        const original = await awaitInvoice(admin, order.id, 'VAT');
        const originalKsef = await accepted(admin, original.number);

        // staff refund one of the two packs of bags; the transfer method has no automatic refund: Pending until settled
        const bags = (await orderOf(admin, order.id)).lines.find(l => l.productVariant.sku === 'PS-056')!;
        expect(bags.quantity).toBe(2);
        const refund = await refundLine(admin, order.paymentId, bags, 1, 'Odstąpienie od umowy');
        expect(refund).toMatchObject({ state: 'Pending', total: bags.proratedUnitPriceWithTax });
        // not settled yet: nothing to correct
        expect((await issueCorrection(admin, refund.id)).errors?.[0]?.message).toBe(
            'Nie ma czego korygować: zwrot nie jest rozliczony albo zamówienie nie ma faktury VAT.',
        );
        const settled = await admin.query<{ settleRefund: { state?: string } }>(
            `mutation($id: ID!) { settleRefund(input: { id: $id, transactionId: "ZWROT-1" }) { ... on Refund { state } } }`,
            { id: refund.id },
        );
        expect(settled.settleRefund.state).toBe('Settled');
        // the job (queued by the settlement) and staff's "issue now" twice at once: one correction
        const [a, b] = await Promise.all([issueCorrection(admin, refund.id), issueCorrection(admin, refund.id)]);
        const kor = await awaitInvoice(admin, order.id, 'KOR');
        correctionsMade.push(kor.number);
        expect([a.data?.issueCorrection.number, b.data?.issueCorrection.number]).toEqual([kor.number, kor.number]);

        expect(kor).toMatchObject({ kind: 'KOR', buyerNip: NIP_BUYER.nip, ksef: true, saleDate: original.saleDate });
        expect(kor.number).toMatch(/^FK\/\d{4}\/\d{6}$/);
        expect(kor.totalGross).toBe(-bags.proratedUnitPriceWithTax);
        expect(kor.totalNet + kor.totalVat).toBe(kor.totalGross);
        expect(await validateFa3(kor.xml)).toEqual({ valid: true, errors: [] });
        expect(kor.xml).toContain('<RodzajFaktury>KOR</RodzajFaktury><PrzyczynaKorekty>Zwrot: Odstąpienie od umowy</PrzyczynaKorekty>');
        expect(kor.xml).toContain(
            `<DataWystFaKorygowanej>${original.issueDate}</DataWystFaKorygowanej><NrFaKorygowanej>${original.number}</NrFaKorygowanej>` +
                `<NrKSeF>1</NrKSeF><NrKSeFFaKorygowanej>${originalKsef}</NrKSeFFaKorygowanej>`,
        );
        expect(kor.xml).toContain(`<P_15>-${amount(bags.proratedUnitPriceWithTax)}</P_15>`);
        expect(kor.xml).toContain(`<P_8B>-1</P_8B><P_9B>${amount(bags.proratedUnitPriceWithTax)}</P_9B>`);
        // the buyer has a NIP: the correction itself goes to KSeF and gets its own number
        const korKsef = await accepted(admin, kor.number);
        expect(korKsef).not.toBe(originalKsef);

        // the owner's account lists both invoices; the correction's PDF is titled and refers to the original
        const mine = await owner.query<{
            orderByCode: { invoices: Array<{ number: string; kind: string; pdfUrl: string; ksefNumber: string | null }> };
        }>(`query($c: String!) { orderByCode(code: $c) { invoices { number kind pdfUrl ksefNumber } } }`, { c: order.code });
        expect(mine.orderByCode.invoices.map(i => [i.kind, i.number])).toEqual([
            ['VAT', original.number],
            ['KOR', kor.number],
        ]);
        const korLink = mine.orderByCode.invoices[1]!;
        expect(korLink.ksefNumber).toBe(korKsef);
        const res = await fetch(`${backendUrl()}${korLink.pdfUrl.replace(/^\/faktury\/(.+)\.pdf$/, '/invoices/pdf/$1')}`);
        expect(res.status).toBe(200);
        const { text } = await extractText(await getDocumentProxy(new Uint8Array(await res.arrayBuffer())), { mergePages: true });
        expect(text).toContain('Faktura korygująca');
        expect(text).toContain(`nr ${kor.number}`);
        expect(text).toContain(`Dotyczy faktury: ${original.number}`);
        expect(text).toContain(`Numer KSeF faktury korygowanej: ${originalKsef}`);
        expect(text).toContain('Przyczyna korekty: Zwrot: Odstąpienie od umowy');
        expect(text).toContain(`Kwota do zwrotu nabywcy: ${amount(bags.proratedUnitPriceWithTax).replace('.', ',')} PLN`);

        // a job run again later changes nothing
        const again = await issueCorrection(admin, refund.id);
        expect(again.data?.issueCorrection.number).toBe(kor.number);
        await sleep(1500);
        expect((await orderOf(admin, order.id)).invoices.filter(i => i.kind === 'KOR')).toHaveLength(1);
    }, 150_000);

    it('a consumer refunded online (P24): a correction outside KSeF naming the original with NrKSeFN, the next FK number', async () => {
        const admin = await adminSession();
        const s = shop();
        await cart(s, {});
        const order = await payOnline(s, admin);
        const original = await awaitInvoice(admin, order.id, 'VAT');
        expect(original.ksef).toBe(false);
        const treat = (await orderOf(admin, order.id)).lines.find(l => l.productVariant.sku !== 'PS-056')!;
        // Przelewy24's stand-in refunds at once: the Refund is Settled on creation
        const refund = await refundLine(admin, order.paymentId, treat, 1, 'Zwrot towaru');
        expect(refund.state).toBe('Settled');
        const kor = await awaitInvoice(admin, order.id, 'KOR');
        correctionsMade.push(kor.number);
        expect(kor).toMatchObject({ kind: 'KOR', buyerNip: null, ksef: false, totalGross: -treat.proratedUnitPriceWithTax });
        expect(kor.xml).toContain(`<NrFaKorygowanej>${original.number}</NrFaKorygowanej><NrKSeFN>1</NrKSeFN>`);
        expect(kor.xml).toContain('<BrakID>1</BrakID>');
        expect(kor.xml).toContain('<P_12>8</P_12>');
        expect(await validateFa3(kor.xml)).toEqual({ valid: true, errors: [] });
        await sleep(1500);
        expect(await submission(admin, kor.number)).toBeNull();
    }, 90_000);

    it('a refund settled while KSeF has not numbered the original yet: the correction waits, then refers to the KSeF number', async () => {
        const admin = await adminSession();
        const s = shop();
        await cart(s, NIP_BUYER);
        // KSeF (the stand-in) answers 503 to the next 3 calls: the original waits, retried after 1, 2 and 4 s
        const outage = await fetch(`${blogUrl()}/ksef/test/outage`, { method: 'POST', body: JSON.stringify({ calls: 3 }) });
        expect(outage.status).toBe(200);
        const order = await payByTransfer(s, admin);
        const original = await awaitInvoice(admin, order.id, 'VAT');
        const line = (await orderOf(admin, order.id)).lines.find(l => l.productVariant.sku === 'PS-056')!;
        const refund = await refundLine(admin, order.paymentId, line, 2, 'Reklamacja');
        await admin.query(`mutation($id: ID!) { settleRefund(input: { id: $id, transactionId: "ZWROT-3" }) { ... on Refund { state } } }`, {
            id: refund.id,
        });
        expect(['waiting', 'sending']).toContain((await submission(admin, original.number))?.state);
        expect((await issueCorrection(admin, refund.id)).errors?.[0]?.message).toBe(
            `Korekta zwrotu ${refund.id} czeka na numer KSeF faktury ${original.number}.`,
        );
        expect((await orderOf(admin, order.id)).invoices.map(i => i.kind)).toEqual(['VAT']);
        // KSeF back: the original is numbered, and the job's retry or the sweep issues the correction with it
        const originalKsef = await accepted(admin, original.number);
        const kor = await awaitInvoice(admin, order.id, 'KOR', 90_000);
        correctionsMade.push(kor.number);
        expect(kor.xml).toContain(
            `<NrFaKorygowanej>${original.number}</NrFaKorygowanej><NrKSeF>1</NrKSeF><NrKSeFFaKorygowanej>${originalKsef}</NrKSeFFaKorygowanej>`,
        );
        expect(kor.totalGross).toBe(-2 * line.proratedUnitPriceWithTax);
        expect(kor.xml).toContain('<P_8B>-2</P_8B>');
        expect(await validateFa3(kor.xml)).toEqual({ valid: true, errors: [] });
    }, 180_000);

    it('a refund of an order that asked for no invoice issues nothing; hostile ids are refused with a reason', async () => {
        const admin = await adminSession();
        const s = shop();
        await cart(s, { fvat: false });
        const order = await payByTransfer(s, admin);
        const line = (await orderOf(admin, order.id)).lines[0]!;
        const refund = await refundLine(admin, order.paymentId, line, 1, 'Zwrot');
        await admin.query(`mutation($id: ID!) { settleRefund(input: { id: $id, transactionId: "ZWROT-2" }) { ... on Refund { state } } }`, {
            id: refund.id,
        });
        expect((await issueCorrection(admin, refund.id)).errors?.[0]?.message).toBe(
            'Nie ma czego korygować: zwrot nie jest rozliczony albo zamówienie nie ma faktury VAT.',
        );
        await sleep(1500);
        expect((await orderOf(admin, order.id)).invoices).toEqual([]);
        expect((await issueCorrection(admin, '1; DROP TABLE invoice')).errors?.[0]?.message).toBe('Nieprawidłowy identyfikator zwrotu.');
        expect((await issueCorrection(admin, '999999999')).errors?.[0]?.message).toBe('Nie ma zwrotu 999999999.');
    }, 60_000);
});
