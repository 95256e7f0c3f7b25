import { describe, expect, it } from 'vitest';
import { choose, initialSelection, missingGroups, optionAvailable, selectedVariant, sortOptionGroups } from './product-options';
import { toQuantity } from './quantity';

const groups = [
  { id: 'g2', code: 'rozmiar', options: [{ id: 's' }, { id: 'm' }, { id: 'l' }] },
  { id: 'g1', code: 'szerokosc-tasmy', options: [{ id: '20' }, { id: '25' }] },
];
// 25 mm exists only in M and L
const variants = [
  { id: 'v1', optionIds: ['s', '20'] },
  { id: 'v2', optionIds: ['m', '20'] },
  { id: 'v3', optionIds: ['m', '25'] },
  { id: 'v4', optionIds: ['l', '25'] },
];

describe('option groups', () => {
  it('lists the tape width group first and keeps the others in order', () => {
    const sorted = sortOptionGroups([{ code: 'kolor' }, { code: 'rozmiar' }, { code: 'szerokosc-tasmy' }]);
    expect(sorted.map((g) => g.code)).toEqual(['szerokosc-tasmy', 'kolor', 'rozmiar']);
  });

  it('preselects only groups with a single option', () => {
    expect(initialSelection(groups)).toEqual({});
    expect(initialSelection([{ id: 'x', code: 'kolor', options: [{ id: 'red' }] }])).toEqual({ x: 'red' });
  });

  it('finds no variant until every group is chosen, then the matching one', () => {
    expect(selectedVariant(groups, variants, { g1: '25' })).toBeNull();
    expect(missingGroups(groups, { g1: '25' }).map((g) => g.code)).toEqual(['rozmiar']);
    expect(selectedVariant(groups, variants, { g1: '25', g2: 'l' })?.id).toBe('v4');
  });

  it('gives a product without option groups its single variant', () => {
    expect(selectedVariant([], [{ id: 'only', optionIds: [] }], {})?.id).toBe('only');
  });

  it('marks options that cannot combine with the other choices', () => {
    expect(optionAvailable(groups, variants, { g1: '25' }, 'g2', 's')).toBe(false);
    expect(optionAvailable(groups, variants, { g1: '25' }, 'g2', 'm')).toBe(true);
    expect(optionAvailable(groups, variants, {}, 'g2', 's')).toBe(true);
  });

  it('drops a choice that no longer leads to a variant', () => {
    expect(choose(groups, variants, { g2: 's' }, 'g1', '25')).toEqual({ g1: '25' });
    expect(choose(groups, variants, { g2: 'm' }, 'g1', '25')).toEqual({ g1: '25', g2: 'm' });
  });
});

describe('quantity', () => {
  it('converts a string to a whole number within 1…99999', () => {
    expect(toQuantity('3')).toBe(3);
    expect(toQuantity(' 12 ')).toBe(12);
    expect(toQuantity('0')).toBe(1);
    expect(toQuantity('-4')).toBe(1);
    expect(toQuantity('abc')).toBe(1);
    expect(toQuantity('100000')).toBe(99999);
    expect(toQuantity(2.9)).toBe(2);
  });
});
