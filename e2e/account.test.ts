import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Backend, type Storefront, startBackend, startStorefront } from '../scripts/test-stack/stack';
import { hydrated, setupBrowser } from './browser';
import { DEMO, shopInPage } from './session';

const browser = setupBrowser();
/** Backend round trips on a slow machine: wait up to 10 s for what the shopper would see. */
const POLL = { timeout: 10_000 };
const BAGS = '/c/dla-psa/akcesoria/dodatki/worki-na-odchody';

/** Opens the login modal from the header's account icon (signed out). */
async function openLogin(page: Page) {
  await page.getByRole('button', { name: 'Zaloguj się' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Zaloguj się' });
  await dialog.waitFor();
  return dialog;
}

async function loginInModal(page: Page, email: string, password: string) {
  const dialog = await openLogin(page);
  await dialog.getByLabel('Adres e-mail').fill(email);
  await dialog.getByLabel('Hasło').fill(password);
  await dialog.getByRole('button', { name: 'Zaloguj się' }).click();
  return dialog;
}

/** Signs the page's browser context in through the same proxy the modal uses (for tests about what comes after). */
async function signIn(page: Page, email = DEMO.email, password = DEMO.password): Promise<void> {
  await page.goto('/kontakt');
  // After the page's own requests (the cart and the session, loaded by effects once the page is
  // hydrated, decision 125): a first visit has no session cookie yet, so one of them still in
  // flight when the login's answer sets the cookie comes back with a new visitor's session, whose
  // cookie would replace the logged-in one.
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  const { login } = await shopInPage<{ login: { __typename: string } }>(
    page,
    'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { __typename } }',
    {
      u: email,
      p: password,
    },
  );
  expect(login.__typename).toBe('CurrentUser');
}

async function mailbox(mailboxUrl: string, email: string, type: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const mails = (await (await fetch(`${mailboxUrl}?email=${encodeURIComponent(email)}`)).json()) as Array<{
        type: string;
        link: string;
      }>;
      link = mails.find((m) => m.type === type)?.link ?? '';
      return link;
    }, POLL)
    .not.toBe('');
  return link;
}

