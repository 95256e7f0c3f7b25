import { useState } from 'react';
import { useRouter } from '../../router/context';
import { shopRequest } from '../../lib/shop-api';
import { useStores } from '../../stores/StoresProvider';
import { checkoutPaymentTexts } from '../../texts/checkout-payment';
import { AddressBlock } from './OrderDetails';
import { isTransferMethod, payByTransfer, payOnline } from '../../lib/checkout/payment';
import { STEP_PATHS, THANK_YOU_PATH } from '../../lib/checkout/steps';
import { FormMessage } from '../form/FormMessage';
import { RadioGroup } from '../form/RadioGroup';
import { CheckoutStep } from './CheckoutStep';
import { useSubmit } from './submit';
import type { CheckoutData } from './types';

const tx = checkoutPaymentTexts.payment;

/**
 * Places the order with the chosen method: a transfer is placed at once and the thank-you page
 * follows (the cart is empty then); an online payment registers a transaction at the gateway and
 * the browser goes there. One click, one order: `useSubmit` ignores a second submit in flight.
 */
export function usePlaceOrder() {
  const router = useRouter();
  const { cart } = useStores();
  const submit = useSubmit();
  const place = (method: string) =>
    submit.run(async () => {
      if (isTransferMethod(method)) {
        const order = await payByTransfer(shopRequest);
        cart.getState().replace(null);
        await router.navigate(`${THANK_YOU_PATH}?order=${encodeURIComponent(order.code)}`, { replace: true });
      } else {
        const redirectUrl = await payOnline(shopRequest);
        location.assign(redirectUrl);
        // Stay busy until the browser has left, so the button cannot start a second transaction.
        await new Promise(() => {});
      }
    });
  return { ...submit, place };
}

/** Step 4: review the order and pay. */
export function PaymentStep({ data }: { data: CheckoutData }) {
  const methods = data.paymentMethods;
  const [method, setMethod] = useState(methods[0]?.code ?? '');
  const { pending, problem, place } = usePlaceOrder();
  const ready = data.order.state === 'ArrangingPayment';
  const submit = () => void (method && place(method));
  const { order } = data;

  return (
    <CheckoutStep
      heading={tx.heading}
      submitLabel={pending ? (isTransferMethod(method) ? tx.pending : tx.redirecting) : tx.submit}
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
          onValue={setMethod}
          options={methods.map((m) => ({
            value: m.code,
            label: (
              <span className="choice__name">
                {m.name}
                <span className="choice__hint">{isTransferMethod(m.code) ? tx.transferHint : tx.onlineHint}</span>
              </span>
            ),
          }))}
        />
      )}
    </CheckoutStep>
  );
}
