/**
 * The Shop API's `addItemToOrder` is ours (checkout plugin, api/add-to-cart.resolver.ts: half the
 * SQL statements, issue 38). It must do exactly what Vendure's does. Vendure's own path stays
 * reachable as `addItemsToOrder` (the same `OrderService.addItemsToOrder`), so two carts are built
 * side by side, one through each, and compared after every step: the order field for field (ids and
 * codes aside), the error results of refused additions, and what staff see of the new cart (its
 * state history in the Admin API).
 */
import { describe, expect, it } from 'vitest';
import type { GqlSession } from '../src/dev/graphql-client';
import { adminSession, shop, variantBySku } from './helpers';

/** What the storefront reads of a cart, and more: totals, taxes, prices, extras. */
const ORDER_FIELDS = `
    state active totalQuantity subTotal subTotalWithTax shipping shippingWithTax total totalWithTax currencyCode couponCodes
    discounts { type amount amountWithTax description }
    taxSummary { description taxRate taxBase taxTotal }
    customer { emailAddress }
    shippingLines { priceWithTax }
    lines {
        quantity unitPrice unitPriceWithTax linePrice linePriceWithTax discountedLinePriceWithTax proratedUnitPriceWithTax taxRate
        featuredAsset { id }
        productVariant { id sku name priceWithTax }
        customFields { dodatkowyMetr raczka podszycie kolorOkuc customObwodSzyi }
    }`;
const ERROR_FIELDS = `... on ErrorResult { errorCode message } ... on InsufficientStockError { quantityAvailable } ... on OrderInterceptorError { interceptorError }`;

type Result = Record<string, unknown>;
interface Input {
    productVariantId: string;
    quantity: number;
    customFields?: Record<string, unknown>;
}

/** Ours: `addItemToOrder`. The order, or the error result. */
async function addOurs(s: GqlSession, input: Input): Promise<Result> {
    const r = await s.query<{ addItemToOrder: Result }>(
        `mutation($id: ID!, $q: Int!, $cf: OrderLineCustomFieldsInput) {
            addItemToOrder(productVariantId: $id, quantity: $q, customFields: $cf) { ... on Order { code ${ORDER_FIELDS} } ${ERROR_FIELDS} } }`,
        { id: input.productVariantId, q: input.quantity, cf: input.customFields },
    );
    return r.addItemToOrder;
}

/** Vendure's: `addItemsToOrder` with one input. The order, or its one error result. */
async function addVendures(s: GqlSession, input: Input): Promise<Result> {
    const r = await s.query<{ addItemsToOrder: { order: Result; errorResults: Result[] } }>(
        `mutation($inputs: [AddItemInput!]!) {
            addItemsToOrder(inputs: $inputs) { order { code ${ORDER_FIELDS} } errorResults { ${ERROR_FIELDS} } } }`,
        { inputs: [input] },
    );
    const { order, errorResults } = r.addItemsToOrder;
    return errorResults[0] ?? order;
}

/**
 * An answer as compared: without the order code (each cart has its own), the lines in a stable
 * order (by variant and extras: lines added within the same second have no order of their own).
 */
function comparable({ code: _code, ...result }: Result): Result {
    const lines = result.lines as Array<{ productVariant: { sku: string }; customFields: unknown }> | undefined;
    const key = (l: NonNullable<typeof lines>[number]) => `${l.productVariant.sku} ${JSON.stringify(l.customFields)}`;
    return lines ? { ...result, lines: [...lines].sort((a, b) => key(a).localeCompare(key(b))) } : result;
}

/** The same addition through both paths: both answers, comparable. */
async function both(ours: GqlSession, vendures: GqlSession, input: Input): Promise<{ ours: Result; vendures: Result }> {
    const a = await addOurs(ours, input);
    const b = await addVendures(vendures, input);
    return { ours: comparable(a), vendures: comparable(b) };
}

const activeCode = async (s: GqlSession) =>
    (await s.query<{ activeOrder: { code: string } | null }>(`{ activeOrder { code } }`)).activeOrder?.code;

