import { CheckoutFrame } from './CheckoutFrame';
import { isTransferMethod } from './payment';
import { usePlaceOrder } from './PaymentStep';
import { FormMessage } from '../../client/components/form/FormMessage';
import type { PaymentCancelData } from './types';
import type { PageProps } from '../../client/router/types';
import { checkoutPaymentTexts } from './checkout-payment.texts';

export type { PaymentCancelData };

const tx = checkoutPaymentTexts.paymentCancel;

/**
 * `/payment-cancel?order=CODE`: Przelewy24 sent the shopper back unpaid (via /payment-check). The order and its
 * lines are kept; the shopper pays online again or switches to a bank transfer.
 */
export default function CheckoutPaymentCancelPage({ data }: PageProps<PaymentCancelData>) {
  const { pending, problem, place } = usePlaceOrder(data.order.code);
  const online = data.paymentMethods.find((m) => !isTransferMethod(m.code));
  const transfer = data.paymentMethods.find((m) => isTransferMethod(m.code));
  return (
    <CheckoutFrame data={data}>
      <div className="payment-return">
        <h1>{tx.heading}</h1>
        <p className="payment-return__code">{tx.orderCode(data.order.code)}</p>
        <p>{tx.text}</p>
        {problem && <FormMessage kind="error">{problem.message}</FormMessage>}
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
    </CheckoutFrame>
  );
}
