import { describe, expect, it } from 'vitest';
import { ok, typed } from '../src/dev/graphql-client';
import { addItem, addItemOk, ORDER, type OrderResult, shop } from './helpers';

/** ProductVariant.extras as EXTRAS selects it (see src/plugins/extras-pricing/). */
interface Extra {
    field: string;
    price: number;
    type: string;
    min: number | null;
    max: number | null;
    chargeGroup: string | null;
    options: Array<{ value: string; price: number }>;
}

const EXTRAS = typed<
    { product: { variants: Array<{ id: string; sku: string; priceWithTax: number; extras: Extra[] }> } | null },
    { id: string }
>(
    `query($id: ID!) { product(id: $id) { variants { id sku priceWithTax extras { field price type min max chargeGroup options { value price } } } } }`,
);

const ADJUST_LINE = typed<{ adjustOrderLine: OrderResult }, { id: string; cf: Record<string, unknown> }>(
    `mutation($id: ID!, $cf: OrderLineCustomFieldsInput) { adjustOrderLine(orderLineId: $id, quantity: 1, customFields: $cf) { ${ORDER} } }`,
);

async function variantWithExtras(sku: string) {
    const s = shop();
    const p = await s.query(EXTRAS, { id: String(Number(sku.split('-')[1])) });
    const v = p.product?.variants.find(x => x.sku === sku);
    if (!v) throw new Error(`variant ${sku} not found`);
    return { s, v };
}

/** The extra of a variant for a field (throws when the variant does not offer it). */
function extra(v: { extras: Extra[] }, field: string): Extra {
    const e = v.extras.find(x => x.field === field);
    if (!e) throw new Error(`no extra ${field}`);
    return e;
}

