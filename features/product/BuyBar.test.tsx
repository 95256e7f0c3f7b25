import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { productTexts } from './product.texts';
import { BuyBar } from './BuyBar';
import { FakeIntersectionObserver } from '../../client/lib/fake-intersection-observer.test-data';

afterEach(() => {
  vi.unstubAllGlobals();
  FakeIntersectionObserver.last = null;
});

function renderBar(message: string | null = null) {
  const onBuy = vi.fn();
  const watch = { current: document.createElement('button') };
  render(<BuyBar watch={watch} price="149,00 zł" message={message} label="Dodaj do koszyka" busy={false} onBuy={onBuy} />);
  return { onBuy, watched: watch.current, bar: screen.getByRole('region', { name: productTexts.buyBar }) };
}

describe('BuyBar', () => {
  it('shows the price and adds to the cart; hides (inert) while the main button is in sight', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const { onBuy, watched, bar } = renderBar();
    expect(bar.textContent).toContain('149,00 zł');
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj do koszyka' }));
    expect(onBuy).toHaveBeenCalledTimes(1);
    act(() => FakeIntersectionObserver.last!.show(watched, true));
    expect(bar.hasAttribute('inert')).toBe(true);
    expect(bar.getAttribute('aria-hidden')).toBe('true');
    act(() => FakeIntersectionObserver.last!.show(watched, false));
    expect(bar.hasAttribute('inert')).toBe(false);
    expect(bar.className).toContain('buy-bar--shown');
  });

  it('replaces the price by the message about a missing choice, announced as a status', () => {
    renderBar('Wybierz rozmiar');
    expect(screen.getByRole('status').textContent).toBe('Wybierz rozmiar');
    expect(screen.getByText('149,00 zł').hidden).toBe(true);
  });
});
