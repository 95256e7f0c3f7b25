import metadata from 'libphonenumber-js/metadata.min.json';
import { describe, expect, it } from 'vitest';
import phoneMetadata from './phone-metadata-pl.json';
import { normalisePhone, phone } from './phone';
import { check, email, isValidNip, maxLength, nip, normaliseNip, optional, postalCode, required, validate } from './validation';

describe('form rules (spec §5)', () => {
  it('requires a value with the spec message', () => {
    expect(required('')).toBe('To pole jest wymagane');
    expect(required('   ')).toBe('To pole jest wymagane');
    expect(required('x')).toBeNull();
  });

  it.each(['anna@psiaki.test', 'a.b+c@sub.example.pl', 'ZOSIA@WP.PL', 'ola@żółw.pl', "o'neil@x.pl"])('accepts the e-mail %s', (value) => {
    expect(email(value)).toBeNull();
  });
  it.each([
    'anna',
    'anna@',
    '@psiaki.pl',
    'anna@psiaki',
    'an na@psiaki.pl',
    'anna@@psiaki.pl',
    'anna@psiaki..pl',
    '<script>alert(1)</script>@x.pl',
    '"a b"@x.pl',
    'a..b@x.pl',
    '.a@x.pl',
    'a@-x.pl',
    'a@x.pl\r\nBcc: b@y.pl',
  ])('refuses the e-mail %s', (value) => {
    expect(email(value)).toBe('Błędny adres e-mail');
  });
  it('asks for a missing e-mail before judging it', () => expect(email('')).toBe('To pole jest wymagane'));

  it.each(['601 234 567', '+48 601 234 567', '601-234-567', '0048601234567', '22 628 12 34', '+48226281234'])(
    'accepts the Polish phone %s',
    (value) => {
      expect(phone(value)).toBeNull();
    },
  );
  it.each(['123', '601 23', '6012345678', '+49 30 1234567', 'abc', '000 000 000'])('refuses the phone %s', (value) => {
    expect(phone(value)).toBe('Wprowadź poprawny numer telefonu.');
  });
  it('writes valid phones in international form and leaves others alone', () => {
    expect(normalisePhone('601234567')).toBe('+48 601 234 567');
    expect(normalisePhone(' 12 ')).toBe('12');
  });
  it('keeps the Poland-only phone metadata in step with the installed libphonenumber-js', () => {
    expect(phoneMetadata.countries.PL).toEqual(metadata.countries.PL);
    expect(phoneMetadata.version).toBe(metadata.version);
  });

  it.each(['00-950', '61-131'])('accepts the postal code %s', (value) => expect(postalCode(value)).toBeNull());
  it.each(['00950', '00-95', '0-0950', 'AB-CDE', '00 950'])('refuses the postal code %s', (value) => {
    expect(postalCode(value)).toBe('Wpisz kod pocztowy w formacie 00-000.');
  });

  it('checks the NIP checksum', () => {
    expect(isValidNip('5260250274')).toBe(true); // a real, public NIP (checksum 4)
    expect(isValidNip('526-025-02-74')).toBe(true);
    expect(isValidNip('PL 526 025 02 74')).toBe(true);
    expect(isValidNip('5260250275')).toBe(false);
    expect(isValidNip('526025027')).toBe(false);
    expect(isValidNip('1234567890')).toBe(false); // sum mod 11 = 10 is never valid
    expect(nip('5260250275')).toMatch(/NIP/);
    expect(normaliseNip('PL 526-025-02-74')).toBe('5260250274');
  });

  it('limits lengths, makes rules optional and validates whole forms in field order', () => {
    expect(maxLength(3)('abcd')).toBe('Maksymalnie 3 znaków.');
    expect(optional(postalCode)('')).toBeNull();
    expect(optional(postalCode)('1')).toMatch(/00-000/);
    expect(check('', [required, email])).toBe('To pole jest wymagane');
    const problems = validate({ email: 'x', phone: '601234567', zip: '' }, { zip: [postalCode], email: [email], phone: [phone] });
    expect(problems).toEqual({ zip: 'To pole jest wymagane', email: 'Błędny adres e-mail' });
    expect(Object.keys(problems)[0]).toBe('zip');
  });
});
