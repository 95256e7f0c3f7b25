/**
 * Order fulfilment with tracking (issue 28) at the Admin and Shop API: staff send a paid order
 * with a carrier and a tracking number through Vendure's fulfilment model, the shopper gets the
 * shipping notice with the tracking link, delivery starts the withdrawal period; an unpaid order
 * and a malformed number are refused with a Polish reason.
 */
import { describe, expect, it } from 'vitest';
import { type GqlSession } from '../src/dev/graphql-client';
import { ORDER_LINK_DAYS, orderStatusKey, orderViewLink } from '../src/plugins/fulfilment/fulfilment.rules';
import { addItemOk, adminSession, checkoutByTransfer, getJson, mailboxUrl, orderLinkSecret, shop, variantBySku } from './helpers';

const FULFILMENT = `id state method trackingCode trackingUrl shippedAt deliveredAt`;
const FULFIL = `mutation($input: FulfillOrderInput!) { addFulfillmentToOrder(input: $input) {
    ... on Fulfillment { ${FULFILMENT} }
    ... on CreateFulfillmentError { errorCode fulfillmentHandlerError }
    ... on ErrorResult { errorCode message } } }`;
const TRANSITION = `mutation($id: ID!, $state: String!) { transitionFulfillmentToState(id: $id, state: $state) {
    ... on Fulfillment { ${FULFILMENT} } ... on ErrorResult { errorCode message } } }`;

interface Fulfilment {
    id: string;
    state: string;
    method: string;
    trackingCode: string;
    trackingUrl: string | null;
    shippedAt: string | null;
    deliveredAt: string | null;
}
type FulfilResult = Partial<Fulfilment> & { errorCode?: string; fulfillmentHandlerError?: string; message?: string };
interface ShippedMail {
    type: string;
    orderCode?: string;
    link: string;
    trackingUrl?: string | null;
}

/** A guest order of one product paid by transfer (PaymentAuthorized until staff settle it). */
async function placeOrder(): Promise<{ id: string; code: string; email: string; shopper: GqlSession }> {
    const shopper = shop();
    const email = `wysylka-${Math.random().toString(36).slice(2, 9)}@psiaki.test`;
    await addItemOk(shopper, (await variantBySku(shopper, 'PS-056')).id, 2);
    const placed = await checkoutByTransfer(shopper, email);
    expect(placed.state).toBe('PaymentAuthorized');
    return { id: placed.id, code: placed.code, email, shopper };
}

async function orderOf(admin: GqlSession, id: string) {
    const r = await admin.query<{
        order: { state: string; lines: Array<{ id: string; quantity: number }>; payments: Array<{ id: string }> };
    }>(`query($id: ID!) { order(id: $id) { state lines { id quantity } payments { id } } }`, { id });
    return r.order;
}

async function settle(admin: GqlSession, id: string) {
    const order = await orderOf(admin, id);
    await admin.query(`mutation($id: ID!) { settlePayment(id: $id) { ... on Payment { state } } }`, { id: order.payments[0]!.id });
}

async function fulfil(admin: GqlSession, id: string, carrier: string, trackingCode: string): Promise<FulfilResult> {
    const order = await orderOf(admin, id);
    const r = await admin.query<{ addFulfillmentToOrder: FulfilResult }>(FULFIL, {
        input: {
            lines: order.lines.map(l => ({ orderLineId: l.id, quantity: l.quantity })),
            handler: {
                code: 'psiaki-przesylka',
                arguments: [
                    { name: 'carrier', value: carrier },
                    { name: 'trackingCode', value: trackingCode },
                ],
            },
        },
    });
    return r.addFulfillmentToOrder;
}

async function transition(admin: GqlSession, id: string, state: string): Promise<Fulfilment> {
    const r = await admin.query<{ transitionFulfillmentToState: Fulfilment & { errorCode?: string; message?: string } }>(TRANSITION, {
        id,
        state,
    });
    expect(r.transitionFulfillmentToState.errorCode).toBeUndefined();
    return r.transitionFulfillmentToState;
}

