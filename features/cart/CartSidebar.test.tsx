import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatPrice } from '../../client/lib/price';
import { t } from '../../client/texts';
import { cartLine, cartOf, errorResult, fakeShop, withApp } from '../../client/component-kit';
import { cartPanelTexts as tx } from './cart-panel.texts';
import { cartClearTexts } from './cart-clear.texts';
import CartSidebar from './CartSidebar';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Renders the sidebar in the real stores, waits for the cart load, then opens the cart. */
async function openCart(shop: ReturnType<typeof fakeShop>) {
  const app = withApp(<CartSidebar />);
  render(app.tree);
  await waitFor(() => expect(app.stores.cart.getState().status).not.toBe('loading'));
  await waitFor(() => expect(shop.of('getCart').length).toBeGreaterThan(0));
  act(() => app.stores.panels.getState().openPanel('cart'));
  return { app, dialog: screen.getByRole('dialog', { name: tx.title }) };
}

describe('CartSidebar', () => {
  it('shows the lines, the products value, discounts, the subtotal and the checkout link', async () => {
    const cart = cartOf([cartLine({ quantity: 2 })], {
      subTotalWithTax: 26820,
      discounts: [{ type: 'PROMOTION', adjustmentSource: 'PROMOTION:1', amountWithTax: -2980, description: 'Rabat 10%' }],
    });
    const shop = fakeShop({ getCart: () => ({ activeOrder: cart }) });
    const { dialog } = await openCart(shop);
    await within(dialog).findByRole('list', { name: tx.lines });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(1);
    const summary = dialog.querySelector('.cart-summary')!;
    expect(summary.textContent).toContain(`${tx.productsValue}${formatPrice(29800)}`);
    expect(summary.textContent).toContain(`Rabat 10%−${formatPrice(2980)}`);
    expect(summary.textContent).toContain(`${tx.subtotal}${formatPrice(26820)}`);
    expect(within(dialog).getByRole('link', { name: tx.checkout }).getAttribute('href')).toBe('/checkout');
  });

  it('says the cart is empty and closes it from "Wróć do zakupów"', async () => {
    const shop = fakeShop();
    const { app, dialog } = await openCart(shop);
    expect(dialog.textContent).toContain(tx.empty);
    expect(within(dialog).queryByRole('link', { name: tx.checkout })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: tx.backToShopping }));
    expect(app.stores.panels.getState().open).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a failed load with a retry that loads the cart again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const shop = fakeShop({
      getCart: () => (fail ? { errors: [{ message: 'Sklep chwilowo niedostępny' }] } : { activeOrder: cartOf([cartLine()]) }),
    });
    const { dialog } = await openCart(shop);
    const alert = within(dialog).getByRole('alert');
    expect(alert.textContent).toContain(tx.loadFailed);
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: tx.retry }));
    expect(await within(dialog).findByRole('link', { name: 'Szelki Guard' })).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('sends a quantity change and shows the new quantity and line total', async () => {
    const shop = fakeShop({
      getCart: () => ({ activeOrder: cartOf([cartLine()]) }),
      updateCartQuantity: (v) => ({ adjustOrderLine: cartOf([cartLine({ quantity: v.quantity as number })]) }),
    });
    const { app, dialog } = await openCart(shop);
    await userEvent.click(await within(dialog).findByRole('button', { name: tx.increase('Szelki Guard') }));
    await waitFor(() => expect(app.stores.cart.getState().pendingLines).toEqual([]));
    expect(shop.of('updateCartQuantity').map((c) => c.variables)).toEqual([{ orderLineId: '11', quantity: 2 }]);
    expect((within(dialog).getByRole('spinbutton', { name: tx.quantityOf('Szelki Guard') }) as HTMLInputElement).value).toBe('2');
    expect(dialog.querySelector('.cart-line__total')?.textContent).toContain(formatPrice(29800));
    expect(app.stores.cart.getState().cart?.totalQuantity).toBe(2);
  });

  it('puts back what the backend holds when a quantity is refused for stock, and says why', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let held = 3;
    const shop = fakeShop({
      getCart: () => ({ activeOrder: cartOf([cartLine({ quantity: held })]) }),
      updateCartQuantity: () => {
        held = 3;
        return { adjustOrderLine: errorResult('INSUFFICIENT_STOCK_ERROR', 'Only 3 items were added') };
      },
    });
    const { app, dialog } = await openCart(shop);
    await userEvent.click(await within(dialog).findByRole('button', { name: tx.increase('Szelki Guard') }));
    await waitFor(() => expect(app.stores.notifications.getState().items.map((n) => n.message)).toEqual([t.cartPanel.quantityStock]));
    expect((within(dialog).getByRole('spinbutton', { name: tx.quantityOf('Szelki Guard') }) as HTMLInputElement).value).toBe('3');
  });

  it('removes a line and then shows the empty cart', async () => {
    const shop = fakeShop({
      getCart: () => ({ activeOrder: cartOf([cartLine()]) }),
      removeFromCart: () => ({ removeOrderLine: cartOf([]) }),
    });
    const { dialog } = await openCart(shop);
    await userEvent.click(await within(dialog).findByRole('button', { name: tx.removeLabel('Szelki Guard') }));
    await within(dialog).findByText(tx.empty);
    expect(shop.of('removeFromCart').map((c) => c.variables)).toEqual([{ orderLineId: '11' }]);
  });

  it('clears the cart only after the confirmation, and reports it', async () => {
    const shop = fakeShop({
      getCart: () => ({ activeOrder: cartOf([cartLine(), cartLine({ id: '12', productName: 'Obroża Classic' })]) }),
      clearCart: () => ({ removeAllOrderLines: cartOf([]) }),
    });
    const { app, dialog } = await openCart(shop);
    await userEvent.click(await within(dialog).findByRole('button', { name: cartClearTexts.button }));
    expect(shop.of('clearCart')).toHaveLength(0);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: cartClearTexts.cancel }));
    await userEvent.click(within(dialog).getByRole('button', { name: cartClearTexts.confirm }));
    await within(dialog).findByText(tx.empty);
    expect(shop.of('clearCart')).toHaveLength(1);
    expect(app.stores.notifications.getState().items.map((n) => n.message)).toContain(cartClearTexts.done);
  });

  it('closes on Escape', async () => {
    const shop = fakeShop();
    const { app } = await openCart(shop);
    await userEvent.keyboard('{Escape}');
    expect(app.stores.panels.getState().open).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
