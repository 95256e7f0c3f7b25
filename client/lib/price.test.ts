import { describe, expect, it } from 'vitest';
import { formatPrice } from './price';

describe('formatPrice', () => {
  it('renders grosze as Polish złoty with a comma and two decimals', () => {
    expect(formatPrice(1470)).toBe('14,70\u00a0zł');
    expect(formatPrice(3500)).toBe('35,00\u00a0zł');
    expect(formatPrice(749)).toBe('7,49\u00a0zł');
    expect(formatPrice(0)).toBe('0,00\u00a0zł');
  });

  it('groups thousands with a non-breaking space', () => {
    expect(formatPrice(1249900)).toBe('12\u00a0499,00\u00a0zł');
  });
});

describe('formatPrice agrees with Intl', () => {
  const intl = new Intl.NumberFormat('pl-PL', { style: 'currency', currency: 'PLN', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const byIntl = (minor: number) => intl.format(minor / 100).replace(/\u00a0|\u202f/g, '\u00a0');

  it('on every amount a shop shows, from 0 to a hundred million złoty, and on negative ones', () => {
    const amounts = [0, 1, 9, 10, 99, 100, 999, 1000, 99_999, 100_000, 999_999, 1_000_000, 123_456_789, 10_000_000_000];
    for (let minor = 0; minor < 2_000_000; minor += 997) amounts.push(minor);
    for (const minor of [...amounts, ...amounts.map((a) => -a)]) expect(formatPrice(minor), String(minor)).toBe(byIntl(minor));
  });

  it('on fractions of a grosz (rounded half away from zero) and on what is not a number', () => {
    for (const minor of [0.5, 1.5, 2.5, 0.4999, 1234.5, -0.5, -0.4, -0, Number.NaN, Number.POSITIVE_INFINITY])
      expect(formatPrice(minor), String(minor)).toBe(byIntl(minor));
  });
});
