import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartLine, cartOf, expectInvalid, fakeRouter, fakeShop, type ShopHandler, withApp } from '../../client/component-kit';
import { emptyAddress } from '../../client/lib/forms/address';
import { formatPrice } from '../../client/lib/price';
import { formTexts } from '../../client/texts/forms';
import { lockerTexts } from './checkout-locker.texts';
import { shippingTexts as tx } from './checkout-shipping.texts';
import type { Locker } from './locker';
import { ShippingStep } from './ShippingStep';
import { STEP_PATHS } from './steps';
import type { CheckoutData } from './types';

const L = formTexts.address;
const user = userEvent.setup({ delay: null });

const courier = { id: '1', code: 'kurier-dpd', name: 'Kurier DPD', description: '', priceWithTax: 1499, metadata: null };
const lockerMethod = { id: '2', code: 'inpost-paczkomat', name: 'Paczkomat InPost', description: '', priceWithTax: 0, metadata: null };

const data = {
  step: 'shipping',
  order: {
    customer: { id: '3', firstName: 'Anna', lastName: 'Nowak', emailAddress: 'anna@example.pl', phoneNumber: '600700800' },
    shippingLines: [],
    shippingAddress: null,
    billingAddress: null,
  },
  customer: null,
  done: { customer: true, shipping: false, billing: false, payment: false },
  shippingMethods: [courier, lockerMethod],
  paymentMethods: [],
  addresses: { empty: emptyAddress(), shipping: null, billing: null, saved: {} },
} as unknown as CheckoutData;

const kraLocker: Locker = {
  code: 'KRA01M',
  name: 'KRA01M',
  address: 'Długa 12',
  city: 'Kraków',
  postalCode: '31-100',
  openingHours: '24/7',
  description: 'przy sklepie Żabka',
  distanceKm: 0.4,
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const order = cartOf([cartLine()]);
const saving: Record<string, ShopHandler> = {
  updateAddressDetails: () => ({ setOrderShippingAddress: order }),
  setShippingMethod: () => ({ setOrderShippingMethod: { ...order, shippingWithTax: 1499 } }),
};

/** The step with the fake shop; `/api/lockers` answers the Kraków locker. */
function renderStep(handlers: Record<string, ShopHandler> = saving) {
  const shop = fakeShop(handlers);
  const lockerQueries: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url).startsWith('/api/lockers')) {
        lockerQueries.push(new URL(String(url), 'https://sklep.test').searchParams.get('q') ?? '');
        return Response.json({ items: [kraLocker] });
      }
      return shop.fetch(url, init);
    }),
  );
  const { router, navigate } = fakeRouter();
  const app = withApp(<ShippingStep data={data} />, router);
  render(app.tree);
  return { shop, navigate, app, lockerQueries };
}

const field = (name: string) => screen.getByLabelText(name, { selector: 'input' });
const methods = () => screen.getByRole('group', { name: tx.methods });
const submit = () => user.click(screen.getByRole('button', { name: tx.submit }));

async function fillCourierAddress() {
  await user.type(field(L.streetName), 'Długa');
  await user.type(field(L.streetNumber), '12');
  await user.type(field(L.apartment), '3');
  await user.type(field(L.postalCode), '31-100');
  await user.type(field(L.city), 'Kraków');
}

