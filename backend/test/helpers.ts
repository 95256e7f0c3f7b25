import { inject } from 'vitest';
import { type ErrorResult, GqlSession, type GraphQLResponse, ok, type OrError, typed } from '../src/dev/graphql-client';

export const backendUrl = () => inject('backendUrl');
export const blogUrl = () => inject('blogUrl');
/** Superadmin of the backend under test (generated ones in the production profile). */
export const adminLogin = () => {
    const [username, ...rest] = inject('adminLogin').split(':');
    return { username: username!, password: rest.join(':') };
};
/** The payment gateway's shared secret of the backend under test. */
export const gatewaySecret = () => inject('gatewaySecret');
/** ORDER_LINK_SECRET of the backend under test (decision 104: tests sign expired keys with it). */
export const orderLinkSecret = () => inject('orderLinkSecret');
/** The ShipX organisation and the webhook's secret path segment of the backend under test (decision 113). */
export const inpostSettings = () => inject('inpost');
/** the invoices' seller NIP, the KSeF stand-in's taxpayer: the development one, or the production profile's */
export const sellerNip = () => inject('sellerNip');
/** STOREFRONT_URL of the backend under test (the gateway returns the shopper there). */
export const storefrontUrl = () => inject('storefrontUrl');
/** The shop's outgoing mail for one address (the dev mailbox, or the SMTP sink of the production profile). */
export const mailboxUrl = (email: string) => `${inject('mailboxUrl')}?email=${encodeURIComponent(email)}`;

/** An Admin API session logged in as the superadmin of the backend under test. */
export async function adminSession(): Promise<GqlSession> {
    const a = new GqlSession(`${backendUrl()}/admin-api`);
    const r = await a.query<{ login: { id?: string } }>(
        `mutation($u: String!, $p: String!) { login(username: $u, password: $p) { ... on CurrentUser { id } } }`,
        { u: adminLogin().username, p: adminLogin().password },
    );
    if (!r.login.id) throw new Error('superadmin login failed');
    return a;
}

/** The Shop API's secret of the backend under test ('' on SQLite, where there is no check; decision 105). */
export const shopApiSecret = () => inject('shopApiSecret');

/** The header the storefront worker sends, for the backend under test ({} when it has no secret). */
export const shopApiHeaders = (): Record<string, string> => (shopApiSecret() ? { 'x-shop-api-secret': shopApiSecret() } : {});

/** A new Shop API session (its own bearer token, so its own active order), sending the worker's secret. */
export function shop(): GqlSession {
    return new GqlSession(`${backendUrl()}/shop-api`, undefined, shopApiHeaders());
}

/** GET a JSON resource (dev mailbox, blog REST API) as the shape the test expects. */
export async function getJson<T>(url: string): Promise<T> {
    const res = await fetch(url);
    return (await res.json()) as T;
}

export const ORDER = `
    ... on Order {
        id code state totalQuantity subTotalWithTax shippingWithTax totalWithTax couponCodes
        discounts { description amountWithTax type }
        lines { id quantity unitPriceWithTax linePriceWithTax discountedLinePriceWithTax productVariant { id sku }
            customFields { configurator customObwodKlatki customObwodSzyi dodatkowyMetr kolorOkuc odblaski podszycie raczka dopasowanieRozmiaru } }
    }
    ... on ErrorResult { errorCode message }
`;

/** The order-line custom fields selected by ORDER (null when not set). */
export interface OrderLineCustomFields {
    configurator: string | null;
    customObwodKlatki: number | null;
    customObwodSzyi: number | null;
    dodatkowyMetr: number | null;
    kolorOkuc: string | null;
    odblaski: string | null;
    podszycie: string | null;
    raczka: string | null;
    dopasowanieRozmiaru: boolean | null;
}

/** The `... on Order` part of ORDER. */
export interface OrderFields {
    id: string;
    code: string;
    state: string;
    totalQuantity: number;
    subTotalWithTax: number;
    shippingWithTax: number;
    totalWithTax: number;
    couponCodes: string[];
    discounts: Array<{ description: string; amountWithTax: number; type: string }>;
    lines: Array<{
        id: string;
        quantity: number;
        unitPriceWithTax: number;
        linePriceWithTax: number;
        discountedLinePriceWithTax: number;
        productVariant: { id: string; sku: string };
        customFields: OrderLineCustomFields;
    }>;
}

/** A mutation field selected with `{ ${ORDER} }`: the order or an ErrorResult. */
export type OrderResult = OrError<OrderFields>;

/** addItemToOrder as addItem selects it (the stock and interceptor errors carry one more field). */
export type AddItemResult = OrError<OrderFields, ErrorResult & { quantityAvailable?: number; interceptorError?: string }>;

type StockLevel = 'IN_STOCK' | 'OUT_OF_STOCK' | 'LOW_STOCK';

const PRODUCT_VARIANTS = typed<
    { product: { variants: Array<{ id: string; sku: string; priceWithTax: number; stockLevel: StockLevel }> } | null },
    { id: string }
>(`query($id: ID!) { product(id: $id) { variants { id sku priceWithTax stockLevel } } }`);

