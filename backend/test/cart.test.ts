import { describe, expect, it } from 'vitest';
import { type OrError } from '../src/dev/graphql-client';
import { addItem, addItemOk, ORDER, type OrderResult, shop, variantBySku } from './helpers';

type ShippingPrices = { eligibleShippingMethods: Array<{ code: string; priceWithTax: number }> };

describe('cart and checkout', () => {
    it('applies BLACKWEEK24 (-20%) and DP10 (-10%), upper-case codes', async () => {
        for (const [code, percent] of [
            ['BLACKWEEK24', 20],
            ['DP10', 10],
        ] as const) {
            const s = shop();
            const v = await variantBySku(s, 'PS-001-20-M');
            const added = await addItem(s, v.id, 1);
            expect(added.data!.addItemToOrder.errorCode).toBeUndefined();
            const r = await s.query<{ applyCouponCode: OrderResult }>(
                `mutation($c: String!) { applyCouponCode(couponCode: $c) { ${ORDER} } }`,
                { c: code },
            );
            expect(r.applyCouponCode.couponCodes).toEqual([code]);
            expect(r.applyCouponCode.subTotalWithTax).toBe(Math.round(v.priceWithTax * (1 - percent / 100)));
        }
    });

    it('keeps PIES15 on the order but discounts 15 zł only from 150 zł', async () => {
        const s = shop();
        const cheap = await variantBySku(s, 'PS-056'); // 14,70 zł
        await addItem(s, cheap.id, 1);
        const pending = await s.query<{ applyCouponCode: OrderResult }>(`mutation { applyCouponCode(couponCode: "PIES15") { ${ORDER} } }`);
        expect(pending.applyCouponCode.couponCodes).toEqual(['PIES15']);
        expect(pending.applyCouponCode.discounts).toEqual([]);
        const applied = await addItemOk(s, (await variantBySku(s, 'PS-001-20-M')).id, 1);
        expect(applied.discounts[0].amountWithTax).toBe(-1500);
    });

    it('answers an unknown coupon with COUPON_CODE_INVALID_ERROR', async () => {
        const s = shop();
        await addItem(s, (await variantBySku(s, 'PS-056')).id, 1);
        const r = await s.query<{ applyCouponCode: OrderResult }>(`mutation { applyCouponCode(couponCode: "NIEMA") { ${ORDER} } }`);
        expect(r.applyCouponCode.errorCode).toBe('COUPON_CODE_INVALID_ERROR');
    });

    it('answers more than the stock with INSUFFICIENT_STOCK_ERROR', async () => {
        const s = shop();
        const r = await addItem(s, (await variantBySku(s, 'PS-001-20-M')).id, 500); // stock is below 50; 999 is Vendure's order limit
        expect(r.data!.addItemToOrder.errorCode).toBe('INSUFFICIENT_STOCK_ERROR');
        expect(r.data!.addItemToOrder.quantityAvailable).toBeGreaterThan(0);
        const soldOut = await s.query<{ product: { variants: Array<{ id: string }> } | null }>(
            `{ product(slug: "obroza-polzaciskowa-biothane") { variants { id } } }`,
        );
        const none = await addItem(s, soldOut.product!.variants[0].id, 1);
        expect(none.data!.addItemToOrder.errorCode).toBe('INSUFFICIENT_STOCK_ERROR');
    });

    it('keeps the line custom fields and refuses out-of-range sizes with a Polish message', async () => {
        const s = shop();
        const v = await variantBySku(s, 'PS-001-20-M');
        const bad = await addItem(s, v.id, 1, { customObwodSzyi: 95 });
        expect(bad.errors?.[0]?.message).toContain('Obwód szyi musi wynosić od 20 do 90 cm');
        const badChest = await addItem(s, v.id, 1, { customObwodKlatki: 131 });
        expect(badChest.errors?.[0]?.message).toContain('Obwód klatki piersiowej');
        const badLength = await addItem(s, v.id, 1, { dodatkowyMetr: 21 });
        expect(badLength.errors?.[0]?.message).toContain('Dodatkowa długość');
        const configurator = JSON.stringify({ szyja: 'czerwony', klatka: 'granatowy', lacznik: 'czarny', kolorOkuc: 'srebrny' });
        const good = await addItemOk(s, v.id, 1, { customObwodSzyi: 40, customObwodKlatki: 60, configurator });
        const line = good.lines[0];
        expect(line.customFields).toMatchObject({ customObwodSzyi: 40, customObwodKlatki: 60, configurator });
    });

    it('charges 12,99 zł for the Paczkomat below 249 zł and nothing above', async () => {
        const s = shop();
        await addItem(s, (await variantBySku(s, 'PS-056')).id, 1);
        const address = {
            fullName: 'Jan Test',
            streetLine1: 'Testowa 1',
            city: 'Łódź',
            postalCode: '90-001',
            countryCode: 'PL',
            customFields: { paczkomat: 'LOD01M' },
        };
        await s.query(`mutation($a: CreateAddressInput!) { setOrderShippingAddress(input: $a) { ${ORDER} } }`, { a: address });
        const cheap = await s.query<ShippingPrices>(`{ eligibleShippingMethods { code priceWithTax } }`);
        expect(cheap.eligibleShippingMethods).toEqual(
            expect.arrayContaining([
                { code: 'inpost-paczkomat', priceWithTax: 1299 },
                { code: 'kurier', priceWithTax: 1699 },
            ]),
        );
        await addItem(s, (await variantBySku(s, 'PS-014-XL-GRAF')).id, 1); // 249 zł harness → above 249
        const free = await s.query<ShippingPrices>(`{ eligibleShippingMethods { code priceWithTax } }`);
        for (const m of free.eligibleShippingMethods) expect(m.priceWithTax).toBe(0);
    });

    it('checks out with przelew (Authorized); online cannot be paid through addPaymentToOrder (checkout.test.ts pays it)', async () => {
        const pay = async (method: string, metadata: Record<string, unknown>) => {
            const s = shop();
            await addItem(s, (await variantBySku(s, 'PS-056')).id, 2);
            await s.query(
                `mutation { setCustomerForOrder(input: { emailAddress: "gosc-${Date.now()}-${Math.random()}@psiaki.test", firstName: "Gość", lastName: "Testowy" }) { ... on Order { id } ... on ErrorResult { errorCode } } }`,
            );
            await s.query(`mutation($a: CreateAddressInput!) { setOrderShippingAddress(input: $a) { ${ORDER} } }`, {
                a: { fullName: 'Gość Testowy', streetLine1: 'Prosta 2', city: 'Poznań', postalCode: '60-001', countryCode: 'PL' },
            });
            const methods = await s.query<{ eligibleShippingMethods: Array<{ id: string; code: string }> }>(
                `{ eligibleShippingMethods { id code } }`,
            );
            const kurier = methods.eligibleShippingMethods.find(m => m.code === 'kurier');
            await s.query(`mutation($id: [ID!]!) { setOrderShippingMethod(shippingMethodId: $id) { ${ORDER} } }`, { id: [kurier!.id] });
            const t = await s.query<{ transitionOrderToState: OrError<{ state: string }> }>(
                `mutation { transitionOrderToState(state: "ArrangingPayment") { ... on Order { state } ... on ErrorResult { errorCode message } } }`,
            );
            expect(t.transitionOrderToState.state).toBe('ArrangingPayment');
            const r = await s.query<{ addPaymentToOrder: OrderResult }>(
                `mutation($input: PaymentInput!) { addPaymentToOrder(input: $input) { ${ORDER} } }`,
                { input: { method, metadata } },
            );
            return r.addPaymentToOrder;
        };
        expect((await pay('przelew', {})).state).toBe('PaymentAuthorized');
        expect((await pay('online', { result: 'succeed' })).errorCode).toBe('PAYMENT_DECLINED_ERROR');
    });
});
