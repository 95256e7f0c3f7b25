import { describe, expect, it } from 'vitest';
import { emptyAddress, fromBackendAddress, joinStreet, type ShopAddress, splitName, splitStreet, toBackendAddress } from './address';
import { addressRules } from './address-rules';
import { validate } from './validation';

const anna: ShopAddress = {
  ...emptyAddress(),
  firstName: 'Anna',
  lastName: 'Kowalska-Nowak',
  streetName: 'ul. Jana Pawła II',
  streetNumber: '12',
  apartment: '3',
  city: 'Poznań',
  postalCode: '61-131',
  phone: '+48 601 234 567',
  parcelLocker: 'POZ08M',
};

describe('address mapping (spec §3)', () => {
  it('joins names with a space and splits them on the first space', () => {
    expect(toBackendAddress(anna).fullName).toBe('Anna Kowalska-Nowak');
    expect(splitName('Anna Maria Kowalska')).toEqual(['Anna', 'Maria Kowalska']);
    expect(splitName('  Anna   Kowalska ')).toEqual(['Anna', 'Kowalska']);
    expect(splitName('Cher')).toEqual(['Cher', '']);
    expect(splitName('')).toEqual(['', '']);
  });

  it('writes street, number and apartment into streetLine1 and reads them back', () => {
    expect(joinStreet(anna)).toBe('ul. Jana Pawła II 12/3');
    expect(splitStreet('ul. Jana Pawła II 12/3')).toEqual({ streetName: 'ul. Jana Pawła II', streetNumber: '12', apartment: '3' });
    expect(splitStreet('Długa 5')).toEqual({ streetName: 'Długa', streetNumber: '5', apartment: '' });
    expect(splitStreet('Rynek 10A/2B')).toEqual({ streetName: 'Rynek', streetNumber: '10A', apartment: '2B' });
    expect(joinStreet({ streetName: 'Długa', streetNumber: '5', apartment: '' })).toBe('Długa 5');
  });

  it('falls back to the first space when the line does not end with a number', () => {
    expect(splitStreet('Kwiatowa bez numeru')).toEqual({ streetName: 'Kwiatowa', streetNumber: 'bez numeru', apartment: '' });
    expect(splitStreet('')).toEqual({ streetName: '', streetNumber: '', apartment: '' });
  });

  it('round-trips an address through the backend shape', () => {
    const backend = toBackendAddress({ ...anna, nip: 'PL 526-025-02-74', invoice: true, company: 'Psiaki sp. z o.o.' });
    expect(backend).toMatchObject({
      countryCode: 'PL',
      streetLine1: 'ul. Jana Pawła II 12/3',
      postalCode: '61-131',
      phoneNumber: '+48 601 234 567',
      customFields: { paczkomat: 'POZ08M', nip: '5260250274', fvat: true },
    });
    const back = fromBackendAddress({ ...backend, id: '7' });
    expect(back).toEqual({ ...anna, id: '7', nip: '5260250274', invoice: true, company: 'Psiaki sp. z o.o.' });
  });

  it('reads a sparse backend address without throwing', () => {
    expect(fromBackendAddress({ fullName: null, streetLine1: null, customFields: null })).toEqual(emptyAddress());
    expect(toBackendAddress(emptyAddress()).customFields).toEqual({ paczkomat: null, nip: null, fvat: false });
  });

  it('validates an address form, NIP required only with an invoice', () => {
    const values = { ...anna, postalCode: '61131', phone: '12' };
    expect(validate(values, addressRules())).toEqual({
      postalCode: 'Wpisz kod pocztowy w formacie 00-000.',
      phone: 'Wprowadź poprawny numer telefonu.',
    });
    expect(validate(anna, addressRules({ invoice: true })).nip).toBe('To pole jest wymagane');
    expect(validate({ ...anna, nip: '5260250274' }, addressRules({ invoice: true }))).toEqual({});
    expect(validate({ ...anna, nip: '123' }, addressRules()).nip).toMatch(/NIP/);
  });
});
