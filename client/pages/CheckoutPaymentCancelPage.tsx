import { OrderSummary } from '../components/checkout/OrderSummary';
import { isTransferMethod } from '../lib/checkout/payment';
import { usePlaceOrder } from '../components/checkout/PaymentStep';
import { FormAlert } from '../components/checkout/submit';
import type { PaymentCancelData } from '../components/checkout/types';
import type { PageProps } from '../router/types';
import { CheckoutShell } from '../components/checkout/CheckoutShell';
import { checkoutPaymentTexts } from '../texts/checkout-payment';

export type { PaymentCancelData };

const tx = checkoutPaymentTexts.paymentCancel;

/**
 * `/payment-cancel?order=CODE`: the gateway sent the shopper back unpaid. The order and its
 * lines are kept; the shopper pays online again or switches to a bank transfer.
 */
export default function CheckoutPaymentCancelPage({ data }: PageProps<PaymentCancelData>) {
  const { pending, problem, place } = usePlaceOrder(data.order.state);
  const online = data.paymentMethods.find((m) => !isTransferMethod(m.code));
  const transfer = data.paymentMethods.find((m) => isTransferMethod(m.code));
  return (
    <CheckoutShell>
      <div className="checkout">
        <div className="checkout__body">
          <div className="checkout__main payment-return">
            <h1>{tx.heading}</h1>
            <p className="payment-return__code">{tx.orderCode(data.order.code)}</p>
            <p>{tx.text}</p>
            <FormAlert problem={problem} />
            <div className="payment-return__actions">
              {online && (
                <button type="button" className="button" disabled={pending} onClick={() => void place(online.code)}>
                  {tx.retry}
                </button>
              )}
              {transfer && (
                <button type="button" className="button button--ghost" disabled={pending} onClick={() => void place(transfer.code)}>
                  {tx.transfer}
                </button>
              )}
            </div>
          </div>
          <OrderSummary order={data.order} />
        </div>
      </div>
    </CheckoutShell>
  );
}
