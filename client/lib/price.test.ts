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
