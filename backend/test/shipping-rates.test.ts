import { describe, expect, it } from 'vitest';
import { adminSession, shop } from './helpers';

interface Rate {
    code: string;
    name: string;
    priceWithTax: number;
    freeAbove: number | null;
    deliveryTime: string;
    taxRate: number;
}

const RATES = `{ shippingRates { code name priceWithTax freeAbove deliveryTime taxRate } }`;

interface Method {
    id: string;
    code: string;
    calculator: { code: string; args: Array<{ name: string; value: string }> };
    translations: Array<{ languageCode: string; name: string; description: string }>;
}

async function setPrice(method: Method, price: string) {
    const admin = await adminSession();
    await admin.query(`mutation($input: UpdateShippingMethodInput!) { updateShippingMethod(input: $input) { id } }`, {
        input: {
            id: method.id,
            calculator: {
                code: method.calculator.code,
                arguments: method.calculator.args.map(a => ({ name: a.name, value: a.name === 'price' ? price : a.value })),
            },
            translations: method.translations.map(t => ({ languageCode: t.languageCode, name: t.name, description: t.description })),
        },
    });
}

describe('shippingRates (delivery prices without an order)', () => {
    it('lists the locker and courier methods with their gross prices, free-delivery threshold and time', async () => {
        const r = await shop().query<{ shippingRates: Rate[] }>(RATES);
        expect(r.shippingRates).toEqual([
            {
                code: 'inpost-paczkomat',
                name: 'InPost Paczkomat 24/7',
                priceWithTax: 1299,
                freeAbove: 24900,
                deliveryTime: '1–2 dni robocze',
                taxRate: 23,
            },
            { code: 'kurier', name: 'Kurier', priceWithTax: 1699, freeAbove: 24900, deliveryTime: '1–2 dni robocze', taxRate: 23 },
        ]);
    });

    it('follows a price staff change in the Dashboard', async () => {
        const admin = await adminSession();
        const list = await admin.query<{ shippingMethods: { items: Method[] } }>(
            `{ shippingMethods { items { id code calculator { code args { name value } } translations { languageCode name description } } } }`,
        );
        const courier = list.shippingMethods.items.find(m => m.code === 'kurier')!;
        const before = courier.calculator.args.find(a => a.name === 'price')!.value;
        await setPrice(courier, '1899');
        try {
            const r = await shop().query<{ shippingRates: Rate[] }>(RATES);
            expect(r.shippingRates.find(m => m.code === 'kurier')?.priceWithTax).toBe(1899);
        } finally {
            await setPrice(courier, before);
        }
        const r = await shop().query<{ shippingRates: Rate[] }>(RATES);
        expect(r.shippingRates.find(m => m.code === 'kurier')?.priceWithTax).toBe(Number(before));
    });
});
