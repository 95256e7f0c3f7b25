import { useEffect, useRef, useState } from 'react';
import { useRouter } from '../../client/router/context';
import { shopRequest } from '../../client/lib/shop-api';
import { useStores } from '../../client/stores/StoresProvider';
import { checkoutPaymentTexts } from './checkout-payment.texts';
import { AddressBlock } from './OrderDetails';
import { BLIK_METHOD, isBlikCode, isTransferMethod, payByBlik, payByTransfer, payOnline, readBlikState, waitForBlik } from './payment';
import { STEP_PATHS, THANK_YOU_PATH } from './steps';
import { Field } from '../../client/components/form/Field';
import { FormMessage } from '../../client/components/form/FormMessage';
import { RadioGroup } from '../../client/components/form/RadioGroup';
import { CheckoutStep } from './CheckoutStep';
import { useSubmit } from './submit';
import type { CheckoutData } from './types';

const tx = checkoutPaymentTexts.payment;

/** A BLIK code waits 2 minutes at most; the app's answer is polled every 1,5 s. */
const BLIK_INTERVAL_MS = 1500;
const BLIK_ATTEMPTS = 80;

/**
 * Places the order with the chosen method: a transfer is placed at once and the thank-you page
 * follows (the cart is empty then); an online payment registers a transaction at Przelewy24 and
 * the browser goes there; BLIK charges the code on this page and waits for the banking app. One
 * click, one order: `useSubmit` ignores a second submit in flight.
 */
export function usePlaceOrder(orderCode: string) {
  const router = useRouter();
  const { cart } = useStores();
  const submit = useSubmit();
  const left = useRef(false);
  useEffect(
    () => () => {
      left.current = true;
    },
    [],
  );
  /** What the BLIK field and the waiting panel show. */
  const [blik, setBlik] = useState<{ waiting: boolean; codeError: string | null; outcome: string | null }>({
    waiting: false,
    codeError: null,
    outcome: null,
  });
  const paid = async (code: string) => {
    cart.getState().replace(null);
    await router.navigate(`${THANK_YOU_PATH}?order=${encodeURIComponent(code)}`, { replace: true });
  };
  const place = (method: string, blikCode = '') =>
    submit.run(async () => {
      if (method === BLIK_METHOD) {
        setBlik({ waiting: false, codeError: null, outcome: null });
        const started = await payByBlik(shopRequest, blikCode);
        if (!started.started) {
          setBlik({ waiting: false, codeError: started.message, outcome: null });
          return;
        }
        setBlik({ waiting: true, codeError: null, outcome: null });
        const result = await waitForBlik({
          read: () => readBlikState(shopRequest, orderCode),
          sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
          intervalMs: BLIK_INTERVAL_MS,
          attempts: BLIK_ATTEMPTS,
          cancelled: () => left.current,
        });
        if (result === 'paid') return paid(orderCode);
        if (result === 'rejected') setBlik({ waiting: false, codeError: tx.blikRejected, outcome: null });
        else if (result === 'declined') setBlik({ waiting: false, codeError: null, outcome: tx.blikDeclined });
        else if (result === 'timeout') setBlik({ waiting: false, codeError: null, outcome: tx.blikTimeout });
      } else if (isTransferMethod(method)) {
        const order = await payByTransfer(shopRequest);
        await paid(order.code);
      } else {
        const redirectUrl = await payOnline(shopRequest);
        location.assign(redirectUrl);
        // Stay busy until the browser has left, so the button cannot start a second transaction.
        await new Promise(() => {});
      }
    });
  return { ...submit, place, blik, setBlik };
}