const fresh = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@psiaki.test`;

describe('login modal in Chromium', () => {
  it('shows a visitor login and register in the desktop account menu, each opening its screen of the modal', async () => {
    const { page, errors } = await browser.page();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await hydrated(page);
    const menu = page.getByRole('list', { name: 'Logowanie i rejestracja' });
    expect(await menu.isVisible()).toBe(false);
    await page.locator('header').getByRole('button', { name: 'Zaloguj się' }).hover();
    await menu.waitFor();
    expect(await menu.getByRole('button').allTextContents()).toEqual(['Zaloguj się', 'Załóż konto']);
    await menu.getByRole('button', { name: 'Załóż konto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Załóż konto' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Imię').count()).toBe(1);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // From the keyboard: the icon's focus opens the menu, Tab reaches its items.
    await page.locator('header').getByRole('button', { name: 'Zaloguj się' }).first().focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Zaloguj się');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Zaloguj się' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('checks the form, then says a wrong password is wrong', async () => {
    const { page, errors } = await browser.page();
    await page.goto('/');
    await hydrated(page);
    const dialog = await openLogin(page);
    await dialog.getByRole('button', { name: 'Zaloguj się' }).click();
    const email = dialog.getByLabel('Adres e-mail');
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByText('To pole jest wymagane').count()).toBe(2);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('login-email');
    await email.fill('demo@psiaki');
    await dialog.getByLabel('Hasło').fill('zle-haslo');
    await dialog.getByRole('button', { name: 'Zaloguj się' }).click();
    await dialog.getByText('Błędny adres e-mail').waitFor();
    await email.fill(DEMO.email);
    await dialog.getByRole('button', { name: 'Zaloguj się' }).click();
    await dialog.getByText('Błędny email lub hasło. Spróbuj ponownie.').waitFor(POLL);
    // What was typed survives the failed attempt.
    expect(await email.inputValue()).toBe(DEMO.email);
    // Closing resets the modal to the login screen.
    await dialog.getByRole('button', { name: 'Zarejestruj się' }).click();
    await page.getByRole('dialog', { name: 'Załóż konto' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await (await openLogin(page)).getByLabel('Adres e-mail').inputValue()).toBe('');
    expect(errors).toEqual([]);
  });

  it('logs the demo customer in: the guest cart survives, the account shows Anna and her dog Figa', async () => {
    const { page, errors } = await browser.page();
    await page.goto(BAGS);
    await hydrated(page);
    await page.getByRole('button', { name: 'DODAJ 14,70 zł' }).click();
    await page.getByRole('button', { name: 'Koszyk: 1 sztuka' }).waitFor(POLL);
    const dialog = await loginInModal(page, DEMO.email, DEMO.password);
    await dialog.waitFor({ state: 'detached', ...POLL });
    await page.getByText('Zalogowano. Miło Cię widzieć!').waitFor(POLL);
    // The backend merged the guest cart into the customer's; the badge still counts the bags.
    await expect.poll(async () => (await page.locator('.header-icon__badge').last().textContent()) ?? '0', POLL).not.toBe('0');
    const order = await shopInPage<{ activeOrder: { lines: Array<{ id: string; productVariant: { name: string } }> } }>(
      page,
      '{ activeOrder { lines { id productVariant { name } } } }',
    );
    expect(order.activeOrder.lines.map((l) => l.productVariant.name)).toContain('Worki na odchody – zestaw 3x15');

    await page.getByRole('link', { name: 'Moje konto' }).click();
    await page.waitForURL('**/my-account');
    await page.getByRole('heading', { name: 'Mój profil' }).waitFor(POLL);
    expect(await page.getByLabel('Imię', { exact: true }).inputValue()).toBe('Anna');
    expect(await page.getByLabel('Imię psa').inputValue()).toBe('Figa');
    expect(await page.getByLabel('Waga (kg)').inputValue()).toBe('18');
    await shopInPage(page, 'mutation { removeAllOrderLines { __typename } }');
    expect(errors).toEqual([]);
  });

  it('registers a new account (DZIĘKUJEMY ZA REJESTRACJĘ!) and tells a registered address apart', async () => {
    const { page, errors } = await browser.page();
    await page.goto('/');
    await hydrated(page);
    await (await openLogin(page)).getByRole('button', { name: 'Zarejestruj się' }).click();
    const dialog = page.getByRole('dialog', { name: 'Załóż konto' });
    const email = fresh('rejestracja');
    await dialog.getByLabel('Adres e-mail').fill(email);
    await dialog.getByLabel('Imię').fill('Ola');
    await dialog.getByLabel('Nazwisko').fill('Lis');
    await dialog.getByLabel('Hasło').fill('Start1234!');
    await dialog.getByRole('button', { name: 'Załóż konto' }).click();
    // The 'Chcę założyć konto' box must be ticked.
    await dialog.getByText('Zaznacz „Chcę założyć konto”, aby kontynuować.').waitFor();
    await dialog.getByLabel('Chcę założyć konto').check();
    await dialog.getByRole('button', { name: 'Załóż konto' }).click();
    const thanks = page.getByRole('dialog', { name: 'DZIĘKUJEMY ZA REJESTRACJĘ!' });
    await thanks.waitFor(POLL);
    expect(await thanks.textContent()).toContain(email);

    // The same modal with an address that has an account: the conflict, with login and reset offered.
    await thanks.getByRole('button', { name: 'Przejdź do logowania' }).click();
    await page.getByRole('dialog', { name: 'Zaloguj się' }).getByRole('button', { name: 'Zarejestruj się' }).click();
    await dialog.getByLabel('Adres e-mail').fill(DEMO.email);
    await dialog.getByLabel('Imię').fill('Anna');
    await dialog.getByLabel('Nazwisko').fill('Kowalska');
    await dialog.getByLabel('Hasło').fill('Inne1234!');
    await dialog.getByLabel('Chcę założyć konto').check();
    await dialog.getByRole('button', { name: 'Załóż konto' }).click();
    await dialog
      .getByText('Konto z tym adresem e-mail już istnieje. Zaloguj się albo ustaw nowe hasło, jeśli go nie pamiętasz.')
      .waitFor(POLL);
    await dialog.getByRole('button', { name: 'Nie pamiętam hasła' }).click();
    const forgotten = page.getByRole('dialog', { name: 'Nie pamiętasz hasła?' });
    expect(await forgotten.getByLabel('Adres e-mail').inputValue()).toBe(DEMO.email);
    expect(errors).toEqual([]);
  });

  it('resets a forgotten password through the e-mailed link; the customer then logs in with the new one', async () => {
    const { page, errors } = await browser.page();
    await page.goto('/');
    await hydrated(page);
    const email = fresh('reset');
    const registered = await shopInPage<{ registerCustomerAccount: { success?: boolean } }>(
      page,
      'mutation($i: RegisterCustomerInput!) { registerCustomerAccount(input: $i) { ... on Success { success } } }',
      { i: { emailAddress: email, password: 'Stare1234!', firstName: 'Jan', lastName: 'Kos' } },
    );
    expect(registered.registerCustomerAccount.success).toBe(true);

    await (await openLogin(page)).getByRole('button', { name: 'Nie pamiętasz hasła?' }).click();
    const forgotten = page.getByRole('dialog', { name: 'Nie pamiętasz hasła?' });
    await forgotten.getByLabel('Adres e-mail').fill(email);
    await forgotten.getByRole('button', { name: 'Wyślij link' }).click();
    await page.getByRole('dialog', { name: 'Sprawdź skrzynkę' }).getByText(`Jeśli konto z adresem ${email} istnieje`).waitFor(POLL);

    const link = await mailbox(inject('mailboxUrl'), email, 'password-reset');
    expect(link).toMatch(/^\/password-reset\?token=/);
    await page.goto(link);
    await hydrated(page);
    await page.getByLabel('Nowe hasło', { exact: true }).fill('Nowe1234!');
    await page.getByLabel('Powtórz nowe hasło').fill('Inne1234!');
    await page.getByRole('button', { name: 'Zapisz nowe hasło' }).click();
    await page.getByText('Hasła nie są takie same.').waitFor();
    await page.getByLabel('Powtórz nowe hasło').fill('Nowe1234!');
    await page.getByRole('button', { name: 'Zapisz nowe hasło' }).click();
    await page.getByText('Hasło zostało zmienione.').waitFor(POLL);
    // The same link a second time explains itself.
    await page.goto(link);
    await hydrated(page);
    await page.getByLabel('Nowe hasło', { exact: true }).fill('Jeszcze1234!');
    await page.getByLabel('Powtórz nowe hasło').fill('Jeszcze1234!');
    await page.getByRole('button', { name: 'Zapisz nowe hasło' }).click();
    await page.getByText('Ten link do zmiany hasła jest nieprawidłowy albo został już użyty. Poproś o nowy.').waitFor(POLL);

    // A fresh browser: the old password fails, the new one works.
    const other = (await browser.page()).page;
    await other.goto('/');
    await hydrated(other);
    const dialog = await loginInModal(other, email, 'Stare1234!');
    await dialog.getByText('Błędny email lub hasło. Spróbuj ponownie.').waitFor(POLL);
    await dialog.getByLabel('Hasło').fill('Nowe1234!');
    await dialog.getByRole('button', { name: 'Zaloguj się' }).click();
    await other.getByRole('link', { name: 'Moje konto' }).waitFor(POLL);
    expect(errors).toEqual([]);
  });
});

describe('account pages in Chromium', () => {
  it('saves the dog profile: the new name is there after a reload', async () => {
    const { page, errors } = await browser.page();
    await signIn(page);
    await page.goto('/my-account/profile');
    await hydrated(page);
    const dogName = page.getByLabel('Imię psa');
    await dogName.fill('Figa Zmieniona');
    await page.getByLabel('Waga (kg)').fill('abc');
    await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
    await page.getByText('Podaj wagę w kilogramach, np. 18 lub 7,5 (od 0,5 do 120 kg).').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('wagapsa');
    await page.getByLabel('Waga (kg)').fill('18,5');
    await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
    await page.getByText('Zapisano zmiany.').waitFor(POLL);
    await page.reload();
    await hydrated(page);
    expect(await page.getByLabel('Imię psa').inputValue()).toBe('Figa Zmieniona');
    expect(await page.getByLabel('Waga (kg)').inputValue()).toBe('18,5');
    // Back as the seed had it, for the tests after this one.
    await page.getByLabel('Imię psa').fill('Figa');
    await page.getByLabel('Waga (kg)').fill('18');
    await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
    await page.getByText('Zapisano zmiany.').waitFor(POLL);
    expect(errors).toEqual([]);
  });

  it('adds an address, makes it the default shipping address and deletes it', async () => {
    const { page, errors } = await browser.page();
    await signIn(page);
    await page.goto('/MyAccount/ShippingDetails');
    await hydrated(page);
    await page.getByRole('button', { name: 'Dodaj adres' }).click();
    const form = page.locator('form.address-form');
    await form.getByRole('button', { name: 'Zapisz' }).click();
    await form.getByText('To pole jest wymagane').first().waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('address-firstName');
    await form.getByLabel('Imię').fill('Anna');
    await form.getByLabel('Nazwisko').fill('Kowalska');
    await form.getByLabel('Ulica').fill('Psia');
    await form.getByLabel('Numer domu').fill('7');
    await form.getByLabel('Numer lokalu (opcjonalnie)').fill('2');
    await form.getByLabel('Kod pocztowy').fill('30001');
    await form.getByLabel('Miejscowość').fill('Kraków');
    await form.getByLabel('Telefon').fill('601 234 567');
    await form.getByLabel('Paczkomat').fill('kra01m');
    await form.getByRole('button', { name: 'Zapisz' }).click();
    await form.getByText('Wpisz kod pocztowy w formacie 00-000.').waitFor();
    await form.getByLabel('Kod pocztowy').fill('30-001');
    await form.getByRole('button', { name: 'Zapisz' }).click();

    const card = page.getByRole('listitem', { name: /Adres: Anna Kowalska, Psia 7\/2, Kraków/ });
    await card.waitFor(POLL);
    expect(await card.textContent()).toContain('Paczkomat: KRA01M');
    await card.getByRole('button', { name: 'Ustaw jako domyślny adres wysyłki' }).click();
    await card.getByText('Domyślny adres wysyłki', { exact: true }).waitFor(POLL);
    const seeded = page.getByRole('listitem', { name: /Marszałkowska 10\/5/ });
    expect(await seeded.getByText('Domyślny adres wysyłki', { exact: true }).count()).toBe(0);
    await page.reload();
    await hydrated(page);
    await card.getByText('Domyślny adres wysyłki', { exact: true }).waitFor(POLL);

    // The seeded address default again, then the new one deleted.
    await seeded.getByRole('button', { name: 'Ustaw jako domyślny adres wysyłki' }).click();
    await seeded.getByText('Domyślny adres wysyłki', { exact: true }).waitFor(POLL);
    await card.getByRole('button', { name: 'Usuń' }).click();
    await card.getByRole('group', { name: 'Usunąć ten adres?' }).getByRole('button', { name: 'Usuń' }).click();
    await page.getByText('Adres został usunięty.').waitFor(POLL);
    expect(await card.count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('opens the other account pages without showing their section loading: its chunk comes before the page renders', async () => {
    const { page, errors } = await browser.page();
    await signIn(page);
    await page.goto('/my-account/profile');
    await hydrated(page);
    // Every time the section's fallback ('Wczytywanie…') is in the document, noted with the page it was on.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { loadingSeen: string[] }).loadingSeen = seen;
      new MutationObserver(() => {
        if (document.querySelector('.account__loading')) seen.push(location.pathname);
      }).observe(document.body, { childList: true, subtree: true });
    });
    const nav = page.getByRole('navigation', { name: 'Strony konta' });
    await nav.getByRole('link', { name: 'Historia zamówień' }).click();
    await page.waitForURL('**/my-account/orders');
    await page.locator('.order-card').first().waitFor();
    await nav.getByRole('link', { name: 'Dane do wysyłki' }).click();
    await page.waitForURL('**/my-account/shipping');
    await page.locator('.address-book').waitFor();
    expect(await page.evaluate(() => (window as unknown as { loadingSeen: string[] }).loadingSeen)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('lists the two seeded orders with their Polish states and opens an order’s detail', async () => {
    const { page, errors } = await browser.page();
    await signIn(page);
    await page.goto('/my-account/orders');
    await hydrated(page);
    const cards = page.locator('.order-card');
    expect(await cards.count()).toBeGreaterThanOrEqual(2);
    const states = await page.locator('.order-card__state').allTextContents();
    expect(states).toEqual(expect.arrayContaining(['Dostarczone', 'Opłacone']));
    const delivered = cards.filter({ hasText: 'Dostarczone' });
    await delivered.getByText('Szczegóły zamówienia').click();
    await delivered.getByRole('heading', { name: 'Dostawa' }).waitFor();
    expect(await delivered.getByText(/Przelew bankowy/).count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('logs out from the account menu: lands on /, and /my-account then redirects home', async () => {
    const { page, errors } = await browser.page();
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page);
    await page.goto('/');
    await hydrated(page);
    const account = page.getByRole('link', { name: 'Moje konto' });
    await account.waitFor(POLL);
    await account.hover();
    await page.getByRole('list', { name: 'Menu konta' }).getByRole('button', { name: 'Wyloguj' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Zaloguj się' }).first().waitFor(POLL);
    const res = await page.goto('/my-account');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(res?.status()).toBe(200);
    expect(errors).toEqual([]);
  });
});

describe('account verification (BACKEND_REQUIRE_VERIFICATION=1)', () => {
  let backend: Backend;
  let storefront: Storefront;
  beforeAll(async () => {
    backend = await startBackend({ env: { BACKEND_REQUIRE_VERIFICATION: '1' } });
    storefront = await startStorefront(backend);
  }, 240_000);
  afterAll(async () => {
    await storefront?.stop();
    await backend?.stop();
  });

  it('registration sends a link; before it the login says so, the link activates and signs in', async () => {
    const { page, errors } = await browser.page();
    const email = fresh('weryfikacja');
    await page.goto(`${storefront.url}/`);
    await hydrated(page);
    await (await openLogin(page)).getByRole('button', { name: 'Zarejestruj się' }).click();
    const dialog = page.getByRole('dialog', { name: 'Załóż konto' });
    await dialog.getByLabel('Adres e-mail').fill(email);
    await dialog.getByLabel('Imię').fill('Ewa');
    await dialog.getByLabel('Nazwisko').fill('Kot');
    await dialog.getByLabel('Hasło').fill('Start1234!');
    await dialog.getByLabel('Chcę założyć konto').check();
    await dialog.getByRole('button', { name: 'Załóż konto' }).click();
    const thanks = page.getByRole('dialog', { name: 'DZIĘKUJEMY ZA REJESTRACJĘ!' });
    await thanks.waitFor(POLL);
    await thanks.getByRole('button', { name: 'Przejdź do logowania' }).click();
    const login = page.getByRole('dialog', { name: 'Zaloguj się' });
    await login.getByLabel('Adres e-mail').fill(email);
    await login.getByLabel('Hasło').fill('Start1234!');
    await login.getByRole('button', { name: 'Zaloguj się' }).click();
    await login.getByText(/Konto nie zostało jeszcze aktywowane/).waitFor(POLL);
    await page.keyboard.press('Escape');

    const link = await mailbox(backend.mailboxUrl, email, 'verify');
    expect(link).toMatch(/^\/verify\?token=/);
    await page.goto(`${storefront.url}${link}`);
    await page.getByText('Konto zostało aktywowane. Jesteś zalogowana/zalogowany.').waitFor(POLL);
    await page.getByRole('link', { name: 'Moje konto' }).waitFor(POLL);
    // The same link again: used, and it says so with a way to get a new one.
    await page.goto(`${storefront.url}${link}`);
    await page.getByText(/Ten link aktywacyjny jest nieprawidłowy albo został już użyty/).waitFor(POLL);
    await page.getByRole('button', { name: 'Wyślij nowy link' }).waitFor();
    expect(errors).toEqual([]);
  });
});
