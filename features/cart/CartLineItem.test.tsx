import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatPrice } from '../../client/lib/price';
import { cartLine } from '../../client/component-kit';
import { cartPanelTexts as tx } from './cart-panel.texts';
import { CartLineItem } from './CartLineItem';

function renderLine(overrides: Parameters<typeof cartLine>[0] = {}, pending = false) {
  const onQuantity = vi.fn();
  const onRemove = vi.fn();
  const line = cartLine(overrides);
  render(
    <ul>
      <CartLineItem line={line} assetUrl="https://assets.example.test" pending={pending} onQuantity={onQuantity} onRemove={onRemove} />
    </ul>,
  );
  return { line, onQuantity, onRemove, item: screen.getByRole('listitem') };
}

describe('CartLineItem', () => {
  it('shows the product link, the chosen options and personalisation, the unit and line price', () => {
    const { item } = renderLine({ quantity: 2, customFields: { ...cartLine().customFields!, podszycie: 'polar', dodatkowyMetr: 1 } });
    expect(within(item).getByRole('link', { name: 'Szelki Guard' })).toHaveProperty('pathname', '/p/1/szelki-guard');
    expect(item.textContent).toContain('Rozmiar: M');
    expect(item.textContent).toContain(`${tx.details.podszycie}: ${tx.details.lining.polar}`);
    expect(item.textContent).toContain(`${tx.details.dodatkowyMetr}: +1 m`);
    expect(item.textContent).toContain(`${tx.unitPrice} ${formatPrice(14900)}`);
    expect(item.textContent).toContain(`${tx.linePrice} ${formatPrice(29800)}`);
    expect(item.querySelector('del')).toBeNull();
  });

  it('shows the sale price with the regular (staracena) price struck through', () => {
    const base = cartLine();
    const { item } = renderLine({ productVariant: { ...base.productVariant, customFields: { staracena: 19900 } } });
    expect(item.textContent).toContain(`${tx.specialPrice} ${formatPrice(14900)}`);
    expect(item.querySelector('del')?.textContent).toBe(`${tx.regularPrice} ${formatPrice(19900)}`);
  });

  it('offers no decrease below one piece and asks for one more with +', async () => {
    const { onQuantity } = renderLine();
    expect(screen.getByRole('button', { name: tx.decrease('Szelki Guard') })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: tx.increase('Szelki Guard') }));
    expect(onQuantity).toHaveBeenCalledExactlyOnceWith('11', 2);
  });

  it('takes a typed quantity on Enter and ignores one that is not a number of at least 1', async () => {
    const { onQuantity } = renderLine({ quantity: 3 });
    const input = screen.getByRole('spinbutton', { name: tx.quantityOf('Szelki Guard') });
    await userEvent.clear(input);
    await userEvent.type(input, '5{Enter}');
    expect(onQuantity).toHaveBeenCalledExactlyOnceWith('11', 5);
    onQuantity.mockClear();
    await userEvent.clear(input);
    await userEvent.type(input, '0{Enter}');
    expect(onQuantity).not.toHaveBeenCalled();
    expect((input as HTMLInputElement).value).toBe('3');
  });

  it('removes the line by its named button and marks a line with a change in flight busy', async () => {
    const { onRemove, item } = renderLine({}, true);
    expect(item.getAttribute('aria-busy')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: tx.removeLabel('Szelki Guard') }));
    expect(onRemove).toHaveBeenCalledExactlyOnceWith('11');
  });
});
