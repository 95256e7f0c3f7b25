/**
 * The invoice's own e-mail and staff's resend (issue 40, slice E; decision 121), against the
 * running backend: a paid order of a buyer with a NIP gets exactly one invoice e-mail (the dev
 * mailbox, or the SMTP sink of the production profile), its subject and text name the number, the
 * order and the total, its link opens the PDF; issuing again (the job's path run a second time)
 * sends nothing more; `resendInvoiceEmail` sends a second one, for staff only. The staff's fields
 * of an invoice: the KSeF state in Polish (a rejection with KSeF's reason), the filters of the list
 * and the PDF on the backend's own path.
 */
import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import { GqlSession, GraphQLError } from '../src/dev/graphql-client';
import { SQL_COUNT_HEADER } from '../src/dev/sql-count';
import { addItemOk, adminSession, backendUrl, blogUrl, getJson, lockerDeliveryFor, mailboxUrl, shop, variantBySku } from './helpers';

const sleep = (ms: number) => new Promise(r => setTimeout(r, ms));

interface InvoiceMail {
    type: string;
    to: string;
    subject?: string;
    link: string;
    orderCode?: string;
    invoiceNumber?: string;
    amount?: number;
    /** the production profile's SMTP sink: the text the buyer reads */
    text?: string;
}

interface StaffInvoice {
    id: string;
    number: string;
    orderCode: string;
    totalGross: number;
    ksef: boolean;
    ksefState: string;
    ksefStateLabel: string;
    ksefRejectionReason: string | null;
    ksefNumber: string | null;
    pdfUrl: string;
    adminPdfUrl: string;
}
const FIELDS = 'id number orderCode totalGross ksef ksefState ksefStateLabel ksefRejectionReason ksefNumber pdfUrl adminPdfUrl';

async function staffSession(): Promise<GqlSession> {
    const [username, ...rest] = inject('staffLogin').split(':');
    const s = new GqlSession(`${backendUrl()}/admin-api`);
    const r = await s.query<{ login: { id?: string; message?: string } }>(
        `mutation($u: String!, $p: String!) { login(username: $u, password: $p) { ... on CurrentUser { id } ... on ErrorResult { message } } }`,
        { u: username, p: rest.join(':') },
    );
    if (!r.login.id) throw new Error(`staff login failed: ${r.login.message}`);
    return s;
}

/** A cart asking for an invoice with the buyer's NIP, paid by transfer and settled by staff. */
async function paidOrder(admin: GqlSession, email: string): Promise<{ s: GqlSession; id: string; code: string; totalWithTax: number }> {
    const s = shop();
    await addItemOk(s, (await variantBySku(s, 'PS-056')).id, 1);
    await lockerDeliveryFor(s, email);
    await s.query(`mutation($i: CreateAddressInput!) { setOrderBillingAddress(input: $i) { __typename } }`, {
        i: {
            fullName: 'Ewa Kot',
            company: 'Psia Łapa sp. z o.o.',
            streetLine1: 'Kocia 7/3',
            city: 'Kraków',
            postalCode: '30-002',
            countryCode: 'PL',
            customFields: { fvat: true, nip: '1234567883' },
        },
    });
    await s.query(`mutation { transitionOrderToState(state: "ArrangingPayment") { __typename } }`);
    const paid = await s.query<{ addPaymentToOrder: { id: string; code: string; totalWithTax: number; payments: Array<{ id: string }> } }>(
        `mutation { addPaymentToOrder(input: { method: "przelew", metadata: {} }) { ... on Order { id code totalWithTax payments { id } } } }`,
    );
    const order = paid.addPaymentToOrder;
    await admin.query(`mutation($id: ID!) { settlePayment(id: $id) { ... on Payment { state } } }`, { id: order.payments[0]!.id });
    return { s, ...order };
}

