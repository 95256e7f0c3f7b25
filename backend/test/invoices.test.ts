/**
 * VAT invoices issued at payment (issue 40, slice A; decision 116), against the running backend:
 * a buyer with a NIP paying by transfer (settled by staff) and a consumer paying online through the
 * P24 stand-in each get one invoice, numbered consecutively, its XML valid against the Ministry's
 * FA(3) schema and its totals the order's; no invoice without the request; a job run again and
 * staff's "issue now" never make a second; concurrent payments (through both API servers of the
 * production profile) leave no gap and no duplicate; only the owner sees the invoices in the Shop
 * API. Every invoice in the database is validated against the XSD at the end.
 */
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { GqlSession } from '../src/dev/graphql-client';
import { validateFa3 } from '../src/plugins/invoices/xsd';
import { addItemOk, adminSession, lockerDeliveryFor, shop, variantBySku, invoiceBillingToPayment } from './helpers';

interface AdminInvoice {
    id: string;
    kind: string;
    number: string;
    issueDate: string;
    saleDate: string;
    buyerName: string;
    buyerNip: string | null;
    buyerAddress: string;
    totalNet: number;
    totalVat: number;
    totalGross: number;
    ksef: boolean;
    orderId: string;
    orderCode: string;
    xml: string;
    xmlSha256: string;
}
const INVOICE_FIELDS =
    'id kind number issueDate saleDate buyerName buyerNip buyerAddress totalNet totalVat totalGross ksef orderId orderCode xml xmlSha256';

const NIP_BUYER = { company: 'Psia Łapa sp. z o.o.', nip: '1234567883' };

const sleep = (ms: number) => new Promise(r => setTimeout(r, ms));

/** The 8% line: the first variant of a dried treat (products 74–79). */
async function treatVariant(s: GqlSession): Promise<string> {
    const p = await s.query<{ product: { variants: Array<{ id: string }> } }>(`{ product(id: "74") { variants { id } } }`);
    return p.product.variants[0]!.id;
}

interface Placed {
    id: string;
    code: string;
    totalWithTax: number;
    s: GqlSession;
}

/**
 * A cart of waste bags (23%), a harness with a lining (an extra, with `harness`) and a treat (8%), delivered to a
 * locker, with the billing address asking for an invoice (`fvat`, with or without a NIP), in
 * ArrangingPayment. `s`: a logged-in customer's session (default: a new guest).
 */
async function cartAskingForInvoice(opts: {
    nip?: string;
    company?: string;
    fvat?: boolean;
    coupon?: string;
    s?: GqlSession;
    /** with the harness and its lining (an extra): only where the test reads it, its stock is small and shared */
    harness?: boolean;
}) {
    const s = opts.s ?? shop();
    const email = `faktura-${Math.random().toString(36).slice(2, 9)}@psiaki.test`;
    await addItemOk(s, (await variantBySku(s, 'PS-056')).id, 2);
    if (opts.harness) await addItemOk(s, (await variantBySku(s, 'PS-001-20-M')).id, 1, { podszycie: 'tak' });
    await addItemOk(s, await treatVariant(s), 1);
    if (opts.coupon) await s.query(`mutation($c: String!) { applyCouponCode(couponCode: $c) { __typename } }`, { c: opts.coupon });
    await lockerDeliveryFor(s, email);
    await invoiceBillingToPayment(s, opts);
    return s;
}

/** Pays the session's order by bank transfer (PaymentAuthorized until staff settle it). */
async function addTransfer(s: GqlSession): Promise<Placed & { paymentId: string }> {
    const paid = await s.query<{ addPaymentToOrder: { id: string; code: string; totalWithTax: number; payments: Array<{ id: string }> } }>(
        `mutation { addPaymentToOrder(input: { method: "przelew", metadata: {} }) { ... on Order { id code totalWithTax payments { id } } } }`,
    );
    const order = paid.addPaymentToOrder;
    return { id: order.id, code: order.code, totalWithTax: order.totalWithTax, s, paymentId: order.payments[0]!.id };
}

/** Staff settle the transfer in the Admin API (→ PaymentSettled, the invoice job queued). */
async function settle(admin: GqlSession, paymentId: string): Promise<void> {
    const settled = await admin.query<{ settlePayment: { state?: string } }>(
        `mutation($id: ID!) { settlePayment(id: $id) { ... on Payment { state } } }`,
        { id: paymentId },
    );
    expect(settled.settlePayment.state).toBe('Settled');
}

