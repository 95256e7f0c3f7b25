import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './Checkbox';

function Controlled({ onValue, error, disabled }: { onValue?: (v: boolean) => void; error?: string; disabled?: boolean }) {
  const [checked, setChecked] = useState(false);
  return (
    <Checkbox
      id="terms"
      label="Akceptuję regulamin"
      checked={checked}
      error={error}
      disabled={disabled}
      onValue={(next) => {
        setChecked(next);
        onValue?.(next);
      }}
    />
  );
}

const box = () => screen.getByRole<HTMLInputElement>('checkbox', { name: 'Akceptuję regulamin' });

describe('Checkbox', () => {
  it('is named by its label and takes the id as its name', () => {
    render(<Controlled />);
    expect(box().id).toBe('terms');
    expect(box().name).toBe('terms');
    expect(box().checked).toBe(false);
  });

  it('toggles on a click on the box or on its label', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Controlled onValue={onValue} />);
    await user.click(box());
    expect(box().checked).toBe(true);
    expect(onValue).toHaveBeenLastCalledWith(true);
    await user.click(screen.getByText('Akceptuję regulamin'));
    expect(box().checked).toBe(false);
    expect(onValue).toHaveBeenLastCalledWith(false);
  });

  it('toggles with the space bar', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.tab();
    await user.keyboard(' ');
    expect(box().checked).toBe(true);
  });

  it('is invalid and described by its error while one shows', () => {
    render(<Controlled error="Zaakceptuj regulamin, aby złożyć zamówienie" />);
    const input = screen.getByRole('checkbox', { name: 'Akceptuję regulamin', description: 'Zaakceptuj regulamin, aby złożyć zamówienie' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('terms-error');
  });

  it('has neither aria-invalid nor a description without an error', () => {
    render(<Controlled />);
    expect(box().hasAttribute('aria-invalid')).toBe(false);
    expect(box().hasAttribute('aria-describedby')).toBe(false);
  });

  it('does not change while disabled', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Controlled disabled onValue={onValue} />);
    expect(box().disabled).toBe(true);
    await user.click(box());
    expect(box().checked).toBe(false);
    expect(onValue).not.toHaveBeenCalled();
  });
});