async function invoiceOfOrder(admin: GqlSession, orderId: string, done: (i: StaffInvoice) => boolean = () => true): Promise<StaffInvoice> {
    let last: StaffInvoice | undefined;
    for (let i = 0; i < 300; i++) {
        const r = await admin.query<{ order: { invoices: StaffInvoice[] } }>(
            `query($id: ID!) { order(id: $id) { invoices { ${FIELDS} } } }`,
            {
                id: orderId,
            },
        );
        last = r.order.invoices[0];
        if (last && done(last)) return last;
        await sleep(200);
    }
    throw new Error(`order ${orderId}: no invoice as expected (${JSON.stringify(last)})`);
}

async function invoiceMails(email: string): Promise<InvoiceMail[]> {
    return (await getJson<InvoiceMail[]>(mailboxUrl(email))).filter(m => m.type === 'invoice');
}

/** Waits until `count` invoice e-mails reached the address (the mail goes through the job queue: up to 20 s), then a moment more. */
async function awaitMails(email: string, count: number): Promise<InvoiceMail[]> {
    for (let i = 0; i < 200 && (await invoiceMails(email)).length < count; i++) await sleep(100);
    return settled(email);
}

/** The invoice e-mails once a duplicate would have arrived (it would leave through the same queue right after). */
async function settled(email: string): Promise<InvoiceMail[]> {
    await sleep(3000);
    return invoiceMails(email);
}

const zl = (grosze: number) => (grosze / 100).toFixed(2).replace('.', ',') + ' zł';

async function refusal(session: GqlSession, query: string, variables: Record<string, unknown>): Promise<string> {
    try {
        await session.query(query, variables);
        return 'allowed';
    } catch (e) {
        if (!(e instanceof GraphQLError)) throw e;
        const first = e.errors[0];
        // a refused input: its reason; a refused caller: the code
        return first?.extensions?.code === 'USER_INPUT_ERROR' ? first.message : String(first?.extensions?.code ?? e.message);
    }
}

/** The fewest SQL statements of four runs of an Admin API query (the backend counts them: SQL_STATEMENT_COUNT=1 in the test stacks). */
async function fewestStatements(session: GqlSession, query: string): Promise<number> {
    let fewest = Infinity;
    for (let i = 0; i < 4; i++) {
        const res = await fetch(session.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
            body: JSON.stringify({ query }),
        });
        const body = (await res.json()) as { errors?: unknown[] };
        expect(body.errors).toBeUndefined();
        fewest = Math.min(fewest, Number(res.headers.get(SQL_COUNT_HEADER)));
    }
    return fewest;
}

const RESEND = `mutation($id: ID!) { resendInvoiceEmail(invoiceId: $id) { emailAddress } }`;