describe('extras priced by the backend', () => {
    it('offers a guard harness lining, black hardware, reflectors, a handle and custom sizes, no extra length', async () => {
        const { v } = await variantWithExtras('PS-001-20-M');
        const byField = Object.fromEntries(v.extras.map(e => [e.field, e]));
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
        const collarFields = Object.fromEntries(collar.v.extras.map(e => [e.field, e]));
        expect(collarFields.podszycie.price).toBe(1000);
        expect(collarFields.odblaski.price).toBe(500); // 15 mm tape
        expect(collarFields.customObwodKlatki).toBeUndefined();
    });

    it('charges base + foam lining + black hardware, exactly as the product page computes it', async () => {
        const { s, v } = await variantWithExtras('PS-001-20-M');
        const pagePrice =
            v.priceWithTax + extra(v, 'podszycie').price + extra(v, 'kolorOkuc').options.find(o => o.value === 'czarny')!.price;
        const r = await addItemOk(s, v.id, 2, { podszycie: 'tak', kolorOkuc: 'czarny' });
        const line = r.lines[0];
        expect(line.unitPriceWithTax).toBe(v.priceWithTax + 3000);
        expect(line.unitPriceWithTax).toBe(pagePrice);
        expect(line.linePriceWithTax).toBe(2 * pagePrice);
        expect(line.customFields).toMatchObject({ podszycie: 'tak', kolorOkuc: 'czarny' });
        // silver hardware and a plain line cost the base price
        const plain = await addItemOk(s, v.id, 1, { kolorOkuc: 'srebrny' });
        const plainLine = plain.lines.find(l => l.customFields.kolorOkuc === 'srebrny');
        expect(plainLine?.unitPriceWithTax).toBe(v.priceWithTax);
    });

    it('charges size adjustment once and extra length per metre', async () => {
        const harness = await variantWithExtras('PS-001-20-M');
        const r = await addItemOk(harness.s, harness.v.id, 1, { customObwodSzyi: 40, customObwodKlatki: 60, dopasowanieRozmiaru: true });
        expect(r.lines[0].unitPriceWithTax).toBe(harness.v.priceWithTax + 1000);
        const leash = await variantWithExtras('PS-033-20-2');
        const l = await addItemOk(leash.s, leash.v.id, 1, { dodatkowyMetr: 3, raczka: 'tak' });
        expect(l.lines[0].unitPriceWithTax).toBe(leash.v.priceWithTax + 3 * 1000 + 500);
    });

    it('refuses extras the product does not offer and cannot be priced down by the request', async () => {
        const leash = await variantWithExtras('PS-033-20-2');
        const lining = await addItem(leash.s, leash.v.id, 1, { podszycie: 'tak' });
        expect(lining.data!.addItemToOrder.errorCode).toBe('ORDER_INTERCEPTOR_ERROR');
        expect(lining.data!.addItemToOrder.interceptorError).toContain('nie jest dostępny dla tego produktu');
        const biothane = await variantWithExtras('PS-005-20-M'); // biothane tape: no foam lining
        const refused = await addItem(biothane.s, biothane.v.id, 1, { podszycie: 'tak' });
        expect(refused.data!.addItemToOrder.errorCode).toBe('ORDER_INTERCEPTOR_ERROR');
        const negative = await addItem(leash.s, leash.v.id, 1, { dodatkowyMetr: -5 });
        expect(negative.errors?.[0]?.message).toContain('Dodatkowa długość');
        const unknown = await addItem(leash.s, leash.v.id, 1, { kolorOkuc: 'zloty' });
        expect(unknown.errors?.[0]?.message).toContain('kolor okuć');
        // adjusting a line to add an extra re-prices it; adding a refused one is refused
        const guard = await variantWithExtras('PS-001-20-M');
        const added = await addItemOk(guard.s, guard.v.id, 1);
        const lineId = added.lines[0].id;
        const adjusted = await guard.s.query(ADJUST_LINE, { id: lineId, cf: { kolorOkuc: 'czarny' } });
        expect(ok(adjusted.adjustOrderLine, 'adjustOrderLine').lines[0].unitPriceWithTax).toBe(guard.v.priceWithTax + 1000);
        const bad = await guard.s.query(ADJUST_LINE, { id: lineId, cf: { dodatkowyMetr: 2 } });
        expect(bad.adjustOrderLine.errorCode).toBe('ORDER_INTERCEPTOR_ERROR');
    });

    describe('harness configurator (Pro-Fit Studio)', () => {
        interface Configurator {
            type: string;
            parts: Array<{ key: string; label: string }>;
            colours: Array<{ code: string; name: string }>;
        }
        const CONFIG = typed<
            { product: { variants: Array<{ id: string; sku: string; configurator: Configurator | null }> } | null },
            { id: string }
        >(`query($id: ID!) { product(id: $id) { variants { id sku configurator { type parts { key label } colours { code name } } } } }`);
        const firstConfigurator = async (id: string) => (await shop().query(CONFIG, { id })).product?.variants[0]?.configurator ?? null;

        it("offers the guard and Pro-Fit harness parts in the product's own colours, nothing on other products", async () => {
            const guard = await firstConfigurator('1');
            expect(guard?.type).toBe('guard');
            expect(guard?.parts.map(p => p.label)).toEqual(['Pas szyjny', 'Pas piersiowy', 'Łącznik']);
            expect(guard?.colours.map(c => c.code).sort()).toEqual(['czarny', 'czerwony', 'granatowy']);
            expect(guard?.colours.find(c => c.code === 'granatowy')?.name).toBe('Granatowy');
            const proFit = await firstConfigurator('7');
            expect(proFit?.type).toBe('bezuciski');
            expect(proFit?.parts.map(p => p.key)).toEqual(['szyja', 'klatka', 'grzbiet']);
            expect(await firstConfigurator('16')).toBeNull();
        });

        it('adds a configured guard harness at the base price plus its extras and keeps the JSON', async () => {
            const { s, v } = await variantWithExtras('PS-001-20-M');
            const configurator = JSON.stringify({
                szyja: 'granatowy',
                klatka: 'czerwony',
                lacznik: 'czarny',
                kolorOkuc: 'czarny',
                imageurl: '',
            });
            const order = await addItemOk(s, v.id, 1, { kolorOkuc: 'czarny', configurator });
            expect(order.lines[0]?.unitPriceWithTax).toBe(v.priceWithTax + 1000);
            expect(order.lines[0]?.customFields.configurator).toBe(configurator);
        });

        it('refuses, in Polish, a part colour the product lacks, a missing part, an unknown part, a hardware colour the line is not charged for and a foreign picture', async () => {
            const { s, v } = await variantWithExtras('PS-001-20-M');
            const refusal = async (configurator: string, id = v.id, session = s) => {
                const r = await addItem(session, id, 1, { configurator });
                const result = r.data?.addItemToOrder;
                expect(result?.errorCode).toBe('ORDER_INTERCEPTOR_ERROR');
                return result?.interceptorError;
            };
            const refused = (config: Record<string, unknown>) => refusal(JSON.stringify(config));
            const good = { szyja: 'granatowy', klatka: 'czerwony', lacznik: 'czarny', kolorOkuc: 'srebrny' };
            expect(await refused({ ...good, szyja: 'mietowy' })).toBe(
                'Kolor „mietowy” nie jest dostępny dla części „Pas szyjny” tego produktu.',
            );
            expect(await refused({ szyja: 'granatowy', klatka: 'czerwony', kolorOkuc: 'srebrny' })).toBe('Wybierz kolor części „Łącznik”.');
            expect(await refused({ ...good, grzbiet: 'czarny' })).toBe('Ten produkt nie ma części „grzbiet”.');
            expect(await refused({ ...good, kolorOkuc: 'czarny' })).toContain('Kolor okuć w konfiguracji nie zgadza się');
            expect(await refused({ ...good, imageurl: 'https://evil.example/x.png' })).toBe('Nieprawidłowe zdjęcie konfiguracji.');
            expect(await refusal('{nie json')).toBe('Nieprawidłowy zapis konfiguracji szelek.');
            const collar = await variantWithExtras('PS-016-15-S');
            expect(await refusal(JSON.stringify(good), collar.v.id, collar.s)).toBe(
                'Tego produktu nie można skonfigurować w Pro-Fit Studio.',
            );
            // nothing was added by the refused requests
            const active = await s.query(
                typed<{ activeOrder: { lines: Array<{ id: string }> } | null }>(`{ activeOrder { lines { id } } }`),
            );
            expect(active.activeOrder?.lines ?? []).toEqual([]);
        });

        it('accepts a picture of the product itself as imageurl', async () => {
            const s = shop();
            const p = await s.query(
                typed<{ product: { assets: Array<{ preview: string }>; variants: Array<{ id: string; sku: string }> } | null }>(
                    `{ product(id: 1) { assets { preview } variants { id sku } } }`,
                ),
            );
            const v = p.product?.variants.find(x => x.sku === 'PS-001-20-M');
            if (!v || !p.product?.assets[0]) throw new Error('guard harness not seeded');
            const configurator = JSON.stringify({
                szyja: 'granatowy',
                klatka: 'czerwony',
                lacznik: 'czarny',
                kolorOkuc: 'srebrny',
                imageurl: p.product.assets[0].preview,
            });
            const order = await addItemOk(s, v.id, 1, { configurator });
            expect(order.lines[0]?.customFields.configurator).toBe(configurator);
        });
    });
});
