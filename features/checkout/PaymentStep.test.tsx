import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartLine, cartOf, fakeRouter, fakeShop, type ShopHandler, withApp } from '../../client/component-kit';
import { checkoutPaymentTexts } from './checkout-payment.texts';
import { PaymentStep } from './PaymentStep';
import { THANK_YOU_PATH } from './steps';
import type { CheckoutData } from './types';

const tx = checkoutPaymentTexts.payment;
const user = userEvent.setup({ delay: null });

const transfer = { id: '1', code: 'przelew', name: 'Przelew tradycyjny', description: '', isEligible: true, eligibilityMessage: null };
const online = { id: '2', code: 'online', name: 'Płatność online', description: '', isEligible: true, eligibilityMessage: null };

const data = {
  step: 'payment',
  order: {
    ...cartOf([cartLine()]),
    code: 'ZAM7XK',
    state: 'ArrangingPayment',
    customer: { id: '3', firstName: 'Anna', lastName: 'Nowak', emailAddress: 'anna@example.pl', phoneNumber: '+48 600 700 800' },
    shippingLines: [{ priceWithTax: 1499, shippingMethod: { id: '1', code: 'kurier-dpd', name: 'Kurier DPD' } }],
    shippingAddress: {
      fullName: 'Anna Nowak',
      streetLine1: 'Długa 12/3',
      city: 'Kraków',
      postalCode: '31-100',
      phoneNumber: '+48 600 700 800',
      customFields: { paczkomat: null, nip: null, fvat: false },
    },
    billingAddress: null,
  },
  customer: null,
  done: { customer: true, shipping: true, billing: true, payment: false },
  shippingMethods: [],
  paymentMethods: [transfer, online],
  addresses: { empty: {}, shipping: null, billing: null, saved: {} },
} as unknown as CheckoutData;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const arranging: ShopHandler = () => ({ transitionOrderToState: cartOf([cartLine()], { state: 'ArrangingPayment' }) });

async function renderStep(handlers: Record<string, ShopHandler> = {}) {
  const shop = fakeShop({ transitionOrderToState: arranging, ...handlers });
  const { router, navigate } = fakeRouter();
  const app = withApp(<PaymentStep data={data} />, router);
  render(app.tree);
  await waitFor(() => expect(app.stores.cart.getState().status).toBe('ready'));
  return { shop, navigate, app };
}

const methods = () => screen.getByRole('group', { name: tx.methods });
const radio = (name: string) => within(methods()).getByRole('radio', { name: new RegExp(`^${name}`) });
const placeOrder = () => user.click(screen.getByRole('button', { name: tx.submit }));
const blikField = () => screen.getByLabelText(tx.blikCode, { selector: 'input' }) as HTMLInputElement;

describe('PaymentStep', () => {
  it('shows the order to review and the methods with their hints, BLIK among them, the first one chosen', async () => {
    await renderStep();
    expect(screen.getByText(/anna@example\.pl/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: new RegExp(`${tx.delivery}: Kurier DPD`) })).toBeTruthy();
    expect(screen.getByText('Długa 12/3')).toBeTruthy();
    expect(radio(transfer.name)).toHaveProperty('checked', true);
    expect(radio(transfer.name).closest('label')?.textContent).toContain(tx.transferHint);
    expect(radio(online.name).closest('label')?.textContent).toContain(tx.onlineHint);
    expect(radio(tx.blik).closest('label')?.textContent).toContain(tx.blikHint);
    expect(screen.queryByLabelText(tx.blikCode)).toBeNull();
    expect(screen.queryByText(tx.notReady)).toBeNull();
  });

  it('places a transfer order: payment state, the transfer payment, an empty cart and the thank-you page', async () => {
    const { shop, navigate, app } = await renderStep({
      setPaymentMethod: () => ({
        addPaymentToOrder: { ...cartOf([cartLine()]), code: 'ZAM7XK', state: 'PaymentAuthorized', payments: [] },
      }),
    });
    await placeOrder();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`${THANK_YOU_PATH}?order=ZAM7XK`, { replace: true }));
    expect(shop.of('transitionOrderToState').map((c) => c.variables)).toEqual([{ state: 'ArrangingPayment' }]);
    expect(shop.of('setPaymentMethod').map((c) => c.variables)).toEqual([{ method: 'przelew', metadata: {} }]);
    expect(shop.of('startOnlinePayment')).toHaveLength(0);
    expect(app.stores.cart.getState().cart).toBeNull();
  });

  it('keeps only six digits in the BLIK code and refuses a short one at the field, sending nothing', async () => {
    const { shop, navigate } = await renderStep();
    await user.click(radio(tx.blik));
    await user.type(blikField(), '12a-34 5678');
    expect(blikField().value).toBe('123456');
    await user.clear(blikField());
    await user.type(blikField(), '123');
    await placeOrder();
    expect(blikField().getAttribute('aria-invalid')).toBe('true');
    const described = (blikField().getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain(tx.blikCodeFormat);
    expect(document.activeElement).toBe(blikField());
    expect(shop.calls.filter((c) => c.operation !== 'getCart' && c.operation !== 'getActiveCustomer')).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('charges a BLIK code; a code the bank refuses comes back at the emptied, focused field', async () => {
    const { shop, navigate } = await renderStep({
      startBlikPayment: () => ({ startBlikPayment: { __typename: 'BlikCodeError', message: 'Kod BLIK jest nieprawidłowy.' } }),
    });
    await user.click(radio(tx.blik));
    await user.type(blikField(), '777123');
    await placeOrder();
    await waitFor(() => expect(blikField().getAttribute('aria-invalid')).toBe('true'));
    expect(shop.of('startBlikPayment').map((c) => c.variables)).toEqual([{ blikCode: '777123' }]);
    expect(shop.of('setPaymentMethod')).toHaveLength(0);
    const described = (blikField().getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('Kod BLIK jest nieprawidłowy.');
    // emptied for the new code and focused once the message is shown
    await waitFor(() => expect(blikField().value).toBe(''));
    expect(document.activeElement).toBe(blikField());
    expect(navigate).not.toHaveBeenCalled();
  });

  it('waits for the banking app after an accepted BLIK code and opens the thank-you page once paid', async () => {
    let confirm = () => {};
    const confirmed = new Promise<void>((resolve) => (confirm = resolve));
    const { shop, navigate } = await renderStep({
      startBlikPayment: () => ({ startBlikPayment: { __typename: 'BlikPaymentStart', sessionId: 's-1' } }),
      // the bank answers once the shopper confirms in the app
      getPaymentStatus: async () => (
        await confirmed,
        { orderByCode: { id: '7', code: 'ZAM7XK', state: 'PaymentSettled' }, onlinePaymentStatus: null }
      ),
    });
    await user.click(radio(tx.blik));
    await user.type(blikField(), '777123');
    await placeOrder();
    expect((await screen.findByRole('status')).textContent).toContain(tx.blikWaiting);
    expect(blikField().disabled).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
    confirm();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`${THANK_YOU_PATH}?order=ZAM7XK`, { replace: true }));
    expect(shop.of('getPaymentStatus')[0]?.variables).toEqual({ code: 'ZAM7XK' });
  });
});
