import type { Page } from 'playwright-core';
import { inject } from 'vitest';

/** Vendure's Dashboard on the test backend (decision 101): its address and a staff login. */
const POLL = { timeout: 20_000 };

export const dashboard = (path = '/') => `${inject('backendUrl')}/dashboard${path}`;

/** `login` as the global setup provides it: `username:password`. */
export const credentials = (login: string) => {
  const [username, ...password] = login.split(':');
  return { username: username!, password: password.join(':') };
};

/** Logs `login` in to the Dashboard and waits for its Polish start page. */
export async function logIn(page: Page, login: string): Promise<void> {
  const { username, password } = credentials(login);
  await page.goto(dashboard('/'));
  await page.locator('input[name="username"]').fill(username, POLL);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
  // the logged-in Dashboard, in Polish ('Insights' is 'Statystyki')
  await page.getByRole('link', { name: 'Statystyki' }).first().waitFor(POLL);
}
