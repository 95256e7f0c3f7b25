import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectInvalid, fakeShop, type ShopHandler, withApp } from '../../client/component-kit';
import { formTexts } from '../../client/texts/forms';
import { accountTexts } from './account.texts';
import { AddressBook } from './AddressBook';
import type { AccountCustomer } from './types';

const A = accountTexts.addresses;
const L = formTexts.address;
const user = userEvent.setup({ delay: null });

function address(id: string, fields: Record<string, unknown>) {
  return {
    id,
    fullName: 'Anna Nowak',
    company: '',
    streetLine1: 'Długa 12/3',
    streetLine2: '',
    city: 'Kraków',
    province: '',
    postalCode: '31-100',
    country: { code: 'PL', name: 'Polska' },
    phoneNumber: '+48 600 700 800',
    defaultShippingAddress: false,
    defaultBillingAddress: false,
    customFields: { paczkomat: null, nip: null, fvat: false },
    ...fields,
  };
}

const home = address('21', { defaultShippingAddress: true });
const mum = address('22', { fullName: 'Ewa Nowak', streetLine1: 'Polna 7', city: 'Warszawa', postalCode: '00-625' });
const customer = {
  id: '3',
  firstName: 'Anna',
  lastName: 'Nowak',
  emailAddress: 'anna@example.pl',
  customFields: {},
  addresses: [home, mum],
} as unknown as AccountCustomer;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The book of a logged-in customer; every reload answers `after` (the book once the change is made). */
async function renderBook(handlers: Record<string, ShopHandler> = {}, after: AccountCustomer = customer) {
  let signedIn = false;
  const shop = fakeShop({
    getActiveCustomer: () => ({ activeCustomer: signedIn ? after : customer }),
    ...handlers,
  });
  const onChange = vi.fn();
  const app = withApp(<AddressBook kind="shipping" customer={customer} onChange={onChange} />);
  render(app.tree);
  await waitFor(() => expect(app.stores.session.getState().status).not.toBe('loading'));
  signedIn = true;
  return { shop, onChange };
}

const card = (label: string) => screen.getByRole('listitem', { name: A.addressOf(label) });
const field = (name: string) => screen.getByLabelText(name, { selector: 'input' }) as HTMLInputElement;

