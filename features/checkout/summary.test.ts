import { describe, expect, it } from 'vitest';
import { shipToLine } from './shipping';
import { summaryShipping } from './summary';

const locker = { code: 'KRA01M', address: 'Długa 12', city: 'Kraków' };

describe('the order summary follows the shipping step before it is saved', () => {
  const order = {
    totalWithTax: 1470,
    shippingWithTax: 0,
    shippingLines: [] as Array<{ priceWithTax: number; shippingMethod: { id: string; name: string } }>,
  };
  const courier = { id: '2', name: 'Kurier', priceWithTax: 1699 };

  it('says nothing about shipping while no method is chosen', () => {
    expect(summaryShipping(order)).toEqual({ name: null, price: null, total: 1470, shipTo: null });
  });

  it('adds the chosen method at the price the backend quoted it', () => {
    expect(summaryShipping(order, { method: courier, shipTo: null })).toMatchObject({
      name: 'Kurier',
      price: 1699,
      total: 3169,
    });
  });

  it("swaps the order's saved method for another chosen one", () => {
    const saved = { ...order, totalWithTax: 2769, shippingWithTax: 1299 };
    saved.shippingLines = [{ priceWithTax: 1299, shippingMethod: { id: '1', name: 'InPost Paczkomat 24/7' } }];
    expect(summaryShipping(saved, { method: courier, shipTo: null }).total).toBe(3169);
    // the same method keeps the backend's own figures
    const same = summaryShipping(saved, {
      method: { id: '1', name: 'InPost Paczkomat 24/7', priceWithTax: 1299 },
      shipTo: null,
    });
    expect(same).toMatchObject({ name: 'InPost Paczkomat 24/7', price: 1299, total: 2769 });
  });

  it('names the locker, or the address once street and town are typed', () => {
    expect(shipToLine(locker, null)).toBe('Paczkomat KRA01M, Długa 12, Kraków');
    const address = { streetName: 'Długa', streetNumber: '1', apartment: '3', postalCode: '31-100', city: 'Kraków' };
    expect(shipToLine(null, address)).toBe('Długa 1/3, 31-100 Kraków');
    expect(shipToLine(null, { ...address, city: '', postalCode: '' })).toBeNull();
    expect(summaryShipping(order, { method: courier, shipTo: 'Długa 1/3, 31-100 Kraków' }).shipTo).toBe('Długa 1/3, 31-100 Kraków');
  });
});
