import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { choose, type Selection } from './product-options';
import type { ProductData } from './product-data';
import { productTexts } from './product.texts';
import { VariantPicker } from './VariantPicker';

const optionGroups = [
  {
    id: 'g1',
    code: 'szerokosc-tasmy',
    name: 'Szerokość taśmy',
    options: [
      { id: 'w20', code: '20-mm', name: '20 mm' },
      { id: 'w25', code: '25-mm', name: '25 mm' },
    ],
  },
  {
    id: 'g2',
    code: 'rozmiar',
    name: 'Rozmiar',
    options: [
      { id: 's', code: 's', name: 'S' },
      { id: 'm', code: 'm', name: 'M' },
      { id: 'l', code: 'l', name: 'L' },
    ],
  },
] as unknown as ProductData['optionGroups'];

// 25 mm does not come in S; 20 mm L is sold out.
const variants = [
  { id: 'v1', optionIds: ['w20', 's'] },
  { id: 'v2', optionIds: ['w20', 'm'] },
  { id: 'v3', optionIds: ['w20', 'l'], inStock: false },
  { id: 'v4', optionIds: ['w25', 'm'] },
  { id: 'v5', optionIds: ['w25', 'l'] },
];

function Picker({ initial = {} as Selection, spy = vi.fn() }) {
  const [selection, setSelection] = useState<Selection>(initial);
  return (
    <VariantPicker
      data={{ optionGroups, variants }}
      selection={selection}
      onChoose={(g, o) => {
        spy(g, o);
        setSelection((s) => choose(optionGroups, variants, s, g, o));
      }}
    />
  );
}

describe('VariantPicker', () => {
  it('shows one radio group per option group and names the choice in the legend', async () => {
    const spy = vi.fn();
    render(<Picker spy={spy} />);
    const size = screen.getByRole('group', { name: 'Rozmiar' });
    await userEvent.click(within(size).getByRole('radio', { name: 'M' }));
    expect(spy).toHaveBeenCalledExactlyOnceWith('g2', 'm');
    expect(within(size).getByRole('radio', { name: 'M' })).toHaveProperty('checked', true);
    expect(size.querySelector('legend')?.textContent).toBe('Rozmiar: M');
  });

  it('marks options that do not combine with the other choice, and keeps them selectable', async () => {
    render(<Picker initial={{ g1: 'w25' }} />);
    const small = screen.getByRole('radio', { name: `S (${productTexts.optionUnavailable})` });
    expect(small).toHaveProperty('disabled', false);
    expect(screen.getByRole('radio', { name: 'M' })).toBeTruthy();
    await userEvent.click(small);
    // the conflicting width is dropped, so there is no dead end
    expect(screen.getByRole('radio', { name: /^25 mm/ })).toHaveProperty('checked', false);
    expect(screen.getByRole('radio', { name: 'S' })).toHaveProperty('checked', true);
  });

  it('names an option whose every variant is sold out', () => {
    render(<Picker initial={{ g1: 'w20' }} />);
    const large = screen.getByRole('radio', { name: `L (${productTexts.optionSoldOut})` });
    expect(large.closest('label')?.className).toContain('pdp-choice--sold-out');
    expect(screen.getByRole('radio', { name: 'M' }).closest('label')?.className).not.toContain('sold-out');
  });
});
