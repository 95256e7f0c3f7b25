/**
 * TEST_PROFILE=production only: one API server is killed (SIGKILL) in the middle of a checkout;
 * the balancer routes around it, the shopper's session and cart live on (Redis, PostgreSQL), and
 * the order completes. The supervisor restarts the server, which rejoins. And while Vendure's
 * worker is stopped, jobs wait in Redis: the mail goes out once it runs again.
 */
import { describe, expect, inject, it } from 'vitest';
import { backendShopHeaders, hydrated, setupBrowser } from '../browser';
import { adminCall, checkoutByTransfer } from '../session';

const browser = setupBrowser();
const POLL = { timeout: 30_000 };

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('an API server dies mid-checkout (production profile)', () => {
  it('the order still completes with its cart line, and the server rejoins', async () => {
    const [victim] = inject('apiServerPids');
    expect(victim && alive(victim)).toBe(true);
    // until it is killed, the victim answers on its own port like its twin
    expect((await fetch(`http://127.0.0.1:${inject('apiServerPorts')[0]}/health`)).status).toBe(200);
    const { page, errors } = await browser.page();
    const email = `failover-${Date.now().toString(36)}@psiaki.test`;

    await page.goto('/c/dla-psa/akcesoria/dodatki/worki-na-odchody');
    await hydrated(page);
    await page.getByRole('button', { name: 'DODAJ 14,70 zł' }).click();
    await page.getByRole('button', { name: /^Koszyk: 1 sztuka/ }).waitFor(POLL);
    // the crash between two checkout steps: no graceful stop, requests in flight on it are lost;
    // every following step lands on the surviving server (or is retried there by the balancer)
    const placed = await checkoutByTransfer(page, email, () => {
      process.kill(victim!, 'SIGKILL');
    });
    expect(placed.state).toBe('PaymentAuthorized');

    // what was stored: the order with its one line, for this shopper
    const stored = await adminCall<{
      orders: { items: Array<{ code: string; state: string; customer: { emailAddress: string }; lines: Array<{ quantity: number }> }> };
    }>(
      'query($c: String!) { orders(options: { filter: { code: { eq: $c } } }) { items { code state customer { emailAddress } lines { quantity } } } }',
      {
        c: placed.code,
      },
    );
    expect(stored.orders.items).toEqual([
      { code: placed.code, state: 'PaymentAuthorized', customer: { emailAddress: email }, lines: [{ quantity: 1 }] },
    ]);

    // the shopper sees it on the thank-you page
    await page.goto(`/checkout/thank-you?order=${placed.code}`);
    await page.getByText(placed.code).first().waitFor(POLL);

    // the supervisor restarts the killed server (a new process on the same port) and it answers again
    expect(alive(victim!)).toBe(false);
    const port = inject('apiServerPorts')[0];
    await expect
      .poll(async () => {
        const r = await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined);
        return r?.status;
      }, POLL)
      .toBe(200);
    expect(errors).toEqual([]);
  }, 120_000);
});

describe('the worker stops (production profile)', () => {
  it('jobs wait in Redis while it is stopped: a password-reset mail goes out once it runs again', async () => {
    const worker = inject('workerPid');
    expect(worker && alive(worker)).toBe(true);
    const mailbox = `${inject('mailboxUrl')}?email=${encodeURIComponent('demo@psiaki.test')}`;
    const count = async () =>
      ((await (await fetch(mailbox)).json()) as Array<{ type: string }>).filter((m) => m.type === 'password-reset').length;
    const before = await count();
    // SIGSTOP: the process stays (the supervisor does not restart it) but takes no job
    process.kill(worker, 'SIGSTOP');
    try {
      const res = await fetch(`${inject('backendUrl')}/shop-api`, {
        method: 'POST',
        headers: backendShopHeaders(),
        body: JSON.stringify({ query: 'mutation { requestPasswordReset(emailAddress: "demo@psiaki.test") { __typename } }' }),
      });
      // the API server answers at once: it only queued the mail
      expect(((await res.json()) as { data: { requestPasswordReset: { __typename: string } } }).data.requestPasswordReset.__typename).toBe(
        'Success',
      );
      await new Promise((r) => setTimeout(r, 3000));
      expect(await count()).toBe(before);
    } finally {
      process.kill(worker, 'SIGCONT');
    }
    await expect.poll(count, POLL).toBe(before + 1);
  });
});
