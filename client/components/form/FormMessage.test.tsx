import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FormMessage } from './FormMessage';

describe('FormMessage', () => {
  it('announces an error at once (alert), with no button unless a retry is offered', () => {
    render(<FormMessage kind="error">Nie udało się zapisać adresu</FormMessage>);
    expect(screen.getByRole('alert').textContent).toBe('Nie udało się zapisać adresu');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('announces a success politely (status)', () => {
    render(<FormMessage kind="success">Zapisano</FormMessage>);
    expect(screen.getByRole('status').textContent).toBe('Zapisano');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers to send again under the retry label', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(
      <FormMessage kind="error" onRetry={onRetry} retryLabel="Spróbuj ponownie">
        Brak połączenia ze sklepem
      </FormMessage>,
    );
    const alert = screen.getByRole('alert');
    const button = screen.getByRole('button', { name: 'Spróbuj ponownie' });
    expect(alert.contains(button)).toBe(true);
    await user.click(button);
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('offers no retry when onRetry is false', () => {
    render(
      <FormMessage kind="error" onRetry={false} retryLabel="Spróbuj ponownie">
        Zły kod
      </FormMessage>,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('can describe a control by its id', () => {
    render(
      <>
        <input aria-label="Kod" aria-describedby="coupon-message" />
        <FormMessage id="coupon-message" kind="error">
          Kod wygasł
        </FormMessage>
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Kod', description: 'Kod wygasł' })).toBeTruthy();
  });
});
