import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { productTexts } from './product.texts';
import { BuyBar } from './BuyBar';

/** A minimal IntersectionObserver (happy-dom has none): the test reports whether the main button is seen. */
let report: ((visible: boolean) => void) | null = null;
class FakeObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe() {
    report = (visible) => this.callback([{ isIntersecting: visible } as IntersectionObserverEntry], this as never);
  }
  disconnect() {
    report = null;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  report = null;
});

function renderBar(message: string | null = null) {
  const onBuy = vi.fn();
  const watch = { current: document.createElement('button') };
  render(<BuyBar watch={watch} price="149,00 zł" message={message} label="Dodaj do koszyka" busy={false} onBuy={onBuy} />);
  return { onBuy, bar: screen.getByRole('region', { name: productTexts.buyBar }) };
}

describe('BuyBar', () => {
  it('shows the price and adds to the cart; hides (inert) while the main button is in sight', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { onBuy, bar } = renderBar();
    expect(bar.textContent).toContain('149,00 zł');
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj do koszyka' }));
    expect(onBuy).toHaveBeenCalledTimes(1);
    act(() => report!(true));
    expect(bar.hasAttribute('inert')).toBe(true);
    expect(bar.getAttribute('aria-hidden')).toBe('true');
    act(() => report!(false));
    expect(bar.hasAttribute('inert')).toBe(false);
    expect(bar.className).toContain('buy-bar--shown');
  });

  it('replaces the price by the message about a missing choice, announced as a status', () => {
    renderBar('Wybierz rozmiar');
    expect(screen.getByRole('status').textContent).toBe('Wybierz rozmiar');
    expect(screen.getByText('149,00 zł').hidden).toBe(true);
  });
});
