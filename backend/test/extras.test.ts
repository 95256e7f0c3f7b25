import { describe, expect, it } from 'vitest';
import { addItem, ORDER, shop, variantBySku } from './helpers';

const EXTRAS = `query($id: ID!) { product(id: $id) { variants { id sku priceWithTax extras { field price type min max chargeGroup options { value price } } } } }`;

async function variantWithExtras(sku: string) {
    const s = shop();
    const p = await s.query(EXTRAS, { id: String(Number(sku.split('-')[1])) });
    return { s, v: p.product.variants.find((x: any) => x.sku === sku) };
}

describe('extras priced by the backend', () => {
    it('offers a guard harness lining, black hardware, reflectors, a handle and custom sizes, no extra length', async () => {
        const { v } = await variantWithExtras('PS-001-20-M');
        const byField = Object.fromEntries(v.extras.map((e: any) => [e.field, e]));
        expect(byField.podszycie.price).toBe(2000);
        expect(byField.kolorOkuc.options).toEqual([
            { value: 'srebrny', price: 0 },
            { value: 'czarny', price: 1000 },
        ]);
        expect(byField.odblaski.price).toBe(1000); // 20 mm tape
        expect(byField.raczka.price).toBe(1000);
        expect(byField.customObwodSzyi).toMatchObject({ min: 20, max: 90, chargeGroup: 'dopasowanie' });
        expect(byField.customObwodKlatki).toMatchObject({ min: 20, max: 130 });
        expect(byField.dodatkowyMetr).toBeUndefined();
        const collar = await variantWithExtras('PS-016-15-S');
        const collarFields = Object.fromEntries(collar.v.extras.map((e: any) => [e.field, e]));
        expect(collarFields.podszycie.price).toBe(1000);
        expect(collarFields.odblaski.price).toBe(500); // 15 mm tape
        expect(collarFields.customObwodKlatki).toBeUndefined();
    });

    it('charges base + foam lining + black hardware, exactly as the product page computes it', async () => {
        const { s, v } = await variantWithExtras('PS-001-20-M');
        const pagePrice =
            v.priceWithTax +
            v.extras.find((e: any) => e.field === 'podszycie').price +
            v.extras.find((e: any) => e.field === 'kolorOkuc').options.find((o: any) => o.value === 'czarny').price;
        const r = await addItem(s, v.id, 2, { podszycie: 'tak', kolorOkuc: 'czarny' });
        const line = r.data.addItemToOrder.lines[0];
        expect(line.unitPriceWithTax).toBe(v.priceWithTax + 3000);
        expect(line.unitPriceWithTax).toBe(pagePrice);
        expect(line.linePriceWithTax).toBe(2 * pagePrice);
        expect(line.customFields).toMatchObject({ podszycie: 'tak', kolorOkuc: 'czarny' });
        // silver hardware and a plain line cost the base price
        const plain = await addItem(s, v.id, 1, { kolorOkuc: 'srebrny' });
        const plainLine = plain.data.addItemToOrder.lines.find((l: any) => l.customFields.kolorOkuc === 'srebrny');
        expect(plainLine.unitPriceWithTax).toBe(v.priceWithTax);
    });

    it('charges size adjustment once and extra length per metre', async () => {
        const harness = await variantWithExtras('PS-001-20-M');
        const r = await addItem(harness.s, harness.v.id, 1, { customObwodSzyi: 40, customObwodKlatki: 60, dopasowanieRozmiaru: true });
        expect(r.data.addItemToOrder.lines[0].unitPriceWithTax).toBe(harness.v.priceWithTax + 1000);
        const leash = await variantWithExtras('PS-033-20-2');
        const l = await addItem(leash.s, leash.v.id, 1, { dodatkowyMetr: 3, raczka: 'tak' });
        expect(l.data.addItemToOrder.lines[0].unitPriceWithTax).toBe(leash.v.priceWithTax + 3 * 1000 + 500);
    });

    it('refuses extras the product does not offer and cannot be priced down by the request', async () => {
        const leash = await variantWithExtras('PS-033-20-2');
        const lining = await addItem(leash.s, leash.v.id, 1, { podszycie: 'tak' });
        expect(lining.data.addItemToOrder.errorCode).toBe('ORDER_INTERCEPTOR_ERROR');
        expect(lining.data.addItemToOrder.interceptorError).toContain('nie jest dostępny dla tego produktu');
        const biothane = await variantWithExtras('PS-005-20-M'); // biothane tape: no foam lining
        const refused = await addItem(biothane.s, biothane.v.id, 1, { podszycie: 'tak' });
        expect(refused.data.addItemToOrder.errorCode).toBe('ORDER_INTERCEPTOR_ERROR');
        const negative = await addItem(leash.s, leash.v.id, 1, { dodatkowyMetr: -5 });
        expect(negative.errors?.[0]?.message).toContain('Dodatkowa długość');
        const unknown = await addItem(leash.s, leash.v.id, 1, { kolorOkuc: 'zloty' });
        expect(unknown.errors?.[0]?.message).toContain('kolor okuć');
        // adjusting a line to add an extra re-prices it; adding a refused one is refused
        const guard = await variantWithExtras('PS-001-20-M');
        const added = await addItem(guard.s, guard.v.id, 1);
        const lineId = added.data.addItemToOrder.lines[0].id;
        const adjusted = await guard.s.query(`mutation($id: ID!, $cf: OrderLineCustomFieldsInput) { adjustOrderLine(orderLineId: $id, quantity: 1, customFields: $cf) { ${ORDER} } }`, {
            id: lineId,
            cf: { kolorOkuc: 'czarny' },
        });
        expect(adjusted.adjustOrderLine.lines[0].unitPriceWithTax).toBe(guard.v.priceWithTax + 1000);
        const bad = await guard.s.query(`mutation($id: ID!, $cf: OrderLineCustomFieldsInput) { adjustOrderLine(orderLineId: $id, quantity: 1, customFields: $cf) { ${ORDER} } }`, {
            id: lineId,
            cf: { dodatkowyMetr: 2 },
        });
        expect(bad.adjustOrderLine.errorCode).toBe('ORDER_INTERCEPTOR_ERROR');
    });

    describe('harness configurator (Pro-Fit Studio)', () => {
        const CONFIG = `query($id: ID!) { product(id: $id) { variants { id sku priceWithTax configurator { type parts { key label } colours { code name } } } } }`;

        it('offers the guard and Pro-Fit harness parts in the product\'s own colours, nothing on other products', async () => {
            const s = shop();
            const guard = (await s.query(CONFIG, { id: '1' })).product.variants[0];
            expect(guard.configurator.type).toBe('guard');
            expect(guard.configurator.parts.map((p: any) => p.label)).toEqual(['Pas szyjny', 'Pas piersiowy', 'Łącznik']);
            expect(guard.configurator.colours.map((c: any) => c.code).sort()).toEqual(['czarny', 'czerwony', 'granatowy']);
            expect(guard.configurator.colours.find((c: any) => c.code === 'granatowy').name).toBe('Granatowy');
            const proFit = (await s.query(CONFIG, { id: '7' })).product.variants[0];
            expect(proFit.configurator.type).toBe('bezuciski');
            expect(proFit.configurator.parts.map((p: any) => p.key)).toEqual(['szyja', 'klatka', 'grzbiet']);
            const collar = (await s.query(CONFIG, { id: '16' })).product.variants[0];
            expect(collar.configurator).toBeNull();
        });

        it('adds a configured guard harness at the base price plus its extras and keeps the JSON', async () => {
            const { s, v } = await variantWithExtras('PS-001-20-M');
            const configurator = JSON.stringify({ szyja: 'granatowy', klatka: 'czerwony', lacznik: 'czarny', kolorOkuc: 'czarny', imageurl: '' });
            const r = await addItem(s, v.id, 1, { kolorOkuc: 'czarny', configurator });
            const line = r.data.addItemToOrder.lines[0];
            expect(line.unitPriceWithTax).toBe(v.priceWithTax + 1000);
            expect(line.customFields.configurator).toBe(configurator);
        });

        it('refuses, in Polish, a part colour the product lacks, a missing part, an unknown part, a hardware colour the line is not charged for and a foreign picture', async () => {
            const { s, v } = await variantWithExtras('PS-001-20-M');
            const refused = async (config: Record<string, unknown>, fields: Record<string, unknown> = {}) => {
                const r = await addItem(s, v.id, 1, { ...fields, configurator: JSON.stringify(config) });
                expect(r.data.addItemToOrder.errorCode).toBe('ORDER_INTERCEPTOR_ERROR');
                return r.data.addItemToOrder.interceptorError as string;
            };
            const ok = { szyja: 'granatowy', klatka: 'czerwony', lacznik: 'czarny', kolorOkuc: 'srebrny' };
            expect(await refused({ ...ok, szyja: 'mietowy' })).toBe('Kolor „mietowy” nie jest dostępny dla części „Pas szyjny” tego produktu.');
            expect(await refused({ szyja: 'granatowy', klatka: 'czerwony', kolorOkuc: 'srebrny' })).toBe('Wybierz kolor części „Łącznik”.');
            expect(await refused({ ...ok, grzbiet: 'czarny' })).toBe('Ten produkt nie ma części „grzbiet”.');
            expect(await refused({ ...ok, kolorOkuc: 'czarny' })).toContain('Kolor okuć w konfiguracji nie zgadza się');
            expect(await refused({ ...ok, imageurl: 'https://evil.example/x.png' })).toBe('Nieprawidłowe zdjęcie konfiguracji.');
            const broken = await addItem(s, v.id, 1, { configurator: '{nie json' });
            expect(broken.data.addItemToOrder.interceptorError).toBe('Nieprawidłowy zapis konfiguracji szelek.');
            const collar = await variantWithExtras('PS-016-15-S');
            const onCollar = await addItem(collar.s, collar.v.id, 1, { configurator: JSON.stringify(ok) });
            expect(onCollar.data.addItemToOrder.interceptorError).toBe('Tego produktu nie można skonfigurować w Pro-Fit Studio.');
            // nothing was added by the refused requests
            const order = await s.query(`{ activeOrder { lines { id } } }`);
            expect(order.activeOrder?.lines ?? []).toEqual([]);
        });

        it('accepts a picture of the product itself as imageurl', async () => {
            const s = shop();
            const p = await s.query(`{ product(id: 1) { assets { preview } variants { id sku } } }`);
            const v = p.product.variants.find((x: any) => x.sku === 'PS-001-20-M');
            const configurator = JSON.stringify({ szyja: 'granatowy', klatka: 'czerwony', lacznik: 'czarny', kolorOkuc: 'srebrny', imageurl: p.product.assets[0].preview });
            const r = await addItem(s, v.id, 1, { configurator });
            expect(r.data.addItemToOrder.lines?.[0]?.customFields.configurator).toBe(configurator);
        });
    });
});
