import { describe, expect, it } from 'vitest';
import type { GqlSession } from '../src/dev/graphql-client';
import { LOCKER_REQUIRED, STREET_REQUIRED } from '../src/plugins/checkout/checkout.constants';
import { DEV_P24 } from '../src/env';
import { blikResultBody, notificationSign, type P24Notification } from '../src/plugins/online-payment/p24';
import { adminSession, backendUrl, getJson, KRAKOW_LOCKER_ADDRESS, shop, mailboxUrl, gatewaySecret, storefrontUrl } from './helpers';

const WASTE_BAGS = 'PS-056'; // 14,70 zł, always in stock

const ORDER_STATE = `... on Order { id code state subTotalWithTax shippingWithTax totalWithTax } ... on ErrorResult { errorCode message }`;
/** The fields of ORDER_STATE; an ErrorResult member leaves them undefined. */
interface OrderState {
    id: string;
    code: string;
    state: string;
    subTotalWithTax: number;
    shippingWithTax: number;
    totalWithTax: number;
    errorCode?: string;
    message?: string;
    transitionError?: string;
}
interface Started {
    __typename: string;
    redirectUrl: string;
    sessionId: string;
    errorCode?: string;
    message?: string;
}
interface Method {
    id: string;
    code: string;
    priceWithTax: number;
}
interface PaymentView {
    state: string;
    method: string;
    amount: number;
    metadata?: unknown;
}

const START = `mutation { startOnlinePayment { __typename ... on OnlinePaymentStart { redirectUrl sessionId } ... on OnlinePaymentError { errorCode message } } }`;

async function variantId(s: GqlSession, sku: string): Promise<string> {
    const p = await s.query<{ product: { variants: Array<{ id: string; sku: string }> } }>(
        `query($id: ID!) { product(id: $id) { variants { id sku } } }`,
        { id: String(Number(sku.split('-')[1])) },
    );
    return p.product.variants.find(v => v.sku === sku)!.id;
}

interface Checkout {
    quantity?: number;
    shipping?: 'inpost-paczkomat' | 'kurier';
    paczkomat?: string | null;
    streetLine1?: string;
    email?: string;
}

/** A guest with bags in the cart, customer, shipping address and method set (not yet ArrangingPayment). */
async function guestCheckout(options: Checkout = {}) {
    const s = shop();
    const email = options.email ?? `gosc-${Math.random().toString(36).slice(2, 10)}@psiaki.test`;
    const add = await s.query<{ addItemToOrder: OrderState }>(
        `mutation($id: ID!, $q: Int!) { addItemToOrder(productVariantId: $id, quantity: $q) { ${ORDER_STATE} } }`,
        {
            id: await variantId(s, WASTE_BAGS),
            q: options.quantity ?? 2,
        },
    );
    expect(add.addItemToOrder.code).toBeTruthy();
    await s.query<{ setCustomerForOrder: OrderState }>(
        `mutation($i: CreateCustomerInput!) { setCustomerForOrder(input: $i) { ${ORDER_STATE} } }`,
        {
            i: { emailAddress: email, firstName: 'Ewa', lastName: 'Kot', phoneNumber: '+48 600 700 800' },
        },
    );
    await s.query<{ setOrderShippingAddress: OrderState }>(
        `mutation($i: CreateAddressInput!) { setOrderShippingAddress(input: $i) { ${ORDER_STATE} } }`,
        {
            i: {
                ...KRAKOW_LOCKER_ADDRESS,
                streetLine1: options.streetLine1 ?? KRAKOW_LOCKER_ADDRESS.streetLine1,
                phoneNumber: '+48 600 700 800',
                customFields: {
                    paczkomat: options.paczkomat === undefined ? KRAKOW_LOCKER_ADDRESS.customFields.paczkomat : options.paczkomat,
                },
            },
        },
    );
    const methods = (await s.query<{ eligibleShippingMethods: Method[] }>(`{ eligibleShippingMethods { id code priceWithTax } }`))
        .eligibleShippingMethods;
    const method = methods.find(m => m.code === (options.shipping ?? 'inpost-paczkomat'))!;
    const set = await s.query<{ setOrderShippingMethod: OrderState }>(
        `mutation($id: [ID!]!) { setOrderShippingMethod(shippingMethodId: $id) { ${ORDER_STATE} } }`,
        { id: [method.id] },
    );
    return { s, email, order: set.setOrderShippingMethod, methods };
}