/** Pays the session's order by bank transfer and staff settle it in the Admin API. */
async function payByTransfer(s: GqlSession, admin: GqlSession): Promise<Placed> {
    const placed = await addTransfer(s);
    await settle(admin, placed.paymentId);
    return placed;
}

/** Pays the session's order online: P24's stand-in pays and notifies the backend, which settles it. */
async function payOnline(s: GqlSession): Promise<Placed> {
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
    return { ...order, s };
}

async function invoicesOf(admin: GqlSession, orderId: string): Promise<AdminInvoice[]> {
    const r = await admin.query<{ order: { state: string; invoices: AdminInvoice[] } }>(
        `query($id: ID!) { order(id: $id) { state invoices { ${INVOICE_FIELDS} } } }`,
        { id: orderId },
    );
    return r.order.invoices;
}

/** The order's invoice once the job issued it (polls up to 20 s). */
async function awaitInvoice(admin: GqlSession, orderId: string): Promise<AdminInvoice> {
    for (let i = 0; i < 100; i++) {
        const found = await invoicesOf(admin, orderId);
        if (found.length) return found[0]!;
        await sleep(200);
    }
    throw new Error(`no invoice for order ${orderId} after 20 s`);
}

async function allInvoices(admin: GqlSession): Promise<AdminInvoice[]> {
    const all: AdminInvoice[] = [];
    for (let skip = 0; ; skip += 100) {
        const page = await admin.query<{ invoices: { items: AdminInvoice[]; totalItems: number } }>(
            `query($o: InvoiceListOptions) { invoices(options: $o) { items { ${INVOICE_FIELDS} } totalItems } }`,
            { o: { skip, take: 100 } },
        );
        all.push(...page.invoices.items);
        if (all.length >= page.invoices.totalItems || !page.invoices.items.length) return all;
    }
}

/** Each series (kind, year) is 1..N: no gap, no duplicate. */
function expectUnbroken(invoices: AdminInvoice[]) {
    const series = new Map<string, number[]>();
    for (const inv of invoices) {
        const m = inv.number.match(/^(FV|FK)\/(\d{4})\/(\d{6})$/);
        expect(m, inv.number).toBeTruthy();
        const key = `${m![1]}/${m![2]}`;
        series.set(key, [...(series.get(key) ?? []), Number(m![3])]);
    }
    for (const [key, seqs] of series) {
        const sorted = [...seqs].sort((a, b) => a - b);
        expect(sorted, key).toEqual(sorted.map((_, i) => i + 1));
    }
}

const LOGIN = `mutation($u: String!, $p: String!) { login(username: $u, password: $p) { ... on CurrentUser { id } ... on ErrorResult { errorCode message } } }`;

