import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RadioGroup, type RadioOption } from './RadioGroup';

const options: RadioOption[] = [
  { value: 'inpost', label: 'Paczkomat InPost' },
  { value: 'courier', label: 'Kurier' },
  { value: 'pickup', label: 'Odbiór osobisty' },
];

function Controlled({ initial = null, onValue, error }: { initial?: string | null; onValue?: (v: string) => void; error?: string }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <RadioGroup
      name="shipping"
      legend="Dostawa"
      options={options}
      value={value}
      error={error}
      hint="Koszt dostawy w podsumowaniu"
      onValue={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

const radio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });

describe('RadioGroup', () => {
  it('is a group named by its legend, each radio named by its option and sharing the group name', () => {
    render(<Controlled />);
    const group = screen.getByRole('group', { name: 'Dostawa' });
    const radios = screen.getAllByRole<HTMLInputElement>('radio');
    expect(radios).toHaveLength(3);
    for (const r of radios) {
      expect(group.contains(r)).toBe(true);
      expect(r.name).toBe('shipping');
    }
    expect(radios.map((r) => r.checked)).toEqual([false, false, false]);
    expect(screen.getByText('Koszt dostawy w podsumowaniu')).toBeTruthy();
  });

  it('checks the option clicked (its label too) and marks it selected', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Controlled onValue={onValue} />);
    await user.click(radio('Kurier'));
    expect(onValue).toHaveBeenLastCalledWith('courier');
    expect(radio('Kurier').checked).toBe(true);
    expect(radio('Kurier').closest('label')?.className).toBe('choice is-selected');
    await user.click(screen.getByText('Odbiór osobisty'));
    expect(radio('Odbiór osobisty').checked).toBe(true);
    expect(radio('Kurier').checked).toBe(false);
    expect(radio('Kurier').closest('label')?.className).toBe('choice');
  });

  it('moves the choice with the arrow keys', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Controlled initial="inpost" onValue={onValue} />);
    await user.tab();
    expect(document.activeElement).toBe(radio('Paczkomat InPost'));
    await user.keyboard('{ArrowDown}');
    expect(onValue).toHaveBeenLastCalledWith('courier');
    expect(radio('Kurier').checked).toBe(true);
    expect(document.activeElement).toBe(radio('Kurier'));
  });

  it('ties its error to the group', () => {
    const { rerender } = render(<Controlled error="Wybierz sposób dostawy" />);
    expect(screen.getByRole('group', { name: 'Dostawa', description: 'Wybierz sposób dostawy' })).toBeTruthy();
    rerender(<Controlled />);
    expect(screen.getByRole('group', { name: 'Dostawa' }).hasAttribute('aria-describedby')).toBe(false);
    expect(screen.queryByText('Wybierz sposób dostawy')).toBeNull();
  });
});