describe('the invoice e-mail', () => {
    it(
        'is sent once when the invoice is issued, names it and links its PDF; staff resend it, a customer may not',
        { timeout: 90_000 },
        async () => {
            const admin = await adminSession();
            const email = `faktura-mail-${Date.now()}@psiaki.test`;
            const order = await paidOrder(admin, email);
            const invoice = await invoiceOfOrder(admin, order.id);
            expect(invoice.number).toMatch(/^FV\/\d{4}\/\d{6}$/);

            const [mail, ...more] = await awaitMails(email, 1);
            expect(more).toHaveLength(0);
            expect(mail!.subject).toBe(`Faktura ${invoice.number} do zamówienia ${order.code}`);
            expect(mail!.link).toBe(invoice.pdfUrl);
            if (mail!.text !== undefined) {
                // the production profile: the rendered message as the buyer reads it
                expect(mail!.text).toContain(`Wystawiliśmy fakturę ${invoice.number} do Twojego zamówienia ${order.code}.`);
                expect(mail!.text).toContain(`Kwota brutto: ${zl(order.totalWithTax)}`);
                expect(mail!.text).toContain('Krajowego Systemu e-Faktur (KSeF)');
            } else {
                expect(mail).toMatchObject({ orderCode: order.code, invoiceNumber: invoice.number, amount: order.totalWithTax });
            }
            // the link opens the PDF (the storefront forwards /faktury/{handle}.pdf to the backend)
            const pdf = await fetch(`${backendUrl()}${mail!.link.replace(/^\/faktury\/(.+)\.pdf$/, '/invoices/pdf/$1')}`);
            expect(pdf.status).toBe(200);
            expect(pdf.headers.get('content-type')).toBe('application/pdf');
            expect(
                Buffer.from(await pdf.arrayBuffer())
                    .subarray(0, 5)
                    .toString(),
            ).toBe('%PDF-');

            // the issue's path run again (as a repeated job): the invoice stands, no second e-mail
            const again = await admin.query<{ issueInvoice: { number: string } }>(
                `mutation($id: ID!) { issueInvoice(orderId: $id) { number } }`,
                {
                    id: order.id,
                },
            );
            expect(again.issueInvoice.number).toBe(invoice.number);
            expect(await settled(email)).toHaveLength(1);

            // staff send it again: a second e-mail, the same invoice
            const staff = await staffSession();
            const resent = await staff.query<{ resendInvoiceEmail: { emailAddress: string } }>(RESEND, { id: invoice.id });
            expect(resent.resendInvoiceEmail.emailAddress).toBe(email);
            const both = await awaitMails(email, 2);
            expect(both).toHaveLength(2);
            expect(both.map(m => m.subject)).toEqual([mail!.subject, mail!.subject]);

            // the buyer's own Shop API session on the Admin API, and no session at all: refused, nothing sent
            expect(await refusal(new GqlSession(`${backendUrl()}/admin-api`, order.s.token), RESEND, { id: invoice.id })).toBe('FORBIDDEN');
            expect(await refusal(new GqlSession(`${backendUrl()}/admin-api`), RESEND, { id: invoice.id })).toBe('FORBIDDEN');
            // hostile ids: a reason, never a 500
            expect(await refusal(staff, RESEND, { id: '99999999' })).toBe('Nie ma takiej faktury.');
            expect(await refusal(staff, RESEND, { id: "1' OR 1=1" })).toBe('Nieprawidłowy identyfikator faktury.');
            expect(await settled(email)).toHaveLength(2);
        },
    );
});

describe('the correcting invoice e-mail', () => {
    it('a settled refund of an invoiced line sends "Faktura korygująca FK/…" once, linking its PDF', { timeout: 90_000 }, async () => {
        const admin = await adminSession();
        const email = `korekta-mail-${Date.now()}@psiaki.test`;
        const order = await paidOrder(admin, email);
        // a correction waits for the original's KSeF number
        const original = await invoiceOfOrder(admin, order.id, i => i.ksefState === 'accepted');
        const { order: full } = await admin.query<{ order: { lines: Array<{ id: string }>; payments: Array<{ id: string }> } }>(
            `query($id: ID!) { order(id: $id) { lines { id } payments { id } } }`,
            { id: order.id },
        );
        const refund = await admin.query<{ refundOrder: { id?: string; message?: string } }>(
            `mutation($i: RefundOrderInput!) { refundOrder(input: $i) { ... on Refund { id } ... on ErrorResult { message } } }`,
            {
                i: {
                    paymentId: full.payments[0]!.id,
                    lines: [{ orderLineId: full.lines[0]!.id, quantity: 1 }],
                    shipping: 0,
                    adjustment: 0,
                    reason: 'Odstąpienie od umowy',
                },
            },
        );
        expect(refund.refundOrder.id, refund.refundOrder.message).toBeTruthy();
        await admin.query(
            `mutation($id: ID!) { settleRefund(input: { id: $id, transactionId: "ZWROT-MAIL" }) { ... on Refund { state } } }`,
            {
                id: refund.refundOrder.id,
            },
        );
        let kor: StaffInvoice | undefined;
        for (let i = 0; i < 150 && !kor; i++) {
            const r = await admin.query<{ order: { invoices: Array<StaffInvoice & { kind: string }> } }>(
                `query($id: ID!) { order(id: $id) { invoices { kind ${FIELDS} } } }`,
                { id: order.id },
            );
            kor = r.order.invoices.find(x => x.kind === 'KOR');
            if (!kor) await sleep(200);
        }
        expect(kor?.number).toMatch(/^FK\/\d{4}\/\d{6}$/);
        const mails = await awaitMails(email, 2);
        expect(mails.map(m => m.subject)).toEqual([
            `Faktura korygująca ${kor!.number} do zamówienia ${order.code}`,
            `Faktura ${original.number} do zamówienia ${order.code}`,
        ]);
        expect(mails[0]!.link).toBe(kor!.pdfUrl);
        if (mails[0]!.text !== undefined)
            expect(mails[0]!.text).toContain(`Wystawiliśmy fakturę korygującą ${kor!.number} do Twojego zamówienia ${order.code}.`);
    });
});

