import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartLine, cartOf, expectInvalid, fakeRouter, fakeShop, type ShopHandler, withApp } from '../../client/component-kit';
import { emptyAddress, type ShopAddress } from '../../client/lib/forms/address';
import { formTexts } from '../../client/texts/forms';
import { BillingStep } from './BillingStep';
import { billingTexts as tx } from './checkout-billing.texts';
import { STEP_PATHS } from './steps';
import type { CheckoutData } from './types';

const L = formTexts.address;
const user = userEvent.setup({ delay: null });

const courierAddress: ShopAddress = {
  ...emptyAddress(),
  firstName: 'Anna',
  lastName: 'Nowak',
  streetName: 'Długa',
  streetNumber: '12',
  apartment: '3',
  postalCode: '31-100',
  city: 'Kraków',
  phone: '+48 600 700 800',
};

function dataFor(shipping: ShopAddress): CheckoutData {
  return {
    step: 'billing',
    order: {
      customer: { id: '3', firstName: 'Anna', lastName: 'Nowak', emailAddress: 'anna@example.pl', phoneNumber: '+48600700800' },
      shippingLines: [],
      shippingAddress: {
        streetLine1: shipping.parcelLocker ? 'Długa 12' : 'Długa 12/3',
        customFields: { paczkomat: shipping.parcelLocker || null },
      },
      billingAddress: null,
    },
    customer: null,
    done: { customer: true, shipping: true, billing: false, payment: false },
    shippingMethods: [],
    paymentMethods: [],
    addresses: { empty: emptyAddress(), shipping, billing: null, saved: {} },
  } as unknown as CheckoutData;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const saving: Record<string, ShopHandler> = { updateBillingDetails: () => ({ setOrderBillingAddress: cartOf([cartLine()]) }) };

function renderStep(shipping: ShopAddress = courierAddress) {
  const shop = fakeShop(saving);
  const { router, navigate } = fakeRouter();
  render(withApp(<BillingStep data={dataFor(shipping)} />, router).tree);
  return { shop, navigate };
}

const field = (name: string) => screen.getByLabelText(name, { selector: 'input' });
const submit = () => user.click(screen.getByRole('button', { name: tx.submit }));
const sent = (shop: ReturnType<typeof fakeShop>) => shop.of('updateBillingDetails').map((c) => c.variables.input);

describe('BillingStep', () => {
  it('bills the shipping address by default, without invoice data, and moves on to payment', async () => {
    const { shop, navigate } = renderStep();
    expect(screen.getByRole('checkbox', { name: tx.sameAsShipping })).toHaveProperty('checked', true);
    expect(screen.queryByLabelText(L.streetName)).toBeNull();
    await submit();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(STEP_PATHS.payment));
    expect(sent(shop)).toEqual([
      {
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
    ]);
  });

  it('asks for another address when unticked: errors on its fields, focus on the first, then sends the typed one', async () => {
    const { shop, navigate } = renderStep();
    await user.click(screen.getByRole('checkbox', { name: tx.sameAsShipping }));
    expect(screen.getByRole('heading', { name: tx.addressHeading })).toBeTruthy();
    // the person is carried over from shipping, the address is not
    expect((field(L.firstName) as HTMLInputElement).value).toBe('Anna');
    expect((field(L.streetName) as HTMLInputElement).value).toBe('');
    await submit();
    await waitFor(() => expectInvalid(field(L.streetName), formTexts.errors.required));
    expectInvalid(field(L.city), formTexts.errors.required);
    expect(document.activeElement).toBe(field(L.streetName));
    expect(sent(shop)).toHaveLength(0);

    await user.type(field(L.streetName), 'Polna');
    await user.type(field(L.streetNumber), '7');
    await user.type(field(L.postalCode), '00-625');
    await user.type(field(L.city), 'Warszawa');
    await submit();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(STEP_PATHS.payment));
    expect(sent(shop)).toEqual([
      expect.objectContaining({ fullName: 'Anna Nowak', streetLine1: 'Polna 7', postalCode: '00-625', city: 'Warszawa' }),
    ]);
  });

  it('with "Chcę otrzymać fakturę VAT" asks for a valid NIP, then sends the company, the NIP digits and the flag', async () => {
    const { shop, navigate } = renderStep();
    expect(screen.queryByLabelText(L.nip)).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: L.invoice }));
    await user.type(field(L.nip), '123-456-78-90');
    await submit();
    await waitFor(() => expectInvalid(field(L.nip), formTexts.errors.nip));
    expect(document.activeElement).toBe(field(L.nip));
    expect(sent(shop)).toHaveLength(0);

    await user.clear(field(L.nip));
    await user.type(field(L.nip), '526-025-02-74');
    await user.type(field(L.company), 'Psia Firma sp. z o.o.');
    await submit();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(STEP_PATHS.payment));
    expect(sent(shop)).toEqual([
      expect.objectContaining({
        streetLine1: 'Długa 12/3',
        company: 'Psia Firma sp. z o.o.',
        customFields: { paczkomat: null, nip: '5260250274', fvat: true },
      }),
    ]);
  });

  it('for a parcel locker asks for the billing address itself and never bills the locker', async () => {
    const { shop } = renderStep({ ...courierAddress, streetName: 'Długa', streetNumber: '12', apartment: '', parcelLocker: 'KRA01M' });
    expect(screen.getByText(tx.lockerNote)).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: tx.sameAsShipping })).toBeNull();
    expect((field(L.streetName) as HTMLInputElement).value).toBe('');
    await submit();
    await waitFor(() => expectInvalid(field(L.streetName), formTexts.errors.required));
    expect(sent(shop)).toHaveLength(0);
  });
});