describe('invoices issued at payment', () => {
    afterAll(async () => {
        // every invoice the tests issued: valid against the FA(3) XSD, its hash that of its bytes, numbers unbroken
        const admin = await adminSession();
        const all = await allInvoices(admin);
        expect(all.length).toBeGreaterThan(0);
        for (const inv of all) {
            const r = await validateFa3(inv.xml);
            expect(r, inv.number).toEqual({ valid: true, errors: [] });
            expect(inv.xmlSha256).toBe(createHash('sha256').update(inv.xml, 'utf8').digest('base64url'));
        }
        expectUnbroken(all);
    });

    it('a buyer with a NIP (transfer settled by staff) and a consumer (P24 online) get one invoice each, numbered consecutively', async () => {
        const admin = await adminSession();
        // a customer of its own (the seeded demo customer's orders are counted by other tests), logged in,
        // buys for the firm with a 10% coupon
        const owner = shop();
        const ownerEmail = `firma-${Math.random().toString(36).slice(2, 9)}@psiaki.test`;
        await owner.query(`mutation($i: RegisterCustomerInput!) { registerCustomerAccount(input: $i) { __typename } }`, {
            i: { emailAddress: ownerEmail, password: 'Haslo12345!', firstName: 'Ewa', lastName: 'Kot' },
        });
        expect((await owner.query<{ login: { id?: string } }>(LOGIN, { u: ownerEmail, p: 'Haslo12345!' })).login.id).toBeTruthy();
        const firm = await payByTransfer(await cartAskingForInvoice({ ...NIP_BUYER, coupon: 'DP10', s: owner, harness: true }), admin);
        const b2b = await awaitInvoice(admin, firm.id);
        const consumer = await payOnline(await cartAskingForInvoice({}));
        const b2c = await awaitInvoice(admin, consumer.id);

        expect(b2b).toMatchObject({
            kind: 'VAT',
            buyerName: 'Psia Łapa sp. z o.o.',
            buyerNip: '1234567883',
            ksef: true,
            orderCode: firm.code,
        });
        expect(b2b.buyerAddress).toBe('Kocia 7/3, 30-002 Kraków');
        expect(b2c).toMatchObject({ kind: 'VAT', buyerName: 'Ewa Kot', buyerNip: null, ksef: false, orderCode: consumer.code });
        // one series: the consumer's number follows the firm's
        const seq = (n: string) => Number(n.split('/')[2]);
        expect(b2b.number).toMatch(/^FV\/\d{4}\/\d{6}$/);
        expect(seq(b2c.number)).toBe(seq(b2b.number) + 1);
        // what the buyer paid; net + VAT = gross
        expect(b2b.totalGross).toBe(firm.totalWithTax);
        expect(b2c.totalGross).toBe(consumer.totalWithTax);
        expect(b2b.totalNet + b2b.totalVat).toBe(b2b.totalGross);
        expect(b2c.totalNet + b2c.totalVat).toBe(b2c.totalGross);
        // the XML: valid, the seller, the buyer, 23% and 8% sums, the lining in the harness's line, the discount, the shipping
        for (const inv of [b2b, b2c]) expect(await validateFa3(inv.xml)).toEqual({ valid: true, errors: [] });
        expect(b2b.xml).toContain(`<P_2>${b2b.number}</P_2>`);
        expect(b2b.xml).toContain('<NIP>1234567883</NIP><Nazwa>Psia Łapa sp. z o.o.</Nazwa>');
        expect(b2c.xml).toContain('<BrakID>1</BrakID><Nazwa>Ewa Kot</Nazwa>');
        expect(b2b.xml).toMatch(/<P_13_1>[\d.]+<\/P_13_1><P_14_1>[\d.]+<\/P_14_1><P_13_2>[\d.]+<\/P_13_2><P_14_2>[\d.]+<\/P_14_2>/);
        expect(b2b.xml).toMatch(/<P_7>[^<]*\(podszycie\)<\/P_7>/);
        expect(b2b.xml).toMatch(/<P_10>[\d.]+<\/P_10>/);
        expect(b2b.xml).toContain('<P_7>Dostawa: ');
        expect(b2b.xml).toContain('<FormaPlatnosci>6</FormaPlatnosci>');
        expect(b2c.xml).toContain('<OpisPlatnosci>Płatność online Przelewy24</OpisPlatnosci>');
        expect(b2b.xml).toContain(`<P_15>${(firm.totalWithTax / 100).toFixed(2)}</P_15>`);

        // the firm's invoice went to KSeF (the stand-in) as stored, byte for byte: its KSeF number and UPO
        // come back; the consumer's stays outside KSeF (decision 117)
        const submission = async (key: string) =>
            (
                await admin.query<{
                    ksefSubmission: {
                        state: string;
                        ksefNumber: string | null;
                        invoiceHash: string;
                        upoXml: string | null;
                        rejectionReason: string | null;
                    } | null;
                }>(`query($k: String!) { ksefSubmission(key: $k) { state ksefNumber invoiceHash upoXml rejectionReason } }`, { k: key })
            ).ksefSubmission;
        let sent = await submission(b2b.number);
        // (up to 60 s: the KSeF tests' outage switch on the same stand-in may delay it)
        for (let i = 0; i < 300 && sent?.state !== 'accepted'; i++) {
            await sleep(200);
            sent = await submission(b2b.number);
        }
        expect(sent?.state, JSON.stringify(sent)).toBe('accepted');
        expect(sent).toMatchObject({ state: 'accepted', ksefNumber: expect.stringMatching(/^\d{10}-\d{8}-[0-9A-F]{12}-[0-9A-F]{2}$/) });
        expect(sent!.invoiceHash).toBe(Buffer.from(b2b.xmlSha256, 'base64url').toString('base64'));
        expect(sent!.upoXml).toContain(sent!.ksefNumber!);
        expect(await submission(b2c.number)).toBeNull();

        // the Shop API: the owner sees the invoice; another shopper, even one who knows the order's
        // code, and a guest's own session see none (only the logged-in owner does)
        const mine = await owner.query<{ orderByCode: { invoices: Array<{ number: string; totalGross: number; buyerNip: string }> } }>(
            `query($c: String!) { orderByCode(code: $c) { invoices { number totalGross buyerNip } } }`,
            { c: firm.code },
        );
        expect(mine.orderByCode.invoices).toEqual([{ number: b2b.number, totalGross: firm.totalWithTax, buyerNip: '1234567883' }]);
        const stranger = await shop().raw<{ orderByCode: { invoices: unknown[] } | null }>(
            `query($c: String!) { orderByCode(code: $c) { invoices { number buyerNip } } }`,
            { c: firm.code },
        );
        expect(stranger.data?.orderByCode?.invoices ?? []).toEqual([]);
        expect(JSON.stringify(stranger)).not.toContain('1234567883');
        expect(JSON.stringify(stranger)).not.toContain(b2b.number);
        const guestOwn = await consumer.s.raw<{ orderByCode: { invoices: unknown[] } | null }>(
            `query($c: String!) { orderByCode(code: $c) { invoices { number } } }`,
            { c: consumer.code },
        );
        expect(guestOwn.data?.orderByCode?.invoices ?? []).toEqual([]);
    }, 90_000);

    it('an order without the request gets no invoice, and staff asking for one are told why', async () => {
        const admin = await adminSession();
        const plain = await payByTransfer(await cartAskingForInvoice({ fvat: false, nip: '' }), admin);
        const asked = await admin.raw(`mutation($id: ID!) { issueInvoice(orderId: $id) { number } }`, { id: plain.id });
        expect(asked.errors?.[0]?.message).toBe('To zamówienie nie prosi o fakturę VAT.');
        await sleep(1500); // time for a job, had one been queued
        expect(await invoicesOf(admin, plain.id)).toEqual([]);
        // hostile ids: refused with a reason, not a 500
        const bad = await admin.raw(`mutation { issueInvoice(orderId: "1; DROP TABLE invoice") { number } }`);
        expect(bad.errors?.[0]?.message).toBe('Nieprawidłowy identyfikator zamówienia.');
        const tooMany = await admin.raw(`{ invoices(options: { take: 1000 }) { totalItems } }`);
        expect(tooMany.errors?.[0]?.message).toBe('take musi być od 1 do 100.');
    });

    it('the job run again and staff issuing at the same moment end with one invoice', async () => {
        const admin = await adminSession();
        const order = await payByTransfer(await cartAskingForInvoice(NIP_BUYER), admin);
        // the job is queued by the settlement; staff ask twice at once through the Admin API
        const issue = () =>
            admin.query<{ issueInvoice: { number: string } }>(`mutation($id: ID!) { issueInvoice(orderId: $id) { number } }`, {
                id: order.id,
            });
        const [a, b] = await Promise.all([issue(), issue()]);
        const first = await awaitInvoice(admin, order.id);
        const again = await issue();
        expect(new Set([a.issueInvoice.number, b.issueInvoice.number, again.issueInvoice.number, first.number]).size).toBe(1);
        await sleep(1500);
        expect(await invoicesOf(admin, order.id)).toHaveLength(1);
    }, 60_000);

    it('ten orders paid at once (through both API servers in the production profile): one invoice each, no gap, no duplicate', async () => {
        const admin = await adminSession();
        const before = (await allInvoices(admin)).length;
        const carts = await Promise.all(Array.from({ length: 10 }, (_, i) => cartAskingForInvoice(i % 2 ? NIP_BUYER : {})));
        const orders = await Promise.all(carts.map(addTransfer));
        const admins = await Promise.all(orders.map(() => adminSession()));
        // all at once, each order by its own staff session (each request may land on either server):
        // the settlement, which queues the worker's job, then at once staff's "issue now"
        await Promise.all(
            orders.map(async (o, i) => {
                await settle(admins[i]!, o.paymentId);
                await admins[i]!.query(`mutation($id: ID!) { issueInvoice(orderId: $id) { number } }`, { id: o.id });
            }),
        );
        const issued = await Promise.all(orders.map(o => awaitInvoice(admin, o.id)));
        expect(new Set(issued.map(i => i.number)).size).toBe(10);
        for (const [i, o] of orders.entries()) expect(issued[i]!.totalGross).toBe(o.totalWithTax);
        await sleep(1500);
        const all = await allInvoices(admin);
        expect(all.length).toBe(before + 10);
        expectUnbroken(all);
    }, 120_000);
});
