/**
 * The pure rules of InPost's courier (decision 113, amended): the receiver's address as ShipX takes
 * it (street and building number apart), the courier parcel, and INPOST_PICKUP_ADDRESS read at start.
 */
import { describe, expect, it } from 'vitest';
import { parsePickupAddress } from '../src/env';
import { courierAddress, courierParcel } from '../src/plugins/inpost-shipments/inpost-shipments.rules';

const split = (streetLine1: string, streetLine2?: string) => {
    const a = courierAddress({ streetLine1, streetLine2, city: 'Kraków', postalCode: '30-001', countryCode: 'pl' });
    return [a.street, a.building_number, a.country_code];
};

describe('InPost courier rules', () => {
    it('splits a Polish address line into the street and the building number', () => {
        expect(split('Psia 5/2')).toEqual(['Psia', '5/2', 'PL']);
        expect(split('ul. Długa 12A')).toEqual(['ul. Długa', '12A', 'PL']);
        expect(split('Aleje Jerozolimskie 123a m. 4')).toEqual(['Aleje Jerozolimskie', '123a m. 4', 'PL']);
        expect(split('3 Maja 7')).toEqual(['3 Maja', '7', 'PL']);
        expect(split('Psia 5', 'lok. 3')).toEqual(['Psia', '5 lok. 3', 'PL']);
        // no number: sent as typed, ShipX names the missing building number
        expect(split('Rynek Główny')).toEqual(['Rynek Główny', '', 'PL']);
        expect(split('x'.repeat(10_000)).map(v => v.length)).toEqual([255, 0, 2]);
    });

    it('a courier parcel: the gabaryt’s box in mm and ½ kg per item, 1 to 25 kg', () => {
        expect(courierParcel('A', [1])).toEqual({
            dimensions: { length: 640, width: 380, height: 80, unit: 'mm' },
            weight: { amount: 1, unit: 'kg' },
        });
        expect(courierParcel('C', [3, 4]).weight).toEqual({ amount: 4, unit: 'kg' });
        expect(courierParcel('C', [200]).weight?.amount).toBe(25);
    });

    it('reads INPOST_PICKUP_ADDRESS as "street number, NN-NNN city" and refuses anything else', () => {
        expect(parsePickupAddress('Psia 5/2, 30-001 Kraków')).toEqual({
            street: 'Psia',
            building_number: '5/2',
            post_code: '30-001',
            city: 'Kraków',
            country_code: 'PL',
        });
        for (const bad of ['Psia 5/2 30-001 Kraków', 'Psia, 30-001 Kraków', 'Psia 5, 30001 Kraków', 'x'.repeat(300)])
            expect(() => parsePickupAddress(bad), bad).toThrow(/INPOST_PICKUP_ADDRESS must be/);
    });
});