describe('ShippingStep', () => {
  it('offers the methods with their prices, the free one as free; the courier asks for an address, the locker for a locker', async () => {
    renderStep();
    const courierRadio = within(methods()).getByRole('radio', { name: new RegExp(`^${courier.name}`) });
    const lockerRadio = within(methods()).getByRole('radio', { name: new RegExp(`^${lockerMethod.name}`) });
    expect(courierRadio).toHaveProperty('checked', true);
    expect(courierRadio.closest('label')?.textContent).toContain(formatPrice(1499));
    expect(lockerRadio.closest('label')?.textContent).toContain(tx.free);
    expect(screen.getByText(tx.freeAbove)).toBeTruthy();
    expect(screen.getByRole('heading', { name: tx.addressHeading })).toBeTruthy();
    expect(field(L.streetName)).toBeTruthy();
    expect(screen.queryByLabelText(lockerTexts.search)).toBeNull();

    await user.click(lockerRadio);
    expect(await screen.findByLabelText(lockerTexts.search, { selector: 'input' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: tx.recipientHeading })).toBeTruthy();
    expect(screen.queryByLabelText(L.streetName)).toBeNull();
    // the recipient starts with the customer's name from the previous step
    expect((field(L.firstName) as HTMLInputElement).value).toBe('Anna');
    expect((field(L.lastName) as HTMLInputElement).value).toBe('Nowak');
  });

  it('ties each address error to its field, focuses the first one and sends nothing', async () => {
    const { shop, navigate } = renderStep();
    await user.type(field(L.postalCode), '31100');
    await submit();
    await waitFor(() => expectInvalid(field(L.streetName), formTexts.errors.required));
    expectInvalid(field(L.streetNumber), formTexts.errors.required);
    expectInvalid(field(L.postalCode), formTexts.errors.postalCode);
    expectInvalid(field(L.city), formTexts.errors.required);
    expect(field(L.firstName).getAttribute('aria-invalid')).toBeNull();
    expect(field(L.apartment).getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(field(L.streetName));
    expect(shop.of('updateAddressDetails')).toHaveLength(0);
    expect(shop.of('setShippingMethod')).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
    // fixing a field clears its error
    await user.type(field(L.streetName), 'Długa');
    expect(field(L.streetName).getAttribute('aria-invalid')).toBeNull();
  });

  it('sends the courier address and the method, updates the cart and moves on to billing', async () => {
    const { shop, navigate, app } = renderStep();
    await fillCourierAddress();
    await submit();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(STEP_PATHS.billing));
    expect(shop.of('updateAddressDetails').map((c) => c.variables)).toEqual([
      {
        input: {
          fullName: 'Anna Nowak',
          company: '',
          streetLine1: 'Długa 12/3',
          streetLine2: '',
          city: 'Kraków',
          postalCode: '31-100',
          countryCode: 'PL',
          phoneNumber: '+48 600 700 800',
          customFields: { paczkomat: null, nip: null, fvat: false },
        },
      },
    ]);
    expect(shop.of('setShippingMethod').map((c) => c.variables)).toEqual([{ id: [courier.id] }]);
    // the address first, then the method
    const names = shop.calls.map((c) => c.operation);
    expect(names.indexOf('updateAddressDetails')).toBeLessThan(names.indexOf('setShippingMethod'));
    expect(app.stores.cart.getState().cart?.shippingWithTax).toBe(1499);
  });

  it('asks for a locker before the locker method goes on, then sends the chosen locker with the recipient', async () => {
    const { shop, navigate, lockerQueries } = renderStep();
    await user.click(within(methods()).getByRole('radio', { name: new RegExp(`^${lockerMethod.name}`) }));
    const search = await screen.findByLabelText(lockerTexts.search, { selector: 'input' });
    await submit();
    await waitFor(() => expectInvalid(search, tx.lockerRequired));
    expect(document.activeElement).toBe(search);
    expect(shop.of('updateAddressDetails')).toHaveLength(0);

    await user.type(search, 'Kraków');
    await user.click(screen.getByRole('button', { name: lockerTexts.searchButton }));
    const list = await screen.findByRole('group', { name: lockerTexts.results });
    expect(lockerQueries).toEqual(['Kraków']);
    await user.click(within(list).getByRole('radio', { name: /KRA01M/ }));
    expect(search.getAttribute('aria-invalid')).toBeNull();
    await submit();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(STEP_PATHS.billing));
    expect(shop.of('updateAddressDetails')[0]?.variables).toMatchObject({
      input: {
        fullName: 'Anna Nowak',
        streetLine1: 'Długa 12',
        city: 'Kraków',
        postalCode: '31-100',
        countryCode: 'PL',
        phoneNumber: '+48 600 700 800',
        customFields: { paczkomat: 'KRA01M' },
      },
    });
    expect(shop.of('setShippingMethod').map((c) => c.variables)).toEqual([{ id: [lockerMethod.id] }]);
  });
});