/** The shop's e-mail of `type` to `email`; mail goes through the job queue (a worker and SMTP in the production profile): up to 20 s. */
async function mailOf(email: string, type: 'order-shipped' | 'order-confirmation' | 'order-status-link'): Promise<ShippedMail | undefined> {
    for (let i = 0; i < 200; i++) {
        const mail = (await getJson<ShippedMail[]>(mailboxUrl(email))).find(m => m.type === type);
        if (mail) return mail;
        await new Promise(r => setTimeout(r, 100));
    }
    return undefined;
}

const STATUS = `query($code: String!, $key: String, $email: String) { orderStatus(code: $code, key: $key, emailAddress: $email) {
    code state orderPlacedAt shippingMethod subTotalWithTax shippingWithTax totalWithTax
    lines { productName variantName quantity linePriceWithTax } shipments { ${FULFILMENT} } } }`;

interface OrderStatus {
    code: string;
    state: string;
    shippingMethod: string | null;
    totalWithTax: number;
    lines: Array<{ productName: string; quantity: number; linePriceWithTax: number }>;
    shipments: Fulfilment[];
}

/** The guest's order status (decision 102), asked without any session. */
async function orderStatus(args: { code: string; key?: string | null; email?: string }): Promise<OrderStatus | null> {
    return (await shop().query<{ orderStatus: OrderStatus | null }>(STATUS, args)).orderStatus;
}

