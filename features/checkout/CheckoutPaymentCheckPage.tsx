import { useEffect, useState } from 'react';
import { pollPayment, readPaymentState } from './payment';
import { THANK_YOU_PATH } from './steps';
import type { PaymentCheckData } from './types';
import { shopRequest } from '../../client/lib/shop-api';
import { useRouter } from '../../client/router/context';
import type { PageProps } from '../../client/router/types';
import { CheckoutShell } from './CheckoutShell';
import { checkoutPaymentTexts } from './checkout-payment.texts';

export type { PaymentCheckData };

const tx = checkoutPaymentTexts.paymentCheck;
/** Every 1.5 s for up to 30 s: the gateway's notification usually lands within seconds. */
const INTERVAL_MS = 1500;
const ATTEMPTS = 20;

/**
 * `/payment-check?order=CODE`: the shopper is back from the gateway; the payment is settled by
 * the gateway's server-to-server notification, so this page only reads the order until it is
 * paid (then thank-you), or says clearly that it is taking long, with a way to check again.
 */
export default function CheckoutPaymentCheckPage({ data }: PageProps<PaymentCheckData>) {
  const router = useRouter();
  const [timedOut, setTimedOut] = useState(false);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let left = false;
    setTimedOut(false);
    void pollPayment({
      read: () => readPaymentState(shopRequest, data.code),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      intervalMs: INTERVAL_MS,
      attempts: ATTEMPTS,
      cancelled: () => left,
    }).then((result) => {
      if (result === 'paid') void router.navigate(`${THANK_YOU_PATH}?order=${encodeURIComponent(data.code)}`, { replace: true });
      else if (result === 'failed') void router.navigate(`/payment-cancel?order=${encodeURIComponent(data.code)}`, { replace: true });
      else if (result === 'timeout') setTimedOut(true);
    });
    return () => {
      left = true;
    };
  }, [data.code, router, round]);

  return (
    <CheckoutShell>
      <div className="payment-return">
        <h1>{tx.heading}</h1>
        <p className="payment-return__code">{tx.orderCode(data.code)}</p>
        <div aria-live="polite">
          {timedOut ? (
            <>
              <p role="alert">{tx.slow}</p>
              <a
                className="button"
                href={`/payment-check?order=${encodeURIComponent(data.code)}`}
                onClick={(event) => {
                  event.preventDefault();
                  setRound((r) => r + 1);
                }}
              >
                {tx.retry}
              </a>
            </>
          ) : (
            <p className="payment-return__waiting">
              <span className="spinner" aria-hidden="true" />
              {tx.waiting}
            </p>
          )}
        </div>
      </div>
    </CheckoutShell>
  );
}
