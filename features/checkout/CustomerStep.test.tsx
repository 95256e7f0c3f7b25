import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formTexts } from '../../client/texts/forms';
import { errorResult, expectInvalid, fakeRouter, fakeShop, type ShopHandler, withApp } from '../../client/component-kit';
import { checkoutErrorMessage } from './checkout.texts';
import { customerTexts as tx } from './checkout-customer.texts';
import { CustomerStep } from './CustomerStep';
import { STEP_PATHS } from './steps';
import type { CheckoutData } from './types';

const data = {
  step: 'customer',
  order: { customer: null },
  customer: null,
  done: { customer: false, shipping: false, billing: false, payment: false },
  shippingMethods: [],
  paymentMethods: [],
  addresses: { empty: {}, shipping: null, billing: null, saved: {} },
} as unknown as CheckoutData;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderStep(handlers: Record<string, ShopHandler> = {}) {
  const shop = fakeShop(handlers);
  const { router, navigate } = fakeRouter();
  render(withApp(<CustomerStep data={data} />, router).tree);
  return { shop, navigate };
}

const field = (name: string) => screen.getByLabelText(name, { selector: 'input' });

describe('CustomerStep', () => {
  it('marks the invalid fields, focuses the first one and sends nothing', async () => {
    const { shop, navigate } = renderStep();
    await userEvent.type(field(tx.email), 'anna@');
    await userEvent.type(field(tx.lastName), 'Nowak');
    await userEvent.click(screen.getByRole('button', { name: tx.submit }));
    await waitFor(() => expectInvalid(field(tx.email), formTexts.errors.email));
    expectInvalid(field(tx.firstName), formTexts.errors.required);
    expect(field(tx.lastName).getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(field(tx.email));
    expect(shop.of('setCustomerForOrder')).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sets the trimmed customer with a normalised phone on the order and goes to shipping', async () => {
    const { shop, navigate } = renderStep({ setCustomerForOrder: () => ({ setCustomerForOrder: { id: '7' } }) });
    await userEvent.type(field(tx.email), ' anna@example.pl ');
    await userEvent.type(field(tx.firstName), 'Anna');
    await userEvent.type(field(tx.lastName), 'Nowak');
    await userEvent.type(field(tx.phone), '600 700 800');
    await userEvent.click(screen.getByRole('button', { name: tx.submit }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(STEP_PATHS.shipping));
    const [call] = shop.of('setCustomerForOrder');
    expect(call?.variables).toMatchObject({ input: { emailAddress: 'anna@example.pl', firstName: 'Anna', lastName: 'Nowak' } });
    expect((call?.variables.input as { phoneNumber: string }).phoneNumber.replace(/\D/g, '')).toMatch(/600700800$/);
  });

  it('shows the backend refusal at the form, keeps what was typed and stays on the step', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { navigate } = renderStep({ setCustomerForOrder: () => ({ setCustomerForOrder: errorResult('EMAIL_ADDRESS_CONFLICT_ERROR') }) });
    await userEvent.type(field(tx.email), 'anna@example.pl');
    await userEvent.type(field(tx.firstName), 'Anna');
    await userEvent.type(field(tx.lastName), 'Nowak');
    await userEvent.type(field(tx.phone), '600700800');
    await userEvent.click(screen.getByRole('button', { name: tx.submit }));
    expect((await screen.findByRole('alert')).textContent).toContain(checkoutErrorMessage('EMAIL_ADDRESS_CONFLICT_ERROR'));
    expect(navigate).not.toHaveBeenCalled();
    expect((field(tx.email) as HTMLInputElement).value).toBe('anna@example.pl');
    expect(screen.getByRole('button', { name: tx.submit })).toHaveProperty('disabled', false);
  });
});