const toArrangingPayment = (s: GqlSession) =>
    s
        .query<{ transitionOrderToState: OrderState }>(
            `mutation { transitionOrderToState(state: "ArrangingPayment") { ${ORDER_STATE} ... on OrderStateTransitionError { transitionError } } }`,
        )
        .then(r => r.transitionOrderToState);
const stateOf = async (s: GqlSession, code: string) =>
    (
        await s.query<{ orderByCode: { state: string; payments: PaymentView[] } }>(
            `query($c: String!) { orderByCode(code: $c) { state payments { state method amount } } }`,
            { c: code },
        )
    ).orderByCode;

function notify(body: string, init: RequestInit = {}) {
    return fetch(`${backendUrl()}/payments/notify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, ...init });
}
/** A P24 notification body signed with the given CRC key (the shared one by default). */
const signed = (n: Omit<P24Notification, 'sign'>, crc = gatewaySecret()) => JSON.stringify({ ...n, sign: notificationSign(n, crc) });
const reasonOf = async (res: Response) => ((await res.json()) as { reason?: string; result?: string }).reason;
const resultOf = async (res: Response) => ((await res.json()) as { result?: string }).result;
const tokenOf = (started: Started) => started.redirectUrl.split('/').pop()!;
/** The P24 stand-in's test door: the transaction paid (a P24 order id) without notifying, so the test sends its own. */
async function paidSilently(started: Started): Promise<number> {
    const res = await fetch(started.redirectUrl.replace(/\/trnRequest\/(.+)$/, '/transactions/$1/paid-silently'), { method: 'POST' });
    expect(res.status).toBe(200);
    return ((await res.json()) as { orderId: number }).orderId;
}
const onlineStatus = async (s: GqlSession, code: string) =>
    (await s.query<{ onlinePaymentStatus: string | null }>(`query($c: String!) { onlinePaymentStatus(orderCode: $c) }`, { c: code }))
        .onlinePaymentStatus;
const decide = (started: Started, action: 'pay' | 'cancel' | 'fail') =>
    fetch(started.redirectUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `action=${action}`,
        redirect: 'manual',
    });

describe('shipping price: free above 249 zł', () => {
    it('charges 12,99 / 16,99 zł up to 249 zł and 0 zł once the subtotal is above it', async () => {
        const below = await guestCheckout({ quantity: 16 }); // 16 × 14,70 = 235,20 zł
        expect(below.order.subTotalWithTax).toBe(23520);
        expect(Object.fromEntries(below.methods.map(m => [m.code, m.priceWithTax]))).toEqual({ 'inpost-paczkomat': 1299, kurier: 1699 });
        expect(below.order.shippingWithTax).toBe(1299);

        const above = await guestCheckout({ quantity: 17 }); // 249,90 zł
        expect(above.order.subTotalWithTax).toBe(24990);
        expect(above.methods.map(m => m.priceWithTax)).toEqual([0, 0]);
        expect(above.order.shippingWithTax).toBe(0);
        expect(above.order.totalWithTax).toBe(24990);

        // the order keeps the promise when it drops below the threshold again
        const lines = (await above.s.query<{ activeOrder: { lines: Array<{ id: string }> } }>(`{ activeOrder { lines { id } } }`))
            .activeOrder.lines;
        const fewer = await above.s.query<{ adjustOrderLine: OrderState }>(
            `mutation($id: ID!) { adjustOrderLine(orderLineId: $id, quantity: 16) { ${ORDER_STATE} } }`,
            { id: lines[0].id },
        );
        expect(fewer.adjustOrderLine.shippingWithTax).toBe(1299);
    });
});

describe('shipping method requirements before payment', () => {
    it('refuses ArrangingPayment for InPost without a locker code, with a Polish reason, and allows it with one', async () => {
        const { s } = await guestCheckout({ paczkomat: null });
        const refused = await toArrangingPayment(s);
        expect(refused).toMatchObject({ errorCode: 'ORDER_STATE_TRANSITION_ERROR', transitionError: LOCKER_REQUIRED });
        expect((await s.query<{ activeOrder: { state: string } }>(`{ activeOrder { state } }`)).activeOrder.state).toBe('AddingItems');
        await s.query<{ setOrderShippingAddress: OrderState }>(
            `mutation($i: CreateAddressInput!) { setOrderShippingAddress(input: $i) { ${ORDER_STATE} } }`,
            {
                i: KRAKOW_LOCKER_ADDRESS,
            },
        );
        expect((await toArrangingPayment(s)).state).toBe('ArrangingPayment');
    });

    it('refuses ArrangingPayment for the courier without a street address', async () => {
        const { s } = await guestCheckout({ shipping: 'kurier', paczkomat: null, streetLine1: '' });
        expect(await toArrangingPayment(s)).toMatchObject({ errorCode: 'ORDER_STATE_TRANSITION_ERROR', transitionError: STREET_REQUIRED });
    });
});

describe('bank transfer (przelew)', () => {
    it('places the order with the transfer details in the public metadata and sends the confirmation e-mail', async () => {
        const { s, email } = await guestCheckout();
        await toArrangingPayment(s);
        const paid = await s.query<{ addPaymentToOrder: OrderState & { payments: PaymentView[] } }>(
            `mutation { addPaymentToOrder(input: { method: "przelew", metadata: {} }) { ... on Order { code state totalWithTax payments { state method amount metadata } } ... on ErrorResult { errorCode message } } }`,
        );
        const order = paid.addPaymentToOrder;
        expect(order.state).toBe('PaymentAuthorized');
        expect(order.payments).toHaveLength(1);
        expect(order.payments[0]).toMatchObject({ state: 'Authorized', method: 'przelew', amount: order.totalWithTax });
        // the Shop API exposes only the public part, under `public`
        expect(order.payments[0].metadata).toEqual({
            public: {
                accountNumber: 'PL75 1010 0000 0000 0000 0000 1234',
                recipient: 'Psiaki sp. z o.o.',
                bankName: 'Bank Deweloperski S.A.',
                amount: order.totalWithTax,
                title: order.code,
            },
        });
        // the cart is empty afterwards
        expect((await s.query<{ activeOrder: { id: string } | null }>(`{ activeOrder { id } }`)).activeOrder).toBeNull();
        let mail: { type: string; orderCode: string; to: string } | undefined;
        // mail goes through the job queue (a worker and SMTP in the production profile): up to 20 s
        for (let i = 0; i < 200 && !mail; i++) {
            const box = await getJson<Array<{ type: string; orderCode: string; to: string }>>(mailboxUrl(email));
            mail = box.find(m => m.type === 'order-confirmation');
            if (!mail) await new Promise(r => setTimeout(r, 100));
        }
        expect(mail).toMatchObject({ type: 'order-confirmation', to: email, orderCode: order.code });
    });

    it('a guest who sets a password afterwards has an account that lists the order', async () => {
        const { s, email } = await guestCheckout();
        await toArrangingPayment(s);
        const code = (
            await s.query<{ addPaymentToOrder: { code: string } }>(
                `mutation { addPaymentToOrder(input: { method: "przelew", metadata: {} }) { ... on Order { code } } }`,
            )
        ).addPaymentToOrder.code;
        const reg = await s.query<{ registerCustomerAccount: { success?: boolean; errorCode?: string } }>(
            `mutation($i: RegisterCustomerInput!) { registerCustomerAccount(input: $i) { ... on Success { success } ... on ErrorResult { errorCode message } } }`,
            {
                i: { emailAddress: email, password: 'Psiak1234!', firstName: 'Ewa', lastName: 'Kot' },
            },
        );
        expect(reg.registerCustomerAccount).toEqual({ success: true });
        const login = await s.query<{ login: { identifier?: string; errorCode?: string } }>(
            `mutation { login(username: "${email}", password: "Psiak1234!") { ... on CurrentUser { identifier } ... on ErrorResult { errorCode message } } }`,
        );
        expect(login.login.identifier).toBe(email);
        const me = await s.query<{ activeCustomer: { emailAddress: string; orders: { items: Array<{ code: string; state: string }> } } }>(
            `{ activeCustomer { emailAddress orders { items { code state } } } }`,
        );
        expect(me.activeCustomer.orders.items).toEqual([{ code, state: 'PaymentAuthorized' }]);
    });
});

describe('online payment through Przelewy24 (the stand-in speaks its REST contract)', () => {
    /** An order waiting for payment with a P24 transaction registered, and the notification fields P24 would send once paid. */
    async function registered() {
        const { s } = await guestCheckout();
        const order = await toArrangingPayment(s);
        expect(order.state).toBe('ArrangingPayment');
        const started = (await s.query<{ startOnlinePayment: Started }>(START)).startOnlinePayment;
        expect(started.__typename).toBe('OnlinePaymentStart');
        // the merchant and POS ids the backend registered with (development ones, or the production profile's own)
        const info = (await (await fetch(started.redirectUrl.replace(/\/trnRequest\/(.+)$/, '/transactions/$1'))).json()) as {
            registration: { merchantId: number; posId: number };
        };
        return { s, order, started: { ...started, ids: info.registration } };
    }
    const fieldsFor = (
        started: Started & { ids: { merchantId: number; posId: number } },
        orderId: number,
        amount: number,
    ): Omit<P24Notification, 'sign'> => ({
        merchantId: started.ids.merchantId,
        posId: started.ids.posId,
        sessionId: started.sessionId,
        amount,
        originAmount: amount,
        currency: 'PLN',
        orderId,
        methodId: 25,
        statement: 'p24-test',
    });

    it('start → forged, tampered and mismatched notifications refused → a valid one is verified and settles → replays change nothing', async () => {
        const { s, order, started } = await registered();
        // nobody can pay by asking the Shop API
        const asked = await s.query<{ addPaymentToOrder: { state?: string; errorCode?: string } }>(
            `mutation { addPaymentToOrder(input: { method: "online", metadata: { result: "succeed" } }) { ... on Order { state } ... on ErrorResult { errorCode } } }`,
        );
        expect(asked.addPaymentToOrder.errorCode).toBe('PAYMENT_DECLINED_ERROR');
        expect(started.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/gateway\/trnRequest\/[A-F0-9-]{36}$/);
        // P24 knows no payment yet
        expect(await onlineStatus(s, order.code)).toBe('unpaid');
        const p24OrderId = await paidSilently(started);
        const good = fieldsFor(started, p24OrderId, order.totalWithTax);

        // forged: signed with another CRC key; no sign; a field changed after signing
        const wrongCrc = await notify(signed(good, 'not-the-crc-key'));
        expect(wrongCrc.status).toBe(401);
        expect(await reasonOf(wrongCrc)).toBe('invalid sign');
        expect((await notify(JSON.stringify(good))).status).toBe(400);
        const tampered = { ...JSON.parse(signed(good)), amount: 1 };
        expect((await notify(JSON.stringify(tampered))).status).toBe(401);
        // correctly signed but not ours, not the registered amount, not PLN, or an unknown session
        expect(await reasonOf(await notify(signed({ ...good, merchantId: 999 })))).toMatch(/merchantId/);
        const cheaper = await notify(signed({ ...good, amount: good.amount - 100, originAmount: good.amount - 100 }));
        expect(cheaper.status).toBe(400);
        expect(await reasonOf(cheaper)).toMatch(/amount/);
        expect((await notify(signed({ ...good, currency: 'EUR' }))).status).toBe(400);
        const unknown = await notify(signed({ ...good, sessionId: 'nie-ma-takiej-sesji' }));
        expect(unknown.status).toBe(400);
        expect(await reasonOf(unknown)).toBe('unknown session');
        // a well-signed notification of a transaction P24 does not confirm fails its verification
        const unverifiable = await notify(signed({ ...good, orderId: p24OrderId + 7 }));
        expect(unverifiable.status).toBe(502);
        expect(await stateOf(s, order.code)).toMatchObject({ state: 'ArrangingPayment' });

        const ok = await notify(signed(good));
        expect(ok.status).toBe(200);
        expect(ok.headers.get('cache-control')).toBe('no-store');
        const settled = await stateOf(s, order.code);
        expect(settled.state).toBe('PaymentSettled');
        expect(settled.payments.filter(p => p.state === 'Settled')).toEqual([
            { state: 'Settled', method: 'online', amount: order.totalWithTax },
        ]);
        expect(await onlineStatus(s, order.code)).toBe('paid');

        const replay = await notify(signed(good));
        expect(replay.status).toBe(200);
        expect(await resultOf(replay)).toBe('already processed');
        expect((await stateOf(s, order.code)).payments).toEqual(settled.payments);
        // another transaction for the same, already paid, session is refused
        expect((await notify(signed({ ...good, orderId: p24OrderId + 1 }))).status).toBe(409);
        expect((await s.query<{ activeOrder: { id: string } | null }>(`{ activeOrder { id } }`)).activeOrder).toBeNull();
    });

    it('a failed verification leaves the order unpaid; the repeated notification verifies and settles it', async () => {
        const { s, order, started } = await registered();
        const base = started.redirectUrl.replace(/\/trnRequest\/.+$/, '');
        // more failures than the production profile's balancer retries a 502 (4 attempts in all)
        expect((await fetch(`${base}/test/fail-verify?times=10`, { method: 'POST' })).status).toBe(200);
        const pay = await decide(started, 'pay');
        expect(pay.status).toBe(303);
        expect(pay.headers.get('location')).toBe(`${storefrontUrl()}/payment-check?order=${order.code}`);
        const seen = (await (await fetch(`${base}/transactions/${tokenOf(started)}`)).json()) as {
            notifications: Array<{ answer: number }>;
        };
        expect(seen.notifications.map(n => n.answer)).toEqual([502]);
        expect((await stateOf(s, order.code)).state).toBe('ArrangingPayment');
        expect(await onlineStatus(s, order.code)).toBe('verify-failed');
        expect((await fetch(`${base}/test/fail-verify?times=0`, { method: 'POST' })).status).toBe(200);

        // P24 repeats the notification until it is verified
        const again = (await (await fetch(`${base}/transactions/${tokenOf(started)}/renotify`, { method: 'POST' })).json()) as {
            answer: number;
        };
        expect(again.answer).toBe(200);
        expect((await stateOf(s, order.code)).state).toBe('PaymentSettled');
        expect(await onlineStatus(s, order.code)).toBe('paid');
    });

    it('a payment whose notification never comes: the reconciliation asks P24, verifies and settles it once; a late notification changes nothing', async () => {
        const { s, order, started } = await registered();
        const unpaid = await registered();
        const p24OrderId = await paidSilently(started);
        // P24_RECONCILE_MIN_AGE_SECONDS=20 in the tests' backend, every 2 s
        await expect.poll(async () => (await stateOf(s, order.code)).state, { timeout: 45_000, interval: 1000 }).toBe('PaymentSettled');
        const settled = (p: { payments: PaymentView[] }) => p.payments.filter(x => x.state === 'Settled');
        expect(settled(await stateOf(s, order.code))).toHaveLength(1);
        expect(await onlineStatus(s, order.code)).toBe('paid');
        // P24's notification, late: already processed, still one payment
        const late = await notify(signed(fieldsFor(started, p24OrderId, order.totalWithTax)));
        expect(late.status).toBe(200);
        expect(await resultOf(late)).toBe('already processed');
        expect(settled(await stateOf(s, order.code))).toHaveLength(1);
        // a session P24 knows no payment of stays as it was
        expect((await stateOf(unpaid.s, unpaid.order.code)).state).toBe('ArrangingPayment');
    }, 60_000);

    it('10 identical notifications at once: all answered 2xx, exactly one payment', async () => {
        const { s, order, started } = await registered();
        const body = signed(fieldsFor(started, await paidSilently(started), order.totalWithTax));
        const answers = await Promise.all(Array.from({ length: 10 }, () => notify(body)));
        expect(answers.map(a => a.status)).toEqual(Array(10).fill(200));
        // and 10 more once settled: replays
        const later = await Promise.all(Array.from({ length: 10 }, () => notify(body)));
        expect(await Promise.all(later.map(resultOf))).toEqual(Array(10).fill('already processed'));
        const paid = await stateOf(s, order.code);
        expect(paid.state).toBe('PaymentSettled');
        expect(paid.payments.filter(p => p.state === 'Settled')).toHaveLength(1);
    });

    it('P24 stand-in: cancel returns to the shop without a notification (status unpaid, order kept), a retry pays it', async () => {
        const { s, order, started: first } = await registered();
        const page = await (await fetch(first.redirectUrl)).text();
        for (const label of ['Zapłać', 'Anuluj', 'Odrzuć']) expect(page).toContain(`>${label}</button>`);
        expect(page).toContain(order.code);

        const cancel = await decide(first, 'cancel');
        expect(cancel.status).toBe(303);
        expect(cancel.headers.get('location')).toBe(`${storefrontUrl()}/payment-check?order=${order.code}`);
        expect(await onlineStatus(s, order.code)).toBe('unpaid');
        const waiting = await s.query<{ activeOrder: { code: string; state: string; lines: Array<{ quantity: number }> } }>(
            `{ activeOrder { code state lines { quantity } } }`,
        );
        expect(waiting.activeOrder).toMatchObject({ code: order.code, state: 'ArrangingPayment', lines: [{ quantity: 2 }] });

        const retry = (await s.query<{ startOnlinePayment: Started }>(START)).startOnlinePayment;
        expect(retry.sessionId).not.toBe(first.sessionId);
        const pay = await decide(retry, 'pay');
        expect(pay.status).toBe(303);
        expect((await stateOf(s, order.code)).state).toBe('PaymentSettled');
        expect(await onlineStatus(s, order.code)).toBe('paid');
    });

    it('refuses to start without an order waiting for payment', async () => {
        const { s } = await guestCheckout();
        expect((await s.query<{ startOnlinePayment: Started }>(START)).startOnlinePayment).toMatchObject({
            __typename: 'OnlinePaymentError',
            errorCode: 'ORDER_PAYMENT_STATE_ERROR',
        });
        expect((await shop().query<{ startOnlinePayment: Started }>(START)).startOnlinePayment).toMatchObject({
            errorCode: 'NO_ACTIVE_ORDER_ERROR',
        });
    });

    it('the notify endpoint refuses other methods (405) and oversize bodies (413)', async () => {
        const get = await fetch(`${backendUrl()}/payments/notify`);
        expect(get.status).toBe(405);
        const big = await notify(JSON.stringify({ pad: 'x'.repeat(20_000) }));
        expect(big.status).toBe(413);
    });

    it('another shopper cannot read an unplaced order by its code', async () => {
        const { s } = await guestCheckout();
        const order = await toArrangingPayment(s);
        const stranger = await shop().raw(`query($c: String!) { orderByCode(code: $c) { state } }`, { c: order.code });
        expect(stranger.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
        expect(
            (
                await shop().query<{ onlinePaymentStatus: string | null }>(`query($c: String!) { onlinePaymentStatus(orderCode: $c) }`, {
                    c: order.code,
                })
            ).onlinePaymentStatus,
        ).toBeNull();
    });
});

describe('BLIK on the shop page (P24 chargeByCode; the stand-in picks the outcome by the code)', () => {
    const BLIK = `mutation($c: String!) { startBlikPayment(blikCode: $c) { __typename ... on BlikPaymentStart { sessionId } ... on BlikCodeError { errorCode message } ... on OnlinePaymentError { errorCode message } } }`;
    type BlikStart = { __typename: string; sessionId?: string; errorCode?: string; message?: string };
    const blik = async (s: GqlSession, code: string) =>
        (await s.query<{ startBlikPayment: BlikStart }>(BLIK, { c: code })).startBlikPayment;
    /** Polls the session's status until it is not `blik-pending` (the stand-in answers for the app after ~0,8 s). */
    async function settledStatus(s: GqlSession, code: string): Promise<string | null> {
        for (let i = 0; i < 60; i++) {
            const status = await onlineStatus(s, code);
            if (status !== 'blik-pending') return status;
            await new Promise(r => setTimeout(r, 250));
        }
        return 'blik-pending';
    }

    it('a malformed code and a refused code keep the order waiting; a new code confirmed in the app pays it', async () => {
        const { s } = await guestCheckout();
        const order = await toArrangingPayment(s);
        for (const bad of ['12345', '12a456', '1234567', '']) {
            expect(await blik(s, bad)).toEqual({
                __typename: 'BlikCodeError',
                errorCode: 'BLIK_CODE_ERROR',
                message: 'Wpisz 6-cyfrowy kod BLIK z aplikacji banku.',
            });
        }
        const refused = await blik(s, '123456');
        expect(refused).toMatchObject({ __typename: 'BlikCodeError', message: expect.stringContaining('nieprawidłowy lub wygasł') });
        expect(await onlineStatus(s, order.code)).toBe('blik-rejected');
        expect((await stateOf(s, order.code)).state).toBe('ArrangingPayment');

        const ok = await blik(s, '777123');
        expect(ok.__typename).toBe('BlikPaymentStart');
        expect(await onlineStatus(s, order.code)).toBe('blik-pending');
        expect(await settledStatus(s, order.code)).toBe('paid');
        const paid = await stateOf(s, order.code);
        expect(paid.state).toBe('PaymentSettled');
        expect(paid.payments.filter(p => p.state === 'Settled')).toEqual([
            { state: 'Settled', method: 'online', amount: order.totalWithTax },
        ]);
    });

    it('declined in the app, then paid by transfer; not confirmed in time is told apart', async () => {
        const { s } = await guestCheckout();
        const order = await toArrangingPayment(s);
        expect((await blik(s, '222000')).__typename).toBe('BlikPaymentStart');
        expect(await settledStatus(s, order.code)).toBe('blik-declined');
        expect((await stateOf(s, order.code)).state).toBe('ArrangingPayment');
        expect((await blik(s, '333000')).__typename).toBe('BlikPaymentStart');
        expect(await settledStatus(s, order.code)).toBe('blik-timeout');
        const transfer = await s.query<{ addPaymentToOrder: { state?: string } }>(
            `mutation { addPaymentToOrder(input: { method: "przelew", metadata: {} }) { ... on Order { state } } }`,
        );
        expect(transfer.addPaymentToOrder.state).toBe('PaymentAuthorized');
    });

    it('a BLIK notification with a forged sign or for an unknown session changes nothing', async () => {
        const { s } = await guestCheckout();
        const order = await toArrangingPayment(s);
        const started = await blik(s, '333111');
        const fields = {
            orderId: 1,
            sessionId: started.sessionId!,
            method: 181,
            status: 'error',
            errorCode: 'USER_DECLINED',
            errorMessage: 'x',
        };
        const forged = await notify(blikResultBody(fields, 'not-the-crc-key'));
        expect(forged.status).toBe(401);
        const unknown = await notify(blikResultBody({ ...fields, sessionId: 'nie-ma-takiej-sesji' }, gatewaySecret()));
        expect(unknown.status).toBe(400);
        expect(await onlineStatus(s, order.code)).toBe('blik-pending');
        expect(await settledStatus(s, order.code)).toBe('blik-timeout');
    });
});

describe('refunds through Przelewy24', () => {
    interface P24Seen {
        refunds: Array<{ amount: number }>;
        notifications: Array<{ answer: number; body: { result?: string } | null }>;
    }
    const seen = async (started: Started) =>
        (await (await fetch(started.redirectUrl.replace(/\/trnRequest\/(.+)$/, '/transactions/$1'))).json()) as P24Seen;

    it('Admin API refundOrder: one line, then the rest; each a P24 refund recorded as a Settled refund', async () => {
        const { s } = await guestCheckout({ quantity: 3 });
        const order = await toArrangingPayment(s);
        const started = (await s.query<{ startOnlinePayment: Started }>(START)).startOnlinePayment;
        expect((await decide(started, 'pay')).status).toBe(303);
        expect((await stateOf(s, order.code)).state).toBe('PaymentSettled');

        const a = await adminSession();
        const found = await a.query<{
            orders: {
                items: Array<{
                    id: string;
                    lines: Array<{ id: string; unitPriceWithTax: number }>;
                    payments: Array<{ id: string; amount: number }>;
                }>;
            };
        }>(
            `query($c: String!) { orders(options: { filter: { code: { eq: $c } } }) { items { id lines { id unitPriceWithTax } payments { id amount } } } }`,
            {
                c: order.code,
            },
        );
        const o = found.orders.items[0];
        const REFUND = `mutation($input: RefundOrderInput!) { refundOrder(input: $input) { __typename ... on Refund { state total transactionId } ... on ErrorResult { errorCode message } } }`;
        type RefundView = { __typename: string; state?: string; total?: number; transactionId?: string; errorCode?: string };
        const oneLine = (
            await a.query<{ refundOrder: RefundView }>(REFUND, {
                input: {
                    paymentId: o.payments[0].id,
                    lines: [{ orderLineId: o.lines[0].id, quantity: 1 }],
                    shipping: 0,
                    adjustment: 0,
                    reason: 'uszkodzony produkt',
                },
            })
        ).refundOrder;
        expect(oneLine).toMatchObject({ __typename: 'Refund', state: 'Settled', total: o.lines[0].unitPriceWithTax });
        expect(oneLine.transactionId).toMatch(/^[a-f0-9]{32}$/);
        const rest = o.payments[0].amount - o.lines[0].unitPriceWithTax;
        const whole = (
            await a.query<{ refundOrder: RefundView }>(REFUND, {
                input: { paymentId: o.payments[0].id, amount: rest, lines: [], shipping: 0, adjustment: 0, reason: 'odstąpienie od umowy' },
            })
        ).refundOrder;
        expect(whole).toMatchObject({ __typename: 'Refund', state: 'Settled', total: rest });
        expect((await seen(started)).refunds.map(r => r.amount)).toEqual([o.lines[0].unitPriceWithTax, rest]);
        // a refund notification with a forged sign is refused
        const forgedRefund = {
            orderId: 1,
            sessionId: started.sessionId,
            refundsUuid: 'x',
            merchantId: DEV_P24.merchantId,
            amount: 1,
            currency: 'PLN',
            status: 0,
        };
        expect((await notify(JSON.stringify({ ...forgedRefund, sign: 'ab'.repeat(48) }))).status).toBe(401);
    });

    it('a payment notified after the order changed is refunded at once, the shopper is told by e-mail, a replay refunds nothing more', async () => {
        const { s, email } = await guestCheckout();
        const order = await toArrangingPayment(s);
        const started = (await s.query<{ startOnlinePayment: Started }>(START)).startOnlinePayment;
        // meanwhile, in another tab, the cart changes
        await s.query(`mutation { transitionOrderToState(state: "AddingItems") { __typename } }`);
        const lines = (await s.query<{ activeOrder: { lines: Array<{ id: string }> } }>(`{ activeOrder { lines { id } } }`)).activeOrder
            .lines;
        await s.query(`mutation($id: ID!) { adjustOrderLine(orderLineId: $id, quantity: 3) { __typename } }`, { id: lines[0].id });

        expect((await decide(started, 'pay')).status).toBe(303);
        const after = await seen(started);
        expect(after.notifications.map(n => [n.answer, n.body?.result])).toEqual([[200, 'verified for a changed order: refunded']]);
        expect(after.refunds.map(r => r.amount)).toEqual([order.totalWithTax]);
        expect((await stateOf(s, order.code)).state).not.toMatch(/^Payment(Settled|Authorized)$/);
        expect(await onlineStatus(s, order.code)).toBe('refunded');
        // (the production profile's mail goes through the job queue and SMTP: it takes a moment)
        const refundMails = async () =>
            (await getJson<Array<{ type: string; orderCode?: string; link?: string }>>(mailboxUrl(email))).filter(
                m => m.type === 'payment-refunded',
            );
        await expect.poll(async () => (await refundMails()).length, { timeout: 15_000 }).toBe(1);
        expect(await refundMails()).toEqual([
            expect.objectContaining({ orderCode: order.code, link: `/payment-cancel?order=${order.code}` }),
        ]);

        // P24 repeats the notification: nothing more is refunded
        const base = started.redirectUrl.replace(/\/trnRequest\/.+$/, '');
        const again = (await (await fetch(`${base}/transactions/${tokenOf(started)}/renotify`, { method: 'POST' })).json()) as {
            answer: number;
        };
        expect(again.answer).toBe(200);
        expect((await seen(started)).refunds).toHaveLength(1);
    });
});
