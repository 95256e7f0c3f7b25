import { describe, expect, it } from 'vitest';
import { emptyAddress } from '../../client/lib/forms/address';
import { billingAddressInput, courierShippingAddress, lockerShippingAddress } from './address-input';
import { isLockerMethod, lockerFromOrder, savedAddressesInOrder } from './shipping';

const locker = {
  code: 'KRA01M',
  name: 'Paczkomat przy Biedronce',
  address: 'Długa 12',
  city: 'Kraków',
  postalCode: '31-147',
  openingHours: '24/7',
  description: '',
  distanceKm: 0.4,
};

describe('shipping and billing addresses of the checkout', () => {
  it('tells the locker method from the courier', () => {
    expect(isLockerMethod('inpost-paczkomat')).toBe(true);
    expect(isLockerMethod('kurier')).toBe(false);
    expect(isLockerMethod(undefined)).toBe(false);
  });

  it('sends a locker as the recipient plus the locker address and its code in customFields.paczkomat', () => {
    const input = lockerShippingAddress({ firstName: ' Anna ', lastName: 'Nowak-Kowalska', phone: '601 234 567' }, locker);
    expect(input).toMatchObject({
      fullName: 'Anna Nowak-Kowalska',
      streetLine1: 'Długa 12',
      city: 'Kraków',
      postalCode: '31-147',
      countryCode: 'PL',
      phoneNumber: '+48 601 234 567',
      customFields: { paczkomat: 'KRA01M', nip: null, fvat: false },
    });
  });

  it('sends a courier address without a locker or invoice data, and without address-book flags', () => {
    const input = courierShippingAddress({
      ...emptyAddress(),
      firstName: 'Jan',
      lastName: 'Kos',
      streetName: 'ul. Jana Pawła II',
      streetNumber: '12',
      apartment: '3',
      city: 'Gdańsk',
      postalCode: '80-001',
      phone: '+48601234567',
      parcelLocker: 'OLD01M',
      nip: '1234567883',
      defaultShipping: true,
    });
    expect(input.streetLine1).toBe('ul. Jana Pawła II 12/3');
    expect(input.customFields).toEqual({ paczkomat: null, nip: null, fvat: false });
    expect('defaultShippingAddress' in input).toBe(false);
  });

  it('builds the billing address with the invoice flag and the NIP as ten digits', () => {
    const base = {
      ...emptyAddress(),
      firstName: 'Jan',
      lastName: 'Kos',
      streetName: 'Długa',
      streetNumber: '1',
      city: 'Kraków',
      postalCode: '30-001',
      phone: '601234567',
      parcelLocker: 'KRA01M',
    };
    const input = billingAddressInput(base, { wanted: true, company: 'Psiaki sp. z o.o.', nip: 'PL 123-456-78-83' });
    expect(input.company).toBe('Psiaki sp. z o.o.');
    expect(input.customFields).toEqual({ paczkomat: null, nip: '1234567883', fvat: true });
    expect(billingAddressInput(base, { wanted: false, company: '', nip: '' }).customFields).toEqual({
      paczkomat: null,
      nip: null,
      fvat: false,
    });
  });

  it('lists saved addresses with the default first', () => {
    const a = { id: '1', defaultShippingAddress: false, defaultBillingAddress: true };
    const b = { id: '2', defaultShippingAddress: true, defaultBillingAddress: false };
    expect(savedAddressesInOrder([a, b], 'shipping').map((x) => x.id)).toEqual(['2', '1']);
    expect(savedAddressesInOrder([a, b], 'billing').map((x) => x.id)).toEqual(['1', '2']);
  });

  it('remembers the locker an order already has', () => {
    expect(
      lockerFromOrder({ streetLine1: 'Długa 12', city: 'Kraków', postalCode: '31-147', customFields: { paczkomat: 'KRA01M' } })?.code,
    ).toBe('KRA01M');
    expect(lockerFromOrder({ streetLine1: 'Długa 12', customFields: { paczkomat: null } })).toBeNull();
  });
});