describe("the staff's view of invoices", () => {
    it(
        "shows a rejected invoice with KSeF's reason, filters waiting and rejected ones, opens the PDF on the backend",
        { timeout: 90_000 },
        async () => {
            const admin = await adminSession();
            // KSeF refuses the next invoice sent (this file's next one: its number is not known before it is issued)
            const control = await fetch(`${blogUrl()}/ksef/test/reject-next`, {
                method: 'POST',
                body: JSON.stringify({
                    code: 450,
                    description: 'Błąd weryfikacji semantyki dokumentu faktury',
                    details: ['Nieprawidłowy NIP nabywcy.'],
                }),
            });
            expect(control.status).toBe(200);
            const order = await paidOrder(admin, `faktura-odrzucona-${Date.now()}@psiaki.test`);
            const rejected = await invoiceOfOrder(admin, order.id, i => i.ksefState === 'rejected' || i.ksefState === 'accepted');
            expect(rejected).toMatchObject({
                ksef: true,
                ksefState: 'rejected',
                ksefNumber: null,
                ksefRejectionReason: 'kod 450: Błąd weryfikacji semantyki dokumentu faktury: Nieprawidłowy NIP nabywcy.',
                ksefStateLabel: 'odrzucona: kod 450: Błąd weryfikacji semantyki dokumentu faktury: Nieprawidłowy NIP nabywcy.',
            });

            const staff = await staffSession();
            const list = async (ksefState?: string) =>
                (
                    await staff.query<{ invoices: { totalItems: number; items: StaffInvoice[] } }>(
                        `query($o: InvoiceListOptions) { invoices(options: $o) { totalItems items { ${FIELDS} } } }`,
                        { o: { take: 100, ...(ksefState ? { ksefState } : {}) } },
                    )
                ).invoices;
            const rejectedList = await list('rejected');
            expect(rejectedList.items.map(i => i.number)).toContain(rejected.number);
            expect(rejectedList.items.every(i => i.ksefState === 'rejected')).toBe(true);
            const waiting = await list('waiting');
            expect(waiting.items.map(i => i.number)).not.toContain(rejected.number);
            expect(waiting.items.every(i => i.ksefState === 'waiting' || i.ksefState === 'sending')).toBe(true);
            const all = await list();
            expect(all.items[0]!.number >= rejected.number).toBe(true);
            // newest first (each series numbered in issue order)
            const vat = all.items.map(i => i.number).filter(n => n.startsWith('FV/'));
            expect(vat).toEqual([...vat].sort().reverse());
            expect(all.items.map(i => Number(i.id))).toEqual(all.items.map(i => Number(i.id)).sort((a, b) => b - a));
            expect(await refusal(staff, `query { invoices(options: { ksefState: "wszystkie" }) { totalItems } }`, {})).toBe(
                'ksefState musi być waiting (czekające na KSeF) albo rejected (odrzucone).',
            );

            // the KSeF columns cost one query per page, not one per row: up to 20 rows cost no more statements than 1
            const page = (take: number) => `{ invoices(options: { take: ${take} }) { totalItems items { ${FIELDS} } } }`;
            expect(all.items.filter(i => i.ksef).length).toBeGreaterThan(1);
            expect(await fewestStatements(staff, page(20))).toBeLessThanOrEqual(await fewestStatements(staff, page(1)));

            // staff open the PDF on the backend's own path (the Dashboard's origin)
            expect(rejected.adminPdfUrl).toBe(rejected.pdfUrl.replace(/^\/faktury\/(.+)\.pdf$/, '/invoices/pdf/$1'));
            const pdf = await fetch(`${backendUrl()}${rejected.adminPdfUrl}`);
            expect(pdf.status).toBe(200);
            expect(pdf.headers.get('content-type')).toBe('application/pdf');
        },
    );
});
