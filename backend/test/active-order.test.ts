/**
 * The Shop API's `activeOrder` is ours (checkout plugin, api/active-order.resolver.ts: fewer SQL
 * statements, issue 38). It must answer exactly what Vendure's order reads answer: compared here
 * field for field with `orderByCode` (Vendure's own read of the same order) on a cart with extras, a
 * customer, an address and a shipping method; and it must not keep a placed order as the cart.
 */
import { describe, expect, it } from 'vitest';
import { addItemOk, checkoutByTransfer, lockerDeliveryFor, shop, variantBySku } from './helpers';

/** What a storefront reads of a cart, and more: totals, taxes, prices, relations of every kind. */
const ORDER_FIELDS = `
    id code state active totalQuantity subTotal subTotalWithTax shipping shippingWithTax total totalWithTax currencyCode couponCodes
    discounts { type adjustmentSource amount amountWithTax description }
    taxSummary { description taxRate taxBase taxTotal }
    shippingAddress { fullName streetLine1 city postalCode countryCode customFields { paczkomat } }
    shippingLines { priceWithTax discountedPriceWithTax shippingMethod { id code name } }
    customer { id firstName lastName emailAddress }
    surcharges { id }
    lines {
        id quantity unitPrice unitPriceWithTax linePrice linePriceWithTax discountedLinePriceWithTax proratedUnitPriceWithTax taxRate
        featuredAsset { id preview }
        productVariant { id name sku price priceWithTax stockLevel product { id slug } customFields { staracena } }
        customFields { dodatkowyMetr raczka }
    }`;

type Order = Record<string, unknown> & { code: string; lines: unknown[] };

async function both(s: ReturnType<typeof shop>): Promise<{ active: Order | null; byCode: Order | null }> {
    const active = (await s.query<{ activeOrder: Order | null }>(`{ activeOrder { ${ORDER_FIELDS} } }`)).activeOrder;
    if (!active) return { active, byCode: null };
    const byCode = (
        await s.query<{ orderByCode: Order | null }>(`query($code: String!) { orderByCode(code: $code) { ${ORDER_FIELDS} } }`, {
            code: active.code,
        })
    ).orderByCode;
    return { active, byCode };
}

describe('activeOrder (our read of the cart)', () => {
    it('answers as Vendure reads the same order, at every step of building it', async () => {
        const s = shop();
        expect((await s.query<{ activeOrder: Order | null }>(`{ activeOrder { id } }`)).activeOrder).toBeNull();

        const harness = await variantBySku(s, 'PS-001-20-M');
        const leash = await variantBySku(s, 'PS-033-15-15');
        await addItemOk(s, harness.id, 2);
        await addItemOk(s, leash.id, 1, { dodatkowyMetr: 2, raczka: 'tak' });
        let r = await both(s);
        expect(r.active?.lines).toHaveLength(2);
        expect(r.active).toEqual(r.byCode);

        await lockerDeliveryFor(s, 'active-order@example.pl');
        r = await both(s);
        expect(r.active).toMatchObject({
            customer: { emailAddress: 'active-order@example.pl' },
            shippingLines: [{ shippingMethod: { code: 'inpost-paczkomat' } }],
        });
        expect(r.active).toEqual(r.byCode);
    });

    it('is empty once its order is placed, and a new addition starts a new cart', async () => {
        const s = shop();
        const mug = await variantBySku(s, 'PS-093-TURK');
        const first = await addItemOk(s, mug.id, 1);
        const placed = await checkoutByTransfer(s, 'active-order-placed@example.pl');
        expect(placed.code).toBe(first.code);
        expect((await s.query<{ activeOrder: Order | null }>(`{ activeOrder { id } }`)).activeOrder).toBeNull();
        const next = await addItemOk(s, mug.id, 1);
        expect(next.code).not.toBe(first.code);
        expect((await s.query<{ activeOrder: Order | null }>(`{ activeOrder { code lines { quantity } } }`)).activeOrder).toEqual({
            code: next.code,
            lines: [{ quantity: 1 }],
        });
    });

    it("never answers another session's cart", async () => {
        const a = shop();
        const b = shop();
        const mug = await variantBySku(a, 'PS-093-TURK');
        await addItemOk(a, mug.id, 1);
        expect((await b.query<{ activeOrder: Order | null }>(`{ activeOrder { id } }`)).activeOrder).toBeNull();
    });
});