/** Step 4: review the order and pay. */
export function PaymentStep({ data }: { data: CheckoutData }) {
  const methods = data.paymentMethods;
  const [method, setMethod] = useState(methods[0]?.code ?? '');
  const [blikCode, setBlikCode] = useState('');
  const blikInput = useRef<HTMLInputElement>(null);
  const { order } = data;
  const { pending, problem, place, blik, setBlik } = usePlaceOrder(order.code);
  const ready = data.order.state === 'ArrangingPayment';
  // BLIK is the online method charged on this page: offered when the online method is
  const offersBlik = methods.some((m) => !isTransferMethod(m.code));
  const codeError = method === BLIK_METHOD ? blik.codeError : null;
  useEffect(() => {
    // a refused code: the field takes the message and the focus, emptied for the new code
    if (codeError) {
      setBlikCode('');
      blikInput.current?.focus();
    }
  }, [codeError]);
  const submit = () => {
    if (!method) return;
    if (method === BLIK_METHOD && !isBlikCode(blikCode)) {
      setBlik({ waiting: false, codeError: tx.blikCodeFormat, outcome: null });
      blikInput.current?.focus();
      return;
    }
    void place(method, blikCode);
  };
  const pendingLabel = method === BLIK_METHOD ? tx.blikPending : isTransferMethod(method) ? tx.pending : tx.redirecting;
  const options = methods.map((m) => ({
    value: m.code,
    label: (
      <span className="choice__name">
        {m.name}
        <span className="choice__hint">{isTransferMethod(m.code) ? tx.transferHint : tx.onlineHint}</span>
      </span>
    ),
  }));
  if (offersBlik)
    options.push({
      value: BLIK_METHOD,
      label: (
        <span className="choice__name">
          {tx.blik}
          <span className="choice__hint">{tx.blikHint}</span>
        </span>
      ),
    });

  return (
    <CheckoutStep
      heading={tx.heading}
      submitLabel={pending ? pendingLabel : tx.submit}
      submitClassName="checkout-form__submit--pay"
      onSubmit={submit}
      pending={pending}
      problem={problem}
      disabled={!method}
    >
      <div className="checkout-review">
        <section>
          <h2>
            {tx.contact} <a href={STEP_PATHS.customer}>{tx.change}</a>
          </h2>
          <p>
            {order.customer?.firstName} {order.customer?.lastName}
            <br />
            {order.customer?.emailAddress}
          </p>
        </section>
        <section>
          <h2>
            {tx.delivery}: {order.shippingLines[0]?.shippingMethod.name} <a href={STEP_PATHS.shipping}>{tx.change}</a>
          </h2>
          <AddressBlock address={order.shippingAddress} />
        </section>
        {order.billingAddress?.streetLine1 && (
          <section>
            <h2>
              {tx.billing} <a href={STEP_PATHS.billing}>{tx.change}</a>
            </h2>
            <AddressBlock address={order.billingAddress} />
          </section>
        )}
      </div>
      {!ready && <FormMessage kind="error">{tx.notReady}</FormMessage>}
      {methods.length === 0 ? (
        <p role="alert">{tx.noMethods}</p>
      ) : (
        /* The payment methods, the transfer and online hints under their names. */
        <RadioGroup
          name="payment-method"
          legend={tx.methods}
          value={method}
          onValue={(value) => {
            setMethod(value);
            setBlik({ waiting: false, codeError: null, outcome: null });
          }}
          options={options}
        />
      )}
      {method === BLIK_METHOD && (
        <div className="blik">
          <Field
            id="blik-code"
            ref={blikInput}
            label={tx.blikCode}
            hint={tx.blikCodeHint}
            error={codeError}
            value={blikCode}
            onValue={(value) => setBlikCode(value.replace(/\D/g, '').slice(0, 6))}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            disabled={blik.waiting}
            className="blik__code"
          />
          <div aria-live="polite">
            {blik.waiting && (
              <div className="blik__waiting" role="status">
                <span className="spinner" aria-hidden="true" />
                <p>
                  <strong>{tx.blikWaiting}</strong>
                  <br />
                  {tx.blikWaitingHint}
                </p>
              </div>
            )}
          </div>
          {blik.outcome && <FormMessage kind="error">{blik.outcome}</FormMessage>}
        </div>
      )}
    </CheckoutStep>
  );
}
