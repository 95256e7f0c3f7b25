import { describe, expect, it, vi } from 'vitest';
import { isBlikCode, isTransferMethod, pollPayment, readBlikState, readPaymentState, transferDetails, waitForBlik } from './payment';
import type { ShopRequest } from '../../client/lib/shop-api';

const order = {
  code: 'ABC123',
  totalWithTax: 25990,
  payments: [] as Array<{ id: string; method: string; state: string; amount: number; metadata: unknown }>,
};

describe('transfer details for the thank-you page', () => {
  it('reads account number, recipient, bank, amount and title from the public metadata', () => {
    const details = transferDetails({
      ...order,
      payments: [
        {
          id: '1',
          method: 'przelew',
          state: 'Authorized',
          amount: 25990,
          metadata: { accountNumber: '12 3456', recipient: 'Psiaki', bankName: 'mBank', amount: 25990, title: 'ABC123' },
        },
      ],
    });
    expect(details).toEqual({ accountNumber: '12 3456', recipient: 'Psiaki', bankName: 'mBank', amount: 25990, title: 'ABC123' });
  });

  it('falls back to the payment amount and the order code, and ignores declined or online payments', () => {
    const details = transferDetails({
      ...order,
      payments: [{ id: '1', method: 'przelew', state: 'Authorized', amount: 1200, metadata: { public: { accountNumber: '1' } } }],
    });
    expect(details).toMatchObject({ accountNumber: '1', amount: 1200, title: 'ABC123', bankName: '' });
    expect(
      transferDetails({ ...order, payments: [{ id: '1', method: 'przelew', state: 'Declined', amount: 1, metadata: {} }] }),
    ).toBeNull();
    expect(
      transferDetails({ ...order, payments: [{ id: '1', method: 'dev-online', state: 'Settled', amount: 1, metadata: {} }] }),
    ).toBeNull();
    expect(isTransferMethod('przelew')).toBe(true);
    expect(isTransferMethod('online')).toBe(false);
  });
});

describe('polling an online payment (bounded)', () => {
  it('stops as soon as the order is paid', async () => {
    const read = vi.fn().mockResolvedValueOnce('waiting').mockResolvedValueOnce('waiting').mockResolvedValue('paid');
    const sleep = vi.fn().mockResolvedValue(undefined);
    expect(await pollPayment({ read, sleep, intervalMs: 1500, attempts: 20 })).toBe('paid');
    expect(read).toHaveBeenCalledTimes(3);
    expect(sleep).toHaveBeenCalledWith(1500);
  });

  it('gives up after the last attempt, failed reads included, without sleeping after it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const read = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue('waiting');
    const sleep = vi.fn().mockResolvedValue(undefined);
    expect(await pollPayment({ read, sleep, intervalMs: 1500, attempts: 20 })).toBe('timeout');
    expect(read).toHaveBeenCalledTimes(20);
    expect(sleep).toHaveBeenCalledTimes(19);
  });

  it('stops when the shopper leaves the page', async () => {
    let left = false;
    const read = vi.fn(async () => {
      left = true;
      return 'waiting' as const;
    });
    expect(await pollPayment({ read, sleep: async () => {}, intervalMs: 1, attempts: 20, cancelled: () => left })).toBe('cancelled');
    expect(read).toHaveBeenCalledTimes(1);
  });
});

describe('polling ends early on a refused payment', () => {
  it('returns failed as soon as the gateway says so', async () => {
    const read = vi.fn().mockResolvedValueOnce('waiting').mockResolvedValue('failed');
    expect(await pollPayment({ read, sleep: async () => {}, intervalMs: 1500, attempts: 20 })).toBe('failed');
    expect(read).toHaveBeenCalledTimes(2);
  });
});

describe('one poll of an online payment (Przelewy24)', () => {
  const answering = (state: string, onlinePaymentStatus: string | null) =>
    (async () => ({ orderByCode: { state }, onlinePaymentStatus })) as unknown as ShopRequest;

  it('is paid once the order is settled, failed when P24 knows no payment or the order changed, waiting otherwise', async () => {
    expect(await readPaymentState(answering('PaymentSettled', 'paid'), 'ABC123')).toBe('paid');
    expect(await readPaymentState(answering('ArrangingPayment', 'unpaid'), 'ABC123')).toBe('failed');
    expect(await readPaymentState(answering('ArrangingPayment', 'mismatch'), 'ABC123')).toBe('failed');
    expect(await readPaymentState(answering('AddingItems', 'refunded'), 'ABC123')).toBe('failed');
    expect(await readPaymentState(answering('ArrangingPayment', 'registered'), 'ABC123')).toBe('waiting');
    // a failed verification is retried by P24's repeated notification: keep waiting
    expect(await readPaymentState(answering('ArrangingPayment', 'verify-failed'), 'ABC123')).toBe('waiting');
  });
});

describe('BLIK: the code and the wait for the banking app', () => {
  const answering = (state: string, onlinePaymentStatus: string | null) =>
    (async () => ({ orderByCode: { state }, onlinePaymentStatus })) as unknown as ShopRequest;

  it('takes exactly six digits', () => {
    expect(isBlikCode('777123')).toBe(true);
    for (const bad of ['77712', '7771234', '777 12', 'abcdef', '']) expect(isBlikCode(bad)).toBe(false);
  });

  it('reads paid, declined in the app, not confirmed in time, the code refused, or still pending', async () => {
    expect(await readBlikState(answering('PaymentSettled', 'paid'), 'A')).toBe('paid');
    expect(await readBlikState(answering('ArrangingPayment', 'blik-declined'), 'A')).toBe('declined');
    expect(await readBlikState(answering('ArrangingPayment', 'blik-timeout'), 'A')).toBe('timeout');
    expect(await readBlikState(answering('ArrangingPayment', 'blik-rejected'), 'A')).toBe('rejected');
    expect(await readBlikState(answering('ArrangingPayment', 'blik-pending'), 'A')).toBe('pending');
  });

  it('stops at the first answer, and says timeout when the app never answers within the bound', async () => {
    const read = vi.fn().mockResolvedValueOnce('pending').mockRejectedValueOnce(new Error('offline')).mockResolvedValue('declined');
    expect(await waitForBlik({ read, sleep: async () => {}, intervalMs: 1, attempts: 10 })).toBe('declined');
    expect(read).toHaveBeenCalledTimes(3);
    const never = vi.fn().mockResolvedValue('pending');
    expect(await waitForBlik({ read: never, sleep: async () => {}, intervalMs: 1, attempts: 5 })).toBe('timeout');
    expect(never).toHaveBeenCalledTimes(5);
  });
});
