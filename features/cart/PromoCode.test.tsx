import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShopError } from '../../client/graphql/errors';
import { t } from '../../client/texts';
import { cartPanelTexts } from './cart-panel.texts';
import { PROMO_ERROR_MS, PromoCode } from './PromoCode';

const tx = cartPanelTexts.promo;

/** PromoCode as the sidebar uses it: the codes come back from the cart after an apply or a removal. */
function Harness({ apply, remove }: { apply(code: string): Promise<unknown>; remove?(code: string): Promise<unknown> }) {
  const [codes, setCodes] = useState<string[]>([]);
  return (
    <PromoCode
      couponCodes={codes}
      onApply={async (code) => {
        await apply(code);
        setCodes([code.trim().toUpperCase()]);
      }}
      onRemove={async (code) => {
        await (remove ?? (async () => {}))(code);
        setCodes([]);
      }}
    />
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('PromoCode', () => {
  it('applies a code, then shows it with a remove button that takes focus', async () => {
    const apply = vi.fn(async () => {});
    render(<Harness apply={apply} />);
    await userEvent.type(screen.getByRole('textbox', { name: tx.label }), 'dp10');
    await userEvent.click(screen.getByRole('button', { name: tx.apply }));
    expect(apply).toHaveBeenCalledExactlyOnceWith('dp10');
    expect(screen.getByText('DP10').closest('p')?.textContent).toContain(tx.applied);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: tx.removeLabel('DP10') }));
    expect(screen.queryByRole('textbox', { name: tx.label })).toBeNull();
  });

  it('does not send an empty code', async () => {
    const apply = vi.fn(async () => {});
    render(<Harness apply={apply} />);
    await userEvent.type(screen.getByRole('textbox', { name: tx.label }), '   ');
    await userEvent.click(screen.getByRole('button', { name: tx.apply }));
    expect(apply).not.toHaveBeenCalled();
  });

  it('disables the button while the code is checked', async () => {
    let release!: () => void;
    const apply = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    render(<Harness apply={apply} />);
    await userEvent.type(screen.getByRole('textbox', { name: tx.label }), 'DP10');
    await userEvent.click(screen.getByRole('button', { name: tx.apply }));
    expect(screen.getByRole('button', { name: tx.applying })).toHaveProperty('disabled', true);
    await act(async () => release());
    expect(screen.getByText('DP10')).toBeTruthy();
  });

  it('marks a refused code invalid, ties the message to the field, and clears it after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const apply = vi.fn(async () => {
      throw new ShopError('COUPON_CODE_INVALID_ERROR', 'invalid');
    });
    render(<Harness apply={apply} />);
    const input = screen.getByRole('textbox', { name: tx.label });
    await user.type(input, 'ZLY');
    await user.click(screen.getByRole('button', { name: tx.apply }));
    const message = t.cart.errorCode('COUPON_CODE_INVALID_ERROR');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    expect(document.activeElement).toBe(input);
    expect((input as HTMLInputElement).value).toBe('ZLY');
    await act(async () => {}); // the message's timer starts in an effect of the render that showed it
    await act(async () => vi.advanceTimersByTime(PROMO_ERROR_MS - 100));
    expect(screen.queryByText(message)).not.toBeNull();
    await act(async () => vi.advanceTimersByTime(200));
    expect(screen.queryByText(message)).toBeNull();
    expect(input.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('removes an applied code and gives focus back to the field', async () => {
    const remove = vi.fn(async () => {});
    render(<Harness apply={async () => {}} remove={remove} />);
    await userEvent.type(screen.getByRole('textbox', { name: tx.label }), 'dp10');
    await userEvent.click(screen.getByRole('button', { name: tx.apply }));
    await userEvent.click(screen.getByRole('button', { name: tx.removeLabel('DP10') }));
    expect(remove).toHaveBeenCalledExactlyOnceWith('DP10');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: tx.label }));
  });

  it('says so when removing the code fails, and keeps the code', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <Harness
        apply={async () => {}}
        remove={async () => {
          throw new Error('offline');
        }}
      />,
    );
    await userEvent.type(screen.getByRole('textbox', { name: tx.label }), 'dp10');
    await userEvent.click(screen.getByRole('button', { name: tx.apply }));
    await userEvent.click(screen.getByRole('button', { name: tx.removeLabel('DP10') }));
    expect(screen.getByRole('alert').textContent).toBe(tx.removeFailed);
    expect(screen.getByText('DP10')).toBeTruthy();
  });
});