describe('AddressBook', () => {
  it('lists the saved addresses, the default one marked, each with its actions', async () => {
    await renderBook();
    const list = screen.getByRole('list', { name: A.list('shipping') });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const first = card('Anna Nowak, Długa 12/3, Kraków');
    expect(first.textContent).toContain(A.defaultShipping);
    expect(first.textContent).toContain('31-100 Kraków');
    expect(within(first).queryByRole('button', { name: A.setDefaultShipping })).toBeNull();
    const second = card('Ewa Nowak, Polna 7, Warszawa');
    expect(second.textContent).not.toContain(A.defaultShipping);
    expect(within(second).getByRole('button', { name: A.setDefaultShipping })).toBeTruthy();
    expect(within(second).getByRole('button', { name: A.edit })).toBeTruthy();
    expect(within(second).getByRole('button', { name: A.delete })).toBeTruthy();
    expect(screen.queryByText(A.empty)).toBeNull();
  });

  it('adds an address: errors at the fields with focus on the first, then the address is created and the book read again', async () => {
    const added = address('23', { fullName: 'Jan Kowalski', streetLine1: 'Jana Pawła II 5', city: 'Gdańsk', postalCode: '80-001' });
    const after = { ...customer, addresses: [home, mum, added] } as unknown as AccountCustomer;
    const { shop, onChange } = await renderBook({ createCustomerAddress: () => ({ createCustomerAddress: added }) }, after);
    await user.click(screen.getByRole('button', { name: A.add }));
    const form = screen.getByRole('group', { name: A.newAddress });
    await user.type(field(L.postalCode), '80001');
    await user.type(field(L.parcelLocker), 'paczkomat');
    await user.click(within(form.closest('form')!).getByRole('button', { name: accountTexts.area.save }));
    await waitFor(() => expectInvalid(field(L.firstName), formTexts.errors.required));
    expectInvalid(field(L.streetName), formTexts.errors.required);
    expectInvalid(field(L.postalCode), formTexts.errors.postalCode);
    expectInvalid(field(L.parcelLocker), A.parcelLockerInvalid);
    expect(document.activeElement).toBe(field(L.firstName));
    expect(shop.of('createCustomerAddress')).toHaveLength(0);

    await user.type(field(L.firstName), 'Jan');
    await user.type(field(L.lastName), 'Kowalski');
    await user.type(field(L.streetName), 'Jana Pawła II');
    await user.type(field(L.streetNumber), '5');
    await user.clear(field(L.postalCode));
    await user.type(field(L.postalCode), '80-001');
    await user.type(field(L.city), 'Gdańsk');
    await user.type(field(L.phone), '600 700 800');
    await user.clear(field(L.parcelLocker));
    await user.type(field(L.parcelLocker), 'gda01m');
    await user.click(screen.getByRole('button', { name: accountTexts.area.save }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(after));
    expect(shop.of('createCustomerAddress').map((c) => c.variables.input)).toEqual([
      {
        fullName: 'Jan Kowalski',
        company: '',
        streetLine1: 'Jana Pawła II 5',
        streetLine2: '',
        city: 'Gdańsk',
        postalCode: '80-001',
        countryCode: 'PL',
        phoneNumber: '+48 600 700 800',
        defaultShippingAddress: false,
        defaultBillingAddress: false,
        customFields: { paczkomat: 'GDA01M', nip: null, fvat: false },
      },
    ]);
    // the form closes once saved
    await waitFor(() => expect(screen.queryByRole('group', { name: A.newAddress })).toBeNull());
    expect(screen.getByRole('button', { name: A.add })).toBeTruthy();
  });

  it('edits an address in a form filled with it and updates that address', async () => {
    const { shop, onChange } = await renderBook({
      updateCustomerAddress: (v) => ({ updateCustomerAddress: { ...mum, ...(v.input as object) } }),
    });
    await user.click(within(card('Ewa Nowak, Polna 7, Warszawa')).getByRole('button', { name: A.edit }));
    expect(screen.getByRole('group', { name: A.editAddress })).toBeTruthy();
    expect(field(L.firstName).value).toBe('Ewa');
    expect(field(L.streetName).value).toBe('Polna');
    expect(field(L.streetNumber).value).toBe('7');
    await user.clear(field(L.streetNumber));
    await user.type(field(L.streetNumber), '9');
    await user.click(screen.getByRole('button', { name: accountTexts.area.save }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(shop.of('updateCustomerAddress').map((c) => c.variables.input)).toEqual([
      expect.objectContaining({ id: '22', fullName: 'Ewa Nowak', streetLine1: 'Polna 9', city: 'Warszawa', postalCode: '00-625' }),
    ]);
    expect(shop.of('createCustomerAddress')).toHaveLength(0);
  });

  it('deletes only after confirmation; cancelling sends nothing', async () => {
    const after = { ...customer, addresses: [home] } as unknown as AccountCustomer;
    const { shop, onChange } = await renderBook({ deleteCustomerAddress: () => ({ deleteCustomerAddress: { success: true } }) }, after);
    const second = card('Ewa Nowak, Polna 7, Warszawa');
    await user.click(within(second).getByRole('button', { name: A.delete }));
    const confirm = within(second).getByRole('group', { name: A.confirmDelete });
    await user.click(within(confirm).getByRole('button', { name: accountTexts.area.cancel }));
    expect(within(second).queryByRole('group', { name: A.confirmDelete })).toBeNull();
    expect(shop.of('deleteCustomerAddress')).toHaveLength(0);

    await user.click(within(second).getByRole('button', { name: A.delete }));
    await user.click(within(within(second).getByRole('group', { name: A.confirmDelete })).getByRole('button', { name: A.delete }));
    expect(await screen.findByText(A.deleted)).toBeTruthy();
    expect(shop.of('deleteCustomerAddress').map((c) => c.variables)).toEqual([{ id: '22' }]);
    expect(onChange).toHaveBeenCalledWith(after);
  });
});