/** Variant id by SKU (the catalogue's SKUs are stable: PS-{productId}-{options}). */
export async function variantBySku(s: GqlSession, sku: string): Promise<{ id: string; priceWithTax: number; stockLevel: StockLevel }> {
    const productId = Number(sku.split('-')[1]);
    const p = await s.query(PRODUCT_VARIANTS, { id: String(productId) });
    const v = p.product?.variants.find(x => x.sku === sku);
    if (!v) throw new Error(`variant ${sku} not found`);
    return v;
}

const ADD_ITEM = typed<{ addItemToOrder: AddItemResult }, { id: string; q: number; cf?: Record<string, unknown> }>(
    `mutation($id: ID!, $q: Int!, $cf: OrderLineCustomFieldsInput) { addItemToOrder(productVariantId: $id, quantity: $q, customFields: $cf) { ${ORDER} ... on InsufficientStockError { quantityAvailable } ... on OrderInterceptorError { interceptorError } } }`,
);

/** addItemToOrder, whole response: `data` with the order or an ErrorResult, or `errors` (refused input). */
export async function addItem(
    s: GqlSession,
    variantId: string,
    quantity: number,
    customFields?: Record<string, unknown>,
): Promise<GraphQLResponse<{ addItemToOrder: AddItemResult }>> {
    return s.raw(ADD_ITEM, { id: variantId, q: quantity, cf: customFields });
}

/** addItemToOrder that must succeed: the order (throws with the GraphQL errors or the ErrorResult otherwise). */
export async function addItemOk(
    s: GqlSession,
    variantId: string,
    quantity: number,
    customFields?: Record<string, unknown>,
): Promise<OrderFields> {
    const r = await addItem(s, variantId, quantity, customFields);
    if (!r.data) throw new Error(`addItemToOrder: ${r.errors?.map(e => e.message).join('; ')}`);
    return ok(r.data.addItemToOrder, 'addItemToOrder');
}

/** The guest's delivery address of the backend tests: a flat in Kraków with an InPost locker there. */
export const KRAKOW_LOCKER_ADDRESS = {
    fullName: 'Ewa Kot',
    streetLine1: 'Psia 5/2',
    city: 'Kraków',
    postalCode: '30-001',
    countryCode: 'PL',
    customFields: { paczkomat: 'KRA01M' as string | null },
};

/**
 * The billing address of the session's cart asking for a VAT invoice (a firm's `company` and `nip`,
 * or a consumer's: both empty; `fvat: false` asks for none), then the payment step (ArrangingPayment).
 */
export async function invoiceBillingToPayment(s: GqlSession, opts: { company?: string; nip?: string; fvat?: boolean }): Promise<void> {
    const billing = await s.query<{ setOrderBillingAddress: { __typename: string } }>(
        `mutation($i: CreateAddressInput!) { setOrderBillingAddress(input: $i) { __typename } }`,
        {
            i: {
                fullName: 'Ewa Kot',
                company: opts.company ?? '',
                streetLine1: 'Kocia 7/3',
                city: 'Kraków',
                postalCode: '30-002',
                countryCode: 'PL',
                customFields: { fvat: opts.fvat ?? true, nip: opts.nip ?? '' },
            },
        },
    );
    if (billing.setOrderBillingAddress.__typename !== 'Order') throw new Error(`setOrderBillingAddress: ${JSON.stringify(billing)}`);
    const t = await s.query<{ transitionOrderToState: { state?: string } }>(
        `mutation { transitionOrderToState(state: "ArrangingPayment") { ... on Order { state } } }`,
    );
    if (t.transitionOrderToState.state !== 'ArrangingPayment') throw new Error(`transitionOrderToState: ${JSON.stringify(t)}`);
}

/** Gives the session's cart the guest `email` as its customer, an InPost locker in Kraków and the locker delivery. */
export async function lockerDeliveryFor(s: GqlSession, email: string): Promise<void> {
    await s.query(`mutation($i: CreateCustomerInput!) { setCustomerForOrder(input: $i) { __typename } }`, {
        i: { emailAddress: email, firstName: 'Ewa', lastName: 'Kot', phoneNumber: '+48 600 700 800' },
    });
    await s.query(`mutation($i: CreateAddressInput!) { setOrderShippingAddress(input: $i) { __typename } }`, {
        i: KRAKOW_LOCKER_ADDRESS,
    });
    const methods = await s.query<{ eligibleShippingMethods: Array<{ id: string; code: string }> }>(
        `{ eligibleShippingMethods { id code } }`,
    );
    const locker = methods.eligibleShippingMethods.find(m => m.code === 'inpost-paczkomat')!;
    await s.query(`mutation($id: [ID!]!) { setOrderShippingMethod(shippingMethodId: $id) { __typename } }`, { id: [locker.id] });
}

/**
 * Checks out the session's cart as the guest `email`: an InPost locker in Kraków, paid by bank
 * transfer. Returns the placed order (PaymentAuthorized: the transfer has not arrived yet).
 */
export async function checkoutByTransfer(s: GqlSession, email: string): Promise<{ id: string; code: string; state: string }> {
    await lockerDeliveryFor(s, email);
    await s.query(`mutation { transitionOrderToState(state: "ArrangingPayment") { __typename } }`);
    const paid = await s.query<{ addPaymentToOrder: { id: string; code: string; state: string } }>(
        `mutation { addPaymentToOrder(input: { method: "przelew", metadata: {} }) { ... on Order { id code state } } }`,
    );
    return paid.addPaymentToOrder;
}
