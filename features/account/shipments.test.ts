import { describe, expect, it } from 'vitest';
import { polishDate, type Shipment, visibleShipments } from './shipments';

const base: Shipment = {
  id: '1',
  state: 'Shipped',
  method: 'InPost Paczkomat',
  trackingCode: '620012345678901234567890',
  trackingUrl: 'https://inpost.pl/sledzenie-przesylek?number=620012345678901234567890',
  shippedAt: '2026-11-24T23:30:00.000Z',
  deliveredAt: null,
};

describe('visibleShipments', () => {
  it('dates a sent parcel by its sending and a delivered one by its delivery; a cancelled one is not shown', () => {
    const shown = visibleShipments([
      base,
      { ...base, id: '2', state: 'Delivered', deliveredAt: '2026-11-26T10:00:00.000Z' },
      { ...base, id: '3', state: 'Pending', shippedAt: null },
      { ...base, id: '4', state: 'Cancelled' },
    ]);
    expect(shown.map((s) => [s.id, s.date])).toEqual([
      ['1', '2026-11-24T23:30:00.000Z'],
      ['2', '2026-11-26T10:00:00.000Z'],
      ['3', null],
    ]);
    expect(visibleShipments(null)).toEqual([]);
  });

  it('writes dates in Warsaw time (after 23:00 UTC it is the next day there)', () => {
    expect(polishDate.format(new Date(base.shippedAt!))).toBe('25 listopada 2026');
  });
});
