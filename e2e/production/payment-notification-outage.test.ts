/**
 * TEST_PROFILE=production only (issue 43, decision 114): Przelewy24's notification arrives while the
 * backend is unreachable. Both API servers hang (SIGSTOP: the balancer finds no server); the shopper
 * pays at P24 (the stand-in) and P24 sends its signed notification to the storefront, which answers
 * 503 (P24 repeats a notification it did not get a 200 for: 3, 5, 15… minutes later). The servers
 * come back; P24's repeat settles the order; another repeat is "already processed". One order, one
 * settled payment, one confirmation.
 */
import { afterAll, describe, expect, inject, it } from 'vitest';
import { shopSession, toPaymentStep } from './guest-checkout';
import { alive, currentApiServerPids } from './services';

const POLL = { timeout: 30_000, interval: 250 };

interface Seen {
  notifications: Array<{ answer: number | string; body?: { result?: string; reason?: string } }>;
}

const stopped: number[] = [];
afterAll(() => {
  for (const pid of stopped) if (alive(pid)) process.kill(pid, 'SIGCONT');
});

describe('a payment notification while the backend is unreachable (production profile)', () => {
  it('is answered 503, repeated by P24 once the backend is back, and pays the order once', async () => {
    const call = shopSession();
    const email = `p24-outage-${Date.now().toString(36)}@psiaki.test`;
    await toPaymentStep(call, email, '5');
    const started = (
      await call<{ startOnlinePayment: { redirectUrl?: string; message?: string } }>(
        'mutation { startOnlinePayment { ... on OnlinePaymentStart { redirectUrl } ... on OnlinePaymentError { message } } }',
      )
    ).startOnlinePayment;
    expect(started.redirectUrl, started.message).toMatch(/\/gateway\/trnRequest\/[A-F0-9-]{36}$/);
    const transaction = started.redirectUrl!.replace('/trnRequest/', '/transactions/');
    const { activeOrder } = await call<{ activeOrder: { code: string; totalWithTax: number } }>('{ activeOrder { code totalWithTax } }');
    const order = async () =>
      (
        await call<{ orderByCode: { state: string; payments: Array<{ state: string; amount: number }> } }>(
          'query($c: String!) { orderByCode(code: $c) { state payments { state amount } } }',
          { c: activeOrder.code },
        )
      ).orderByCode;
    const confirmations = async () =>
      ((await (await fetch(`${inject('mailboxUrl')}?email=${encodeURIComponent(email)}`)).json()) as Array<{ type: string }>).filter(
        (m) => m.type === 'order-confirmation',
      ).length;

    // the backend unreachable: both API servers hang
    const servers = currentApiServerPids();
    expect(servers).toHaveLength(inject('apiServerPorts').length);
    let seen: Seen;
    try {
      for (const pid of servers) {
        process.kill(pid, 'SIGSTOP');
        stopped.push(pid);
      }
      // until the balancer's health checks have marked both down, it would hold a request for a
      // server that comes back (and deliver it then): wait for its own 503, "no server available"
      await expect
        .poll(
          () =>
            fetch(`${inject('backendUrl')}/health`, { signal: AbortSignal.timeout(1000) }).then(
              (r) => r.status,
              () => 0,
            ),
          POLL,
        )
        .toBe(503);
      // the shopper pays; P24 notifies the storefront at once (the stand-in waits for the answer)
      const pay = await fetch(started.redirectUrl!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'action=pay',
        redirect: 'manual',
      });
      expect(pay.status).toBe(303);
      seen = (await (await fetch(transaction)).json()) as Seen;
      expect(seen.notifications.map((n) => n.answer)).toEqual([503]);
    } finally {
      for (const pid of servers) process.kill(pid, 'SIGCONT');
    }
    await expect.poll(async () => (await fetch(`${inject('backendUrl')}/health`)).status, POLL).toBe(200);
    expect((await order()).state).toBe('ArrangingPayment');
    expect(await confirmations()).toBe(0);

    // P24 repeats it: paid; and again: already processed
    const repeat = async () => (await (await fetch(`${transaction}/renotify`, { method: 'POST' })).json()) as { answer: number | string };
    expect((await repeat()).answer).toBe(200);
    expect((await repeat()).answer).toBe(200);
    seen = (await (await fetch(transaction)).json()) as Seen;
    const paid = await order();
    expect(paid.state).toBe('PaymentSettled');
    expect(paid.payments.filter((p) => p.state === 'Settled')).toEqual([{ state: 'Settled', amount: activeOrder.totalWithTax }]);
    expect(seen.notifications.at(-1)?.body?.result).toBe('already processed');
    await expect.poll(confirmations, POLL).toBe(1);
    await new Promise((r) => setTimeout(r, 3000));
    expect(await confirmations()).toBe(1);
    console.log(
      `[payment notification outage] notifications answered ${seen.notifications.map((n) => n.answer).join(', ')}; ` +
        `orders 1 expected, 1 found; settled payments 1 expected, ${paid.payments.filter((p) => p.state === 'Settled').length} found; ` +
        `confirmations 1 expected, ${await confirmations()} found`,
    );
  }, 120_000);
});
