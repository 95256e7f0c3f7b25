import { describe, expect, it } from 'vitest';
import {
  choose,
  initialSelection,
  missingGroups,
  optionAvailable,
  optionInStock,
  selectedVariant,
  sortOptionGroups,
} from './product-options';
import { toQuantity } from '../../client/lib/quantity';

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

describe('options that lead only to variants out of stock', () => {
  // 20 mm S is sold out; 25 mm M and L are in stock, 20 mm M too
  const stocked = variants.map((v) => ({ ...v, inStock: v.id !== 'v1' }));

  it('marks a size whose every variant is out of stock, before it is chosen', () => {
    expect(optionInStock(groups, stocked, {}, 'g2', 's')).toBe(false);
    expect(optionInStock(groups, stocked, { g1: '20' }, 'g2', 's')).toBe(false);
    expect(optionInStock(groups, stocked, { g1: '20' }, 'g2', 'm')).toBe(true);
  });

  it('marks a width only when every variant it combines with in the chosen size is out of stock', () => {
    expect(optionInStock(groups, stocked, {}, 'g1', '20')).toBe(true);
    expect(optionInStock(groups, stocked, { g2: 's' }, 'g1', '20')).toBe(false);
  });

  it('treats a variant without a stock figure as orderable', () => {
    expect(optionInStock(groups, variants, {}, 'g2', 's')).toBe(true);
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
