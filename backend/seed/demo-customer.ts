/**
 * The demo customer and two past orders, placed through the real Shop API (so they went through the
 * order state machine, promotions, shipping and payment handlers like any shopper's order), then
 * paid/shipped through the Admin API.
 */
import { type ID, type TransactionalConnection } from '@vendure/core';
import { type BackendEnv } from '../src/env';
import { type GqlSession, ok, type OrError } from '../src/dev/graphql-client';
import { setDates } from '../src/dev/util';
import { shipmentHandler } from '../src/plugins/fulfilment/config/shipment-handler';
import { PRODUCTS } from './catalogue';

export const DEMO_CUSTOMER = {
    emailAddress: 'demo@psiaki.test',
    password: 'Demo1234!',
    firstName: 'Anna',
    lastName: 'Kowalska',
    phoneNumber: '+48 600 100 200',
};

const DAY = 24 * 60 * 60 * 1000;

const ORDER_FIELDS = `
    ... on Order { id code state totalWithTax lines { id quantity linePriceWithTax productVariant { sku } } }
    ... on ErrorResult { errorCode message }
`;

/** A mutation field selected with `{ ${ORDER_FIELDS} }`. */
type OrderResult = OrError<{
    id: string;
    code: string;
    state: string;
    totalWithTax: number;
    lines: Array<{ id: string; quantity: number; linePriceWithTax: number; productVariant: { sku: string } }>;
}>;

/** A Fulfillment mutation selected with `... on Fulfillment { id state } ... on ErrorResult { errorCode message }`. */
type FulfillmentResult = OrError<{ id: string; state: string }>;

/** First in-stock variant of a product (by catalogue id), optionally matching a predicate. */
function pick(productId: number, predicate: (options: string[]) => boolean = () => true): string {
    const p = PRODUCTS[productId - 1];
    const v = p.variants.find(x => x.stockOnHand >= 5 && predicate(x.options));
    if (!v) throw new Error(`no stocked variant of ${p.slug}`);
    return v.sku;
}

