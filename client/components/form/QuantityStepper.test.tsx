import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { QuantityStepper } from './QuantityStepper';

const labels = { label: 'Ilość', decreaseLabel: 'Mniej', increaseLabel: 'Więcej' };

/** A stepper whose quantity lives in state, as on the product page; `onValue` sees every change. */
function Controlled({ initial = 1, onValue, ...props }: { initial?: number; onValue?: (n: number) => void; max?: number; live?: boolean }) {
  const [quantity, setQuantity] = useState(initial);
  return (
    <>
      <QuantityStepper
        {...labels}
        {...props}
        value={quantity}
        onValue={(n) => {
          setQuantity(n);
          onValue?.(n);
        }}
      />
      <output>w koszyku: {quantity}</output>
    </>
  );
}

const input = () => screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Ilość' });
const shown = () => screen.getByRole('status').textContent;

describe('QuantityStepper', () => {
  it('names the number field by its label (hidden unless showLabel) and the buttons by theirs', () => {
    const { rerender } = render(<QuantityStepper {...labels} value={2} onValue={() => {}} />);
    expect(input().value).toBe('2');
    expect(screen.getByText('Ilość').className).toBe('visually-hidden');
    expect(screen.getByRole('button', { name: 'Mniej' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Więcej' })).toBeTruthy();
    rerender(<QuantityStepper {...labels} showLabel value={2} onValue={() => {}} />);
    expect(screen.getByText('Ilość').className).toBe('stepper__label');
  });

  it('counts up and down with the buttons', async () => {
    const user = userEvent.setup();
    render(<Controlled initial={2} />);
    await user.click(screen.getByRole('button', { name: 'Więcej' }));
    await user.click(screen.getByRole('button', { name: 'Więcej' }));
    expect(input().value).toBe('4');
    expect(shown()).toBe('w koszyku: 4');
    await user.click(screen.getByRole('button', { name: 'Mniej' }));
    expect(input().value).toBe('3');
    expect(shown()).toBe('w koszyku: 3');
  });

  it('cannot go below 1: the minus button is disabled there and a click on it does nothing', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Controlled initial={2} onValue={onValue} />);
    const minus = screen.getByRole<HTMLButtonElement>('button', { name: 'Mniej' });
    expect(minus.disabled).toBe(false);
    await user.click(minus);
    expect(minus.disabled).toBe(true);
    await user.click(minus);
    expect(onValue).toHaveBeenCalledTimes(1);
    expect(input().value).toBe('1');
  });

  it('cannot go above max: the plus button is disabled there', async () => {
    const user = userEvent.setup();
    render(<Controlled initial={4} max={5} />);
    const plus = screen.getByRole<HTMLButtonElement>('button', { name: 'Więcej' });
    await user.click(plus);
    expect(input().value).toBe('5');
    expect(plus.disabled).toBe(true);
    expect(input().getAttribute('max')).toBe('5');
  });

  it('takes a typed quantity on Enter, not before', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Controlled initial={1} onValue={onValue} />);
    await user.tripleClick(input());
    await user.keyboard('12');
    expect(input().value).toBe('12');
    expect(onValue).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onValue).toHaveBeenCalledExactlyOnceWith(12);
    expect(shown()).toBe('w koszyku: 12');
  });

  it('takes a typed quantity on leaving the field', async () => {
    const user = userEvent.setup();
    render(<Controlled initial={1} />);
    await user.tripleClick(input());
    await user.keyboard('7');
    await user.tab();
    expect(shown()).toBe('w koszyku: 7');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Więcej' }));
  });

  it('caps a typed quantity at max', async () => {
    const user = userEvent.setup();
    render(<Controlled initial={1} max={10} />);
    await user.tripleClick(input());
    await user.keyboard('250{Enter}');
    expect(input().value).toBe('10');
    expect(shown()).toBe('w koszyku: 10');
  });

  it('ignores a typed 0 or an emptied field and shows the quantity again', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Controlled initial={3} onValue={onValue} />);
    await user.tripleClick(input());
    await user.keyboard('0{Enter}');
    expect(input().value).toBe('3');
    await user.clear(input());
    expect(input().value).toBe('');
    await user.tab();
    expect(input().value).toBe('3');
    expect(onValue).not.toHaveBeenCalled();
  });

  it('live: a typed quantity within the limits counts at once, one beyond them only on Enter', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Controlled initial={1} max={20} live onValue={onValue} />);
    await user.tripleClick(input());
    await user.keyboard('15');
    expect(onValue).toHaveBeenLastCalledWith(15);
    expect(shown()).toBe('w koszyku: 15');
    await user.keyboard('0');
    expect(input().value).toBe('150');
    expect(shown()).toBe('w koszyku: 15');
    await user.keyboard('{Enter}');
    expect(shown()).toBe('w koszyku: 20');
  });

  it('shows a quantity changed from outside (the cart updated elsewhere)', () => {
    const { rerender } = render(<QuantityStepper {...labels} value={2} onValue={() => {}} />);
    rerender(<QuantityStepper {...labels} value={6} onValue={() => {}} />);
    expect(input().value).toBe('6');
  });
});
