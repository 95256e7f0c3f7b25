import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Field, type FieldProps } from './Field';

/** A Field whose value lives in state, as in a form: what is typed shows in the input. */
function Controlled(props: Omit<FieldProps, 'value' | 'onValue'> & { initial?: string; onValue?: (value: string) => void }) {
  const { initial = '', onValue, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <Field
      {...rest}
      value={value}
      onValue={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

describe('Field', () => {
  it('ties its visible label to the input, which takes the id as its name', () => {
    render(<Field id="checkout-email" label="E-mail" type="email" autoComplete="email" value="" onValue={() => {}} />);
    const input = screen.getByLabelText('E-mail');
    expect(input).toBe(screen.getByRole('textbox', { name: 'E-mail' }));
    expect(input.id).toBe('checkout-email');
    expect(input.getAttribute('name')).toBe('checkout-email');
    expect(input.getAttribute('type')).toBe('email');
    expect(input.getAttribute('autocomplete')).toBe('email');
  });

  it('keeps a name given apart from the id', () => {
    render(<Field id="billing-city" name="city" label="Miasto" value="" onValue={() => {}} />);
    expect(screen.getByLabelText('Miasto').getAttribute('name')).toBe('city');
  });

  it('shows what the user types and reports each value', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Controlled id="name" label="Imię" onValue={onValue} />);
    await user.type(screen.getByLabelText('Imię'), 'Anna');
    expect(screen.getByLabelText<HTMLInputElement>('Imię').value).toBe('Anna');
    expect(onValue).toHaveBeenLastCalledWith('Anna');
    expect(onValue).toHaveBeenCalledTimes(4);
  });

  it('without an error is valid and described by its hint alone', () => {
    render(<Field id="phone" label="Telefon" hint="Dla kuriera" value="" onValue={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'Telefon', description: 'Dla kuriera' });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBe('phone-hint');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('with neither hint nor error has no description at all', () => {
    render(<Field id="street" label="Ulica" value="" onValue={() => {}} />);
    expect(screen.getByLabelText('Ulica').hasAttribute('aria-describedby')).toBe(false);
  });

  it('marks the input invalid and reads the error first, then the hint', () => {
    render(<Field id="phone" label="Telefon" hint="Dla kuriera" error="Podaj numer telefonu" value="12" onValue={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'Telefon', description: 'Podaj numer telefonu Dla kuriera' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('phone-error phone-hint');
    expect(document.getElementById('phone-error')?.textContent).toBe('Podaj numer telefonu');
    // shown in place, not announced: focus moves to the field (focus-first-invalid.ts)
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('announces the error when asked to', () => {
    render(<Field id="coupon" label="Kod rabatowy" error="Nieznany kod" announce value="X" onValue={() => {}} />);
    expect(screen.getByRole('alert').textContent).toBe('Nieznany kod');
  });

  it('drops the error and aria-invalid once the error is gone', () => {
    const { rerender } = render(<Field id="zip" label="Kod pocztowy" error="Zły kod" value="1" onValue={() => {}} />);
    expect(screen.getByLabelText('Kod pocztowy').getAttribute('aria-invalid')).toBe('true');
    rerender(<Field id="zip" label="Kod pocztowy" value="00-950" onValue={() => {}} />);
    const input = screen.getByLabelText('Kod pocztowy');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(screen.queryByText('Zły kod')).toBeNull();
  });

  it('puts an action beside the input, usable on its own', async () => {
    const user = userEvent.setup();
    const onApply = vi.fn();
    render(
      <Controlled
        id="coupon"
        label="Kod rabatowy"
        action={
          <button type="button" onClick={onApply}>
            Zastosuj
          </button>
        }
      />,
    );
    await user.type(screen.getByLabelText('Kod rabatowy'), 'LATO');
    await user.click(screen.getByRole('button', { name: 'Zastosuj' }));
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText<HTMLInputElement>('Kod rabatowy').value).toBe('LATO');
  });

  it('takes no input while disabled', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Controlled id="nip" label="NIP" disabled onValue={onValue} />);
    await user.type(screen.getByLabelText('NIP'), '123');
    expect(onValue).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>('NIP').value).toBe('');
  });
});
