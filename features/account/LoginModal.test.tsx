import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoginScreen } from '../../client/stores/panels.store';
import { formTexts } from '../../client/texts/forms';
import { errorResult, expectInvalid, fakeShop, type ShopHandler, withApp } from '../../client/component-kit';
import { accountTexts as T } from './account.texts';
import LoginModal from './LoginModal';

const customer = { id: '3', firstName: 'Anna', lastName: 'Nowak', emailAddress: 'anna@example.pl' };

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openLogin(handlers: Record<string, ShopHandler> = {}, screenName: LoginScreen = 'login') {
  const shop = fakeShop(handlers);
  const app = withApp(<LoginModal />);
  render(app.tree);
  await waitFor(() => expect(app.stores.session.getState().status).toBe('guest'));
  act(() => app.stores.panels.getState().openPanel('login', screenName));
  return { shop, app };
}

const field = (name: string) => screen.getByLabelText(name, { selector: 'input' });

describe('LoginModal', () => {
  it('marks both empty login fields invalid, focuses the e-mail and sends nothing', async () => {
    const { shop } = await openLogin();
    await userEvent.click(screen.getByRole('button', { name: T.login.submit }));
    expectInvalid(field(T.login.email), formTexts.errors.required);
    expectInvalid(field(T.login.password), formTexts.errors.required);
    expect(document.activeElement).toBe(field(T.login.email));
    expect(shop.of('login')).toHaveLength(0);
  });

  it('logs in with the typed e-mail and password, reads the customer, closes and greets', async () => {
    let signedIn = false;
    const { shop, app } = await openLogin({
      login: () => ((signedIn = true), { login: { id: '3', identifier: 'anna@example.pl' } }),
      getActiveCustomer: () => ({ activeCustomer: signedIn ? customer : null }),
    });
    await userEvent.type(field(T.login.email), ' anna@example.pl ');
    await userEvent.type(field(T.login.password), 'tajne-haslo');
    await userEvent.click(screen.getByRole('button', { name: T.login.submit }));
    await waitFor(() => expect(app.stores.panels.getState().open).toBeNull());
    expect(shop.of('login').map((c) => c.variables)).toEqual([{ username: 'anna@example.pl', password: 'tajne-haslo', rememberMe: true }]);
    expect(app.stores.session.getState().customer?.firstName).toBe('Anna');
    expect(shop.of('getCart').length).toBe(2);
    expect(app.stores.notifications.getState().items.map((n) => n.message)).toEqual([T.login.success]);
  });

  it('says the e-mail or password is wrong and keeps the modal open', async () => {
    const { app } = await openLogin({ login: () => ({ login: errorResult('INVALID_CREDENTIALS_ERROR', 'invalid') }) });
    await userEvent.type(field(T.login.email), 'anna@example.pl');
    await userEvent.type(field(T.login.password), 'zle');
    await userEvent.click(screen.getByRole('button', { name: T.login.submit }));
    expect(await screen.findByText(T.login.failed)).toBeTruthy();
    expect(app.stores.panels.getState().open).toBe('login');
    expect(screen.getByRole('button', { name: T.login.submit })).toHaveProperty('disabled', false);
  });

  it('keeps the typed e-mail when switching to registration and back', async () => {
    await openLogin();
    await userEvent.type(field(T.login.email), 'anna@example.pl');
    await userEvent.click(screen.getByRole('button', { name: T.login.toRegister }));
    expect(screen.getByRole('dialog', { name: T.register.title })).toBeTruthy();
    expect((field(T.register.email) as HTMLInputElement).value).toBe('anna@example.pl');
    await userEvent.click(screen.getByRole('button', { name: T.register.toLogin }));
    expect((field(T.login.email) as HTMLInputElement).value).toBe('anna@example.pl');
  });

  it('asks for a long enough password and the consent before registering, focusing the first problem', async () => {
    const { shop } = await openLogin({}, 'register');
    await userEvent.type(field(T.register.email), 'anna@example.pl');
    await userEvent.type(field(T.register.firstName), 'Anna');
    await userEvent.type(field(T.register.lastName), 'Nowak');
    await userEvent.type(field(T.register.password), 'krotkie');
    await userEvent.click(screen.getByRole('button', { name: T.register.submit }));
    expectInvalid(field(T.register.password), T.password.tooShort);
    expectInvalid(screen.getByRole('checkbox', { name: T.register.consent }), T.register.consentRequired);
    expect(document.activeElement).toBe(field(T.register.password));
    expect(shop.of('registerCustomerAccount')).toHaveLength(0);
  });

  it('registers with the trimmed details and thanks the shopper by e-mail', async () => {
    const { shop } = await openLogin({ registerCustomerAccount: () => ({ registerCustomerAccount: { success: true } }) }, 'register');
    await userEvent.type(field(T.register.email), 'anna@example.pl');
    await userEvent.type(field(T.register.firstName), ' Anna ');
    await userEvent.type(field(T.register.lastName), 'Nowak');
    await userEvent.type(field(T.register.password), 'dlugie-haslo');
    await userEvent.click(screen.getByRole('checkbox', { name: T.register.consent }));
    await userEvent.click(screen.getByRole('button', { name: T.register.submit }));
    expect(await screen.findByText(T.thankYouRegistration.text('anna@example.pl'))).toBeTruthy();
    expect(shop.of('registerCustomerAccount').map((c) => c.variables)).toEqual([
      { input: { emailAddress: 'anna@example.pl', firstName: 'Anna', lastName: 'Nowak', password: 'dlugie-haslo' } },
    ]);
  });

  it('offers login or a password reset when the e-mail already has an account', async () => {
    await openLogin(
      { registerCustomerAccount: () => ({ registerCustomerAccount: errorResult('EMAIL_ADDRESS_CONFLICT_ERROR') }) },
      'register',
    );
    await userEvent.type(field(T.register.email), 'anna@example.pl');
    await userEvent.type(field(T.register.firstName), 'Anna');
    await userEvent.type(field(T.register.lastName), 'Nowak');
    await userEvent.type(field(T.register.password), 'dlugie-haslo');
    await userEvent.click(screen.getByRole('checkbox', { name: T.register.consent }));
    await userEvent.click(screen.getByRole('button', { name: T.register.submit }));
    expect(await screen.findByText(T.register.conflict)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: T.register.conflictReset }));
    expect(screen.getByRole('dialog', { name: T.forgotten.title })).toBeTruthy();
    expect((field(T.forgotten.email) as HTMLInputElement).value).toBe('anna@example.pl');
  });

  it('sends a password reset link for a valid e-mail only', async () => {
    const { shop } = await openLogin({ requestPasswordReset: () => ({ requestPasswordReset: { success: true } }) }, 'forgottenPassword');
    await userEvent.type(field(T.forgotten.email), 'anna@');
    await userEvent.click(screen.getByRole('button', { name: T.forgotten.submit }));
    expectInvalid(field(T.forgotten.email), formTexts.errors.email);
    expect(shop.of('requestPasswordReset')).toHaveLength(0);
    await userEvent.type(field(T.forgotten.email), 'example.pl');
    await userEvent.click(screen.getByRole('button', { name: T.forgotten.submit }));
    expect(await screen.findByText(T.thankYouAfterForgotten.text('anna@example.pl'))).toBeTruthy();
    expect(shop.of('requestPasswordReset').map((c) => c.variables)).toEqual([{ emailAddress: 'anna@example.pl' }]);
  });
});