describe('addItemToOrder (our path) against Vendure’s addItemsToOrder', () => {
    it('builds the same cart, step by step: new cart, new lines, extras, a line topped up, the same variant with other extras', async () => {
        const ours = shop();
        const vendures = shop();
        const harness = await variantBySku(ours, 'PS-001-20-M');
        const leash = await variantBySku(ours, 'PS-033-15-15');
        const mug = await variantBySku(ours, 'PS-093-TURK');
        const steps: Input[] = [
            { productVariantId: harness.id, quantity: 2 },
            { productVariantId: leash.id, quantity: 1, customFields: { dodatkowyMetr: 2, raczka: 'tak' } },
            { productVariantId: mug.id, quantity: 1 },
            // the same variant and extras: the existing line grows
            { productVariantId: harness.id, quantity: 1 },
            { productVariantId: leash.id, quantity: 2, customFields: { dodatkowyMetr: 2, raczka: 'tak' } },
            // the same variant with other extras: a line of its own
            { productVariantId: leash.id, quantity: 1 },
        ];
        for (const [i, step] of steps.entries()) {
            const r = await both(ours, vendures, step);
            expect(r.ours, `step ${i + 1}`).toEqual(r.vendures);
            expect(r.ours).toMatchObject({ state: 'AddingItems', active: true });
        }
        const last = comparable(await addOurs(ours, { productVariantId: mug.id, quantity: 1 })) as {
            lines: Array<{ quantity: number; productVariant: { sku: string }; customFields: { dodatkowyMetr: number | null } }>;
        };
        expect(last.lines.map(l => [l.productVariant.sku, l.customFields.dodatkowyMetr, l.quantity])).toEqual([
            ['PS-001-20-M', null, 3],
            ['PS-033-15-15', 2, 3],
            ['PS-033-15-15', null, 1],
            ['PS-093-TURK', null, 2],
        ]);
    });

    it('answers every refusal with Vendure’s error result and leaves the same cart (too little stock adds what there is)', async () => {
        const ours = shop();
        const vendures = shop();
        const harness = await variantBySku(ours, 'PS-001-20-M');
        const leash = await variantBySku(ours, 'PS-033-20-2');
        const mug = await variantBySku(ours, 'PS-093-TURK');
        const soldOut = (
            await ours.query<{ product: { variants: Array<{ id: string }> } }>(
                `{ product(slug: "obroza-polzaciskowa-biothane") { variants { id } } }`,
            )
        ).product.variants[0]!.id;
        // refusals on an empty session (no cart yet) and on a cart
        for (const withCart of [false, true]) {
            if (withCart) expect((await both(ours, vendures, { productVariantId: mug.id, quantity: 1 })).ours).toHaveProperty('lines');
            const refusals: Array<[string, Input]> = [
                ['INSUFFICIENT_STOCK_ERROR', { productVariantId: harness.id, quantity: 500 }],
                ['INSUFFICIENT_STOCK_ERROR', { productVariantId: soldOut, quantity: 1 }],
                ['NEGATIVE_QUANTITY_ERROR', { productVariantId: harness.id, quantity: -1 }],
                ['ORDER_LIMIT_ERROR', { productVariantId: harness.id, quantity: 1000 }],
                ['ORDER_INTERCEPTOR_ERROR', { productVariantId: leash.id, quantity: 1, customFields: { podszycie: 'tak' } }],
            ];
            for (const [code, input] of refusals) {
                // the message aside: Vendure translates a mutation's error result, not those in a list (errorResults)
                const {
                    ours: { message, ...oursWithoutMessage },
                    vendures: { message: _untranslated, ...vendureWithoutMessage },
                } = await both(ours, vendures, input);
                expect(oursWithoutMessage, `${code}, ${withCart ? 'on a cart' : 'without a cart'}`).toEqual(vendureWithoutMessage);
                expect(oursWithoutMessage.errorCode).toBe(code);
                expect(message).not.toBe(code);
            }
            const cart = `{ activeOrder { totalQuantity lines { quantity } } }`;
            expect(await ours.query(cart)).toEqual(await vendures.query(cart));
        }
        // an unknown variant is refused the same way (a GraphQL error, not an error result)
        const unknownOurs = await ours.raw(`mutation { addItemToOrder(productVariantId: "999999", quantity: 1) { __typename } }`);
        const unknownVendures = await vendures.raw(
            `mutation { addItemsToOrder(inputs: [{ productVariantId: "999999", quantity: 1 }]) { __typename } }`,
        );
        expect(unknownOurs.errors?.[0]?.message).toBeTruthy();
        expect(unknownOurs.errors?.[0]?.message).toBe(unknownVendures.errors?.[0]?.message);
    });

    it('gives a new cart the history staff see of one, and the session keeps it', async () => {
        const ours = shop();
        const vendures = shop();
        const mug = await variantBySku(ours, 'PS-093-TURK');
        await both(ours, vendures, { productVariantId: mug.id, quantity: 1 });
        const codes = [await activeCode(ours), await activeCode(vendures)];
        expect(codes[0]).toMatch(/^[A-Z0-9]+$/);
        expect(codes[0]).not.toBe(codes[1]);
        const admin = await adminSession();
        const history = async (code: string) => {
            const r = await admin.query<{
                orders: {
                    items: Array<{
                        state: string;
                        active: boolean;
                        channels: Array<{ code: string }>;
                        history: { items: Array<{ type: string; data: unknown }> };
                    }>;
                };
            }>(
                `query($code: String!) { orders(options: { filter: { code: { eq: $code } } }) { items {
                    state active channels { code } history { items { type data } } } } }`,
                { code },
            );
            return r.orders.items[0];
        };
        const [a, b] = [await history(codes[0]!), await history(codes[1]!)];
        expect(a).toEqual(b);
        expect(a?.history.items).toEqual([{ type: 'ORDER_STATE_TRANSITION', data: { from: 'Created', to: 'AddingItems' } }]);
        // the next addition goes to the same cart
        await addOurs(ours, { productVariantId: mug.id, quantity: 1 });
        expect(await activeCode(ours)).toBe(codes[0]);
    });
});