describe('fulfilment with tracking', () => {
    it('both shipping methods create our shipments by default', async () => {
        const admin = await adminSession();
        const r = await admin.query<{ shippingMethods: { items: Array<{ code: string; fulfillmentHandlerCode: string }> } }>(
            `{ shippingMethods { items { code fulfillmentHandlerCode } } }`,
        );
        expect(r.shippingMethods.items.map(m => [m.code, m.fulfillmentHandlerCode]).sort()).toEqual([
            ['inpost-paczkomat', 'psiaki-przesylka'],
            ['kurier', 'psiaki-przesylka'],
        ]);
    });

    it('sends a paid order with InPost, e-mails the tracking link, and delivery starts the withdrawal period', async () => {
        const { id, code, email, shopper } = await placeOrder();
        const admin = await adminSession();
        await settle(admin, id);

        const created = await fulfil(admin, id, 'inpost', ' 6200 1234 5678 9012 3456 7890 ');
        expect(created).toMatchObject({
            state: 'Pending',
            method: 'InPost Paczkomat',
            trackingCode: '620012345678901234567890',
            trackingUrl: 'https://inpost.pl/sledzenie-przesylek?number=620012345678901234567890',
            shippedAt: null,
            deliveredAt: null,
        });

        const shipped = await transition(admin, created.id!, 'Shipped');
        expect(shipped.state).toBe('Shipped');
        expect(shipped.shippedAt).not.toBeNull();
        expect((await orderOf(admin, id)).state).toBe('Shipped');

        const mail = await mailOf(email, 'order-shipped');
        expect(mail).toMatchObject({
            type: 'order-shipped',
            orderCode: code,
            trackingUrl: 'https://inpost.pl/sledzenie-przesylek?number=620012345678901234567890',
        });
        // a guest's link: the order status page with the order's key (decision 102)
        const link = new URL(mail!.link, 'http://sklep.test');
        expect(link.pathname).toBe('/status-zamowienia');
        expect(link.searchParams.get('order')).toBe(code);
        // `<expiry base36>.<22 base64url>`, the expiry 90 days from the notice (decision 104)
        const key = link.searchParams.get('key')!;
        expect(key).toMatch(/^[0-9a-z]{1,10}\.[A-Za-z0-9_-]{22}$/);
        const expiresAt = parseInt(key.split('.')[0]!, 36) * 1000;
        expect(Math.abs(expiresAt - Date.now() - ORDER_LINK_DAYS * 86_400_000)).toBeLessThan(120_000);
        const status = await orderStatus({ code, key: link.searchParams.get('key') });
        expect(status).toMatchObject({ code, state: 'Shipped', shippingMethod: expect.any(String), totalWithTax: expect.any(Number) });
        expect(status!.lines).toEqual([expect.objectContaining({ quantity: 2, linePriceWithTax: expect.any(Number) })]);
        expect(status!.shipments).toEqual([
            expect.objectContaining({
                state: 'Shipped',
                method: 'InPost Paczkomat',
                trackingCode: '620012345678901234567890',
                trackingUrl: 'https://inpost.pl/sledzenie-przesylek?number=620012345678901234567890',
                shippedAt: shipped.shippedAt,
            }),
        ]);
        // the order confirmation sent when it was placed carries a link to the same page (its own expiry)
        const confirmation = new URL((await mailOf(email, 'order-confirmation'))!.link, 'http://sklep.test');
        expect(confirmation.pathname + confirmation.searchParams.get('order')).toBe(`/status-zamowienia${code}`);
        expect((await orderStatus({ code, key: confirmation.searchParams.get('key') }))?.code).toBe(code);

        // the shopper's view (the guest's own session may read the order by its code)
        const seen = await shopper.query<{ orderByCode: { state: string; fulfillments: Fulfilment[] } }>(
            `query($c: String!) { orderByCode(code: $c) { state fulfillments { ${FULFILMENT} } } }`,
            { c: code },
        );
        expect(seen.orderByCode.state).toBe('Shipped');
        expect(seen.orderByCode.fulfillments).toEqual([expect.objectContaining({ state: 'Shipped', method: 'InPost Paczkomat' })]);

        const delivered = await transition(admin, created.id!, 'Delivered');
        expect(delivered.deliveredAt).not.toBeNull();
        // the day it was sent stays what it was (Vendure's history entry of the move to Shipped)
        expect(delivered.shippedAt).toBe(shipped.shippedAt);
        expect(new Date(delivered.deliveredAt!).getTime()).toBeGreaterThanOrEqual(new Date(delivered.shippedAt!).getTime());
        expect((await orderOf(admin, id)).state).toBe('Delivered');
        expect((await orderStatus({ code, key: link.searchParams.get('key') }))!.shipments[0]).toMatchObject({
            state: 'Delivered',
            deliveredAt: delivered.deliveredAt,
        });

        // the withdrawal period runs 14 days from that moment (decision 063)
        const w = await shop().query<{ withdrawalOrder: { deliveredAt: string; deadline: string; open: boolean } }>(
            `query($c: String!, $e: String!) { withdrawalOrder(code: $c, emailAddress: $e) { deliveredAt deadline open } }`,
            { c: code, e: email },
        );
        expect(w.withdrawalOrder.deliveredAt).toBe(delivered.deliveredAt);
        expect(new Date(w.withdrawalOrder.deadline).getTime() - new Date(delivered.deliveredAt!).getTime()).toBe(14 * 24 * 3600 * 1000);
        expect(w.withdrawalOrder.open).toBe(true);
    });

    it('refuses an unpaid order, an unknown carrier and an empty or malformed tracking number, in Polish', async () => {
        const { id, code } = await placeOrder();
        const admin = await adminSession();
        expect(await fulfil(admin, id, 'inpost', '620012345678901234567890')).toMatchObject({
            errorCode: 'CREATE_FULFILLMENT_ERROR',
            fulfillmentHandlerError: `Zamówienie ${code} nie jest jeszcze opłacone – wyślij je, gdy płatność zostanie zaksięgowana.`,
        });
        await settle(admin, id);
        // the reason is also the error's message, which is what the Dashboard shows staff
        expect(await fulfil(admin, id, 'inpost', '   ')).toMatchObject({
            fulfillmentHandlerError: 'Podaj numer przesyłki.',
            message: 'Podaj numer przesyłki.',
        });
        for (const bad of ['12345', '6200<script>', 'x'.repeat(41)])
            expect((await fulfil(admin, id, 'inpost', bad)).fulfillmentHandlerError).toBe(
                'Numer przesyłki może mieć od 6 do 40 znaków: tylko litery, cyfry i myślnik.',
            );
        expect((await fulfil(admin, id, 'poczta', '620012345678901234567890')).fulfillmentHandlerError).toBe(
            'Wybierz przewoźnika: InPost Paczkomat, Kurier InPost albo Kurier DPD.',
        );
        expect((await orderOf(admin, id)).state).toBe('PaymentSettled');

        // the courier: DPD's own tracking page, the number URL-encoded
        expect(await fulfil(admin, id, 'dpd', '1349-0015284111')).toMatchObject({
            state: 'Pending',
            method: 'Kurier DPD',
            trackingUrl: 'https://tracktrace.dpd.com.pl/parcelDetails?typ=1&p1=1349-0015284111',
        });
    });

    it("a guest's order status: by the link's key or by code and e-mail; every wrong pair is null", async () => {
        const { code, email } = await placeOrder();
        const other = await placeOrder();
        const keyOf = async (to: string) =>
            new URL((await mailOf(to, 'order-confirmation'))!.link, 'http://sklep.test').searchParams.get('key')!;
        const key = await keyOf(email);

        // before it is sent: placed, awaiting the transfer, no shipments
        expect(await orderStatus({ code, key })).toMatchObject({ code, state: 'PaymentAuthorized', shipments: [] });
        // the code as typed (lower case, spaces) and the e-mail in any case
        expect((await orderStatus({ code: ` ${code.toLowerCase()} `, email: ` ${email.toUpperCase()} ` }))?.code).toBe(code);
        expect((await orderStatus({ code, email }))!.lines[0]).toMatchObject({ quantity: 2 });

        for (const wrong of [
            { code, key: await keyOf(other.email) },
            { code, key: key.slice(0, -1) },
            { code, key: `${key}x` },
            { code, email: other.email },
            { code, email: 'nie-e-mail' },
            { code },
            { code: 'NIEMA0000000000', key },
            { code: `${code}%`, email },
            { code: "' OR 1=1 --", email },
            { code: 'x'.repeat(5000), key },
            { code, key: 'k'.repeat(5000) },
            { code, email: `a@${'.'.repeat(30_000)}@` },
            { code: `${code}${'X'.repeat(32 - code.length + 1)}`, email },
        ])
            expect(await orderStatus(wrong), JSON.stringify(wrong).slice(0, 80)).toBeNull();

        // an order still in the cart (the shopper gave an e-mail address already) is nobody's business yet
        const cart = shop();
        await addItemOk(cart, (await variantBySku(cart, 'PS-056')).id, 1);
        const cartEmail = `koszyk-${Math.random().toString(36).slice(2, 9)}@psiaki.test`;
        const active = await cart.query<{ setCustomerForOrder: { code: string } }>(
            `mutation($i: CreateCustomerInput!) { setCustomerForOrder(input: $i) { ... on Order { code } } }`,
            { i: { emailAddress: cartEmail, firstName: 'Ala', lastName: 'Kot' } },
        );
        expect(await orderStatus({ code: active.setCustomerForOrder.code, email: cartEmail })).toBeNull();
    });

    it('the order status answers its own types: no path from a shipment to the customer, addresses or history', async () => {
        const { code } = await placeOrder();
        const key = orderStatusKey(orderLinkSecret(), code);
        for (const reach of [
            'fulfillments { lines { orderLine { order { customer { emailAddress } } } } }',
            'shipments { lines { orderLine { order { customer { emailAddress } } } } }',
            'shipments { order { shippingAddress { streetLine1 } } }',
            'customer { emailAddress }',
            'history { totalItems }',
        ]) {
            const r = await shop().raw(`query($c: String!, $k: String) { orderStatus(code: $c, key: $k) { code ${reach} } }`, {
                c: code,
                k: key,
            });
            expect(r.data, reach).toBeUndefined();
            expect(r.errors?.[0]?.message, reach).toMatch(/Cannot query field/);
        }
        expect((await orderStatus({ code, key }))?.code).toBe(code);
    });

    it('links expire: an expired key, an old-format key (decision 102) and a forged expiry are null', async () => {
        const { code, email } = await placeOrder();
        const secret = orderLinkSecret();
        const past = orderStatusKey(secret, code, new Date(Date.now() - 1000));
        const future = orderStatusKey(secret, code, new Date(Date.now() + 60_000));
        expect((await orderStatus({ code, key: future }))?.code).toBe(code);
        expect(await orderStatus({ code, key: past })).toBeNull();
        // the first format: HMAC of 'order-status:CODE' alone, 22 characters, never expiring
        const { createHmac } = await import('node:crypto');
        const old = createHmac('sha256', secret).update(`order-status:${code}`).digest().subarray(0, 16).toString('base64url');
        expect(await orderStatus({ code, key: old })).toBeNull();
        // an expiry moved forward without the signature
        const [, mac] = past.split('.');
        expect(await orderStatus({ code, key: `${(Date.now() / 1000 + 86_400).toString(36).split('.')[0]}.${mac}` })).toBeNull();
        // the link the shop's mail helper builds works, and the form still finds the order by e-mail
        const link = new URL(orderViewLink(code, secret), 'http://sklep.test');
        expect((await orderStatus({ code, key: link.searchParams.get('key') }))?.code).toBe(code);
        expect((await orderStatus({ code, email }))?.code).toBe(code);
    });

    it("requestOrderStatusLink e-mails a fresh working link to the order's address, and answers true for anything else without sending", async () => {
        const { code, email } = await placeOrder();
        const REQUEST_LINK = `mutation($c: String!, $e: String!) { requestOrderStatusLink(code: $c, emailAddress: $e) }`;
        const ask = (c: string, e: string) => shop().raw<{ requestOrderStatusLink: boolean }>(REQUEST_LINK, { c, e });

        expect((await ask(` ${code.toLowerCase()} `, email.toUpperCase())).data?.requestOrderStatusLink).toBe(true);
        const mail = await mailOf(email, 'order-status-link');
        expect(mail).toBeDefined();
        const link = new URL(mail!.link, 'http://sklep.test');
        expect(link.pathname).toBe('/status-zamowienia');
        expect(link.searchParams.get('order')).toBe(code);
        expect((await orderStatus({ code, key: link.searchParams.get('key') }))?.code).toBe(code);

        // an unknown order, a wrong address, a malformed address: the same true, and nothing sent
        const stranger = `obcy-${Math.random().toString(36).slice(2, 9)}@psiaki.test`;
        for (const [c, e] of [
            ['NIEMA0000000000', email],
            [code, stranger],
            [code, 'nie-e-mail'],
        ] as const)
            expect((await ask(c, e)).data?.requestOrderStatusLink, `${c} ${e}`).toBe(true);
        await new Promise(r => setTimeout(r, 1500));
        expect(await getJson<unknown[]>(mailboxUrl(stranger))).toEqual([]);
        expect((await getJson<ShippedMail[]>(mailboxUrl(email))).filter(m => m.type === 'order-status-link')).toHaveLength(1);

        // over their bounds: refused with the reason, in Polish
        expect((await ask('X'.repeat(33), email)).errors?.[0]?.message).toBe('Numer zamówienia może mieć najwyżej 32 znaki.');
        expect((await ask(code, `a@${'.'.repeat(30_000)}@`)).errors?.[0]?.message).toBe('Adres e-mail może mieć najwyżej 254 znaki.');
    });
});
