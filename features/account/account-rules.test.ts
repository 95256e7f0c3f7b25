import { describe, expect, it } from 'vitest';
import { accountPageOf } from './account-pages';
import { birthDateRule, formatWeight, parcelLockerRule, parseWeightKg, passwordRule, weightForInput, weightRule } from './account-rules';

describe('account form rules', () => {
  it('reads a dog weight in kilograms with comma or dot, 0.5 to 120 kg, and stores it as the seed does ("18 kg")', () => {
    expect(parseWeightKg('18')).toBe(18);
    expect(parseWeightKg('7,5')).toBe(7.5);
    expect(parseWeightKg('7.5 kg')).toBe(7.5);
    expect(parseWeightKg('0,4')).toBeNull();
    expect(parseWeightKg('121')).toBeNull();
    expect(parseWeightKg('dużo')).toBeNull();
    expect(weightRule('')).toBeNull();
    expect(weightRule('abc')).toBe('Podaj wagę w kilogramach, np. 18 lub 7,5 (od 0,5 do 120 kg).');
    expect(formatWeight('18,5')).toBe('18,5 kg');
    expect(weightForInput('18 kg')).toBe('18');
    expect(weightForInput('ok. 20')).toBe('ok. 20');
  });

  it('accepts only real past birth dates in the backend format', () => {
    const rule = birthDateRule('2026-11-23');
    expect(rule('')).toBeNull();
    expect(rule('2019-04-12')).toBeNull();
    expect(rule('2026-11-23')).toBeNull();
    expect(rule('2026-11-24')).toBe('Podaj prawidłową datę (nie z przyszłości).');
    expect(rule('2023-02-30')).not.toBeNull();
    expect(rule('12.04.2019')).not.toBeNull();
    expect(rule('1899-12-31')).not.toBeNull();
  });

  it('wants passwords of 8 to 72 bytes and says what is missing', () => {
    expect(passwordRule('')).toBe('To pole jest wymagane');
    expect(passwordRule('krotkie')).toBe('Hasło musi mieć co najmniej 8 znaków.');
    expect(passwordRule('Dobre1234!')).toBeNull();
    expect(passwordRule('ż'.repeat(40))).not.toBeNull();
  });

  it('checks parcel locker codes loosely', () => {
    expect(parcelLockerRule('')).toBeNull();
    expect(parcelLockerRule('WAW01M')).toBeNull();
    expect(parcelLockerRule('kra123n')).toBeNull();
    expect(parcelLockerRule('ul. Długa 5')).toBe('Kod paczkomatu to litery i cyfry, np. WAW01M.');
  });
});

describe('account page names', () => {
  it('maps the canonical slugs and the capitalised legacy names to the same pages', () => {
    expect(accountPageOf(undefined)).toBe('profile');
    expect(accountPageOf('MyProfile')).toBe('profile');
    expect(accountPageOf('ShippingDetails')).toBe('shipping');
    expect(accountPageOf('BillingDetails')).toBe('billing');
    expect(accountPageOf('OrderHistory')).toBe('orders');
    expect(accountPageOf('MyNewsletter')).toBe('newsletter');
    expect(accountPageOf('orders')).toBe('orders');
    expect(accountPageOf('myprofile')).toBeNull();
    expect(accountPageOf('constructor')).toBeNull();
  });
});