export async function placeDemoOrders(
    shop: GqlSession,
    admin: GqlSession,
    env: BackendEnv,
    variantIds: Map<string, ID>,
    connection: TransactionalConnection,
    now: Date,
): Promise<void> {
    const variant = (sku: string) => {
        const id = variantIds.get(sku);
        if (!id) throw new Error(`variant ${sku} missing`);
        return String(id);
    };

    const reg = await shop.query<{ registerCustomerAccount: OrError<{ success: boolean }> }>(
        `mutation($input: RegisterCustomerInput!) { registerCustomerAccount(input: $input) { ... on Success { success } ... on ErrorResult { errorCode message } } }`,
        { input: DEMO_CUSTOMER },
    );
    ok(reg.registerCustomerAccount, 'registerCustomerAccount');
    const login = await shop.query<{ login: OrError<{ id: string }> }>(
        `mutation { login(username: "${DEMO_CUSTOMER.emailAddress}", password: "${DEMO_CUSTOMER.password}") { ... on CurrentUser { id } ... on ErrorResult { errorCode message } } }`,
    );
    ok(login.login, 'login');

    await shop.query(`mutation($input: UpdateCustomerInput!) { updateCustomer(input: $input) { id } }`, {
        input: {
            customFields: {
                dataurodzinwlasciciela: '1988-09-03',
                imiepsa: 'Figa',
                rasapsa: 'Border collie',
                wagapsa: '18 kg',
                dataurodzinpsa: '2019-04-12',
                ulubionazabawkapsa: 'Szarpak bawełniany',
                ulubioneprzysmakipsa: 'Suszone płuca wołowe',
                alergiepsa: 'Kurczak',
                newsletter: true,
            },
        },
    });

    const shippingAddress = {
        fullName: 'Anna Kowalska',
        streetLine1: 'Marszałkowska 10/5',
        streetLine2: '',
        city: 'Warszawa',
        postalCode: '00-590',
        countryCode: 'PL',
        phoneNumber: DEMO_CUSTOMER.phoneNumber,
        customFields: { paczkomat: 'WAW01M', fvat: false },
    };
    const billingAddress = {
        fullName: 'Anna Kowalska',
        company: 'Pracownia Figa Anna Kowalska',
        streetLine1: 'Długa 22',
        streetLine2: '',
        city: 'Kraków',
        postalCode: '31-146',
        countryCode: 'PL',
        phoneNumber: DEMO_CUSTOMER.phoneNumber,
        customFields: { nip: '1234567883', fvat: true },
    };
    const createAddress = `mutation($input: CreateAddressInput!) { createCustomerAddress(input: $input) { id } }`;
    await shop.query(createAddress, { input: { ...shippingAddress, defaultShippingAddress: true, defaultBillingAddress: false } });
    await shop.query(createAddress, { input: { ...billingAddress, defaultShippingAddress: false, defaultBillingAddress: true } });

    async function placeOrder(
        lines: Array<{ sku: string; quantity: number; customFields?: Record<string, unknown> }>,
        shippingCode: string,
        payment: { method: string; metadata: Record<string, unknown> },
        coupon?: string,
    ): Promise<{ id: string; code: string }> {
        for (const line of lines) {
            const r = await shop.query<{ addItemToOrder: OrderResult }>(
                `mutation($id: ID!, $q: Int!, $cf: OrderLineCustomFieldsInput) { addItemToOrder(productVariantId: $id, quantity: $q, customFields: $cf) { ${ORDER_FIELDS} } }`,
                { id: variant(line.sku), q: line.quantity, cf: line.customFields },
            );
            ok(r.addItemToOrder, `addItemToOrder ${line.sku}`);
        }
        if (coupon)
            ok(
                (
                    await shop.query<{ applyCouponCode: OrderResult }>(
                        `mutation { applyCouponCode(couponCode: "${coupon}") { ${ORDER_FIELDS} } }`,
                    )
                ).applyCouponCode,
                'coupon',
            );
        ok(
            (
                await shop.query<{ setOrderShippingAddress: OrderResult }>(
                    `mutation($input: CreateAddressInput!) { setOrderShippingAddress(input: $input) { ${ORDER_FIELDS} } }`,
                    { input: shippingAddress },
                )
            ).setOrderShippingAddress,
            'shipping address',
        );
        ok(
            (
                await shop.query<{ setOrderBillingAddress: OrderResult }>(
                    `mutation($input: CreateAddressInput!) { setOrderBillingAddress(input: $input) { ${ORDER_FIELDS} } }`,
                    { input: billingAddress },
                )
            ).setOrderBillingAddress,
            'billing address',
        );
        const eligible = await shop.query<{ eligibleShippingMethods: Array<{ id: string; code: string }> }>(
            `{ eligibleShippingMethods { id code } }`,
        );
        const method = eligible.eligibleShippingMethods.find(m => m.code === shippingCode);
        if (!method) throw new Error(`shipping method ${shippingCode} not eligible`);
        ok(
            (
                await shop.query<{ setOrderShippingMethod: OrderResult }>(
                    `mutation($id: [ID!]!) { setOrderShippingMethod(shippingMethodId: $id) { ${ORDER_FIELDS} } }`,
                    { id: [method.id] },
                )
            ).setOrderShippingMethod,
            'shipping method',
        );
        ok(
            (
                await shop.query<{ transitionOrderToState: OrError<{ id: string }> }>(
                    `mutation { transitionOrderToState(state: "ArrangingPayment") { ... on Order { id } ... on ErrorResult { errorCode message } } }`,
                )
            ).transitionOrderToState,
            'ArrangingPayment',
        );
        if (payment.method === 'online') return payOnline();
        const paid = await shop.query<{ addPaymentToOrder: OrderResult }>(
            `mutation($input: PaymentInput!) { addPaymentToOrder(input: $input) { ${ORDER_FIELDS} } }`,
            { input: payment },
        );
        const order = ok(paid.addPaymentToOrder, 'addPaymentToOrder');
        return { id: order.id, code: order.code };
    }

    /** The way a shopper pays online: register at the gateway (stand-in), press "Zapłać" there. */
    async function payOnline(): Promise<{ id: string; code: string }> {
        const { activeOrder } = await shop.query<{ activeOrder: { id: string; code: string } }>(`{ activeOrder { id code } }`);
        const started = await shop.query<{ startOnlinePayment: OrError<{ redirectUrl: string; sessionId: string }> }>(
            `mutation { startOnlinePayment { ... on OnlinePaymentStart { redirectUrl sessionId } ... on OnlinePaymentError { errorCode message } } }`,
        );
        const { redirectUrl } = ok(started.startOnlinePayment, 'startOnlinePayment');
        const res = await fetch(redirectUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: 'action=pay',
            redirect: 'manual',
        });
        if (res.status !== 303) throw new Error(`gateway stand-in answered ${res.status}`);
        const settled = await shop.query<{ orderByCode: { state: string } | null }>(
            `query($code: String!) { orderByCode(code: $code) { state } }`,
            { code: activeOrder.code },
        );
        if (settled.orderByCode?.state !== 'PaymentSettled')
            throw new Error(`online payment did not settle the order (${settled.orderByCode?.state})`);
        return activeOrder;
    }

    const guard = pick(1, o => o.includes('m'));
    const treats = pick(75, o => o.includes('100-g'));
    const order1 = await placeOrder(
        [
            {
                sku: guard,
                quantity: 1,
                customFields: {
                    kolorOkuc: 'czarny',
                    podszycie: 'tak',
                    configurator: JSON.stringify({
                        szyja: 'granatowy',
                        klatka: 'granatowy',
                        lacznik: 'czerwony',
                        kolorOkuc: 'czarny',
                        imageurl: '',
                    }),
                },
            },
            { sku: treats, quantity: 2 },
        ],
        'inpost-paczkomat',
        { method: 'przelew', metadata: {} },
    );
    const order2 = await placeOrder(
        [
            { sku: pick(33, o => o.includes('20-mm')), quantity: 1 },
            { sku: pick(52), quantity: 1 },
            { sku: pick(56), quantity: 2 },
        ],
        'kurier',
        { method: 'online', metadata: {} },
        'DP10',
    );

    // Admin: the transfer for order 1 arrived; order 1 was shipped and delivered.
    const adminLogin = await admin.query<{ login: OrError<{ id: string }> }>(
        `mutation($u: String!, $p: String!) { login(username: $u, password: $p) { ... on CurrentUser { id } ... on ErrorResult { errorCode message } } }`,
        { u: env.superadminIdentifier, p: env.superadminPassword },
    );
    ok(adminLogin.login, 'admin login');
    const o1 = await admin.query<{
        order: { lines: Array<{ id: string; quantity: number }>; payments: Array<{ id: string; state: string }> } | null;
    }>(`query($id: ID!) { order(id: $id) { lines { id quantity } payments { id state } } }`, { id: order1.id });
    if (!o1.order) throw new Error(`order ${order1.id} not found`);
    const order1Admin = o1.order;
    ok(
        (
            await admin.query<{ settlePayment: OrError<{ id: string; state: string }> }>(
                `mutation($id: ID!) { settlePayment(id: $id) { ... on Payment { id state } ... on ErrorResult { errorCode message } } }`,
                { id: order1Admin.payments[0].id },
            )
        ).settlePayment,
        'settlePayment',
    );
    const fulfillment = await admin.query<{ addFulfillmentToOrder: FulfillmentResult }>(
        `mutation($input: FulfillOrderInput!) { addFulfillmentToOrder(input: $input) { ... on Fulfillment { id state } ... on ErrorResult { errorCode message } } }`,
        {
            input: {
                lines: order1Admin.lines.map(l => ({ orderLineId: l.id, quantity: l.quantity })),
                handler: {
                    code: shipmentHandler.code,
                    arguments: [
                        { name: 'carrier', value: 'inpost' },
                        { name: 'trackingCode', value: '620000000000000000000001' },
                    ],
                },
            },
        },
    );
    const fulfilled = ok(fulfillment.addFulfillmentToOrder, 'addFulfillmentToOrder');
    for (const state of ['Shipped', 'Delivered']) {
        const t = await admin.query<{ transitionFulfillmentToState: FulfillmentResult }>(
            `mutation($id: ID!, $state: String!) { transitionFulfillmentToState(id: $id, state: $state) { ... on Fulfillment { id state } ... on ErrorResult { errorCode message } } }`,
            { id: fulfilled.id, state },
        );
        ok(t.transitionFulfillmentToState, `fulfillment ${state}`);
    }
    await shop.query(`mutation { logout { success } }`);

    // Back-date the orders so the account shows a history.
    const backdate = async (orderId: string, daysAgo: number) => {
        const at = new Date(now.getTime() - daysAgo * DAY);
        await setDates(connection, 'order', { orderPlacedAt: at, createdAt: at, updatedAt: at }, { id: orderId });
        await setDates(connection, 'payment', { createdAt: at, updatedAt: at }, { orderId });
    };
    await backdate(order1.id, 41);
    await backdate(order2.id, 12);
    // the first order was shipped the next day and delivered three days after it was placed, so its
    // withdrawal period (14 days from delivery) is over
    const delivered = new Date(now.getTime() - 38 * DAY);
    await setDates(
        connection,
        'fulfillment',
        { createdAt: new Date(now.getTime() - 40 * DAY), updatedAt: delivered },
        { id: fulfilled.id },
    );
    // and Vendure's order history, where the shipped date is read from (plugins/fulfilment)
    await setDates(connection, 'history_entry', { createdAt: new Date(now.getTime() - 40 * DAY) }, { orderId: order1.id });
}
