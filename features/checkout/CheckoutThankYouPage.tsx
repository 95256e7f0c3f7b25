import { useEffect } from 'react';
import { ShipmentStatus } from '../account/ShipmentStatus';
import { GuestAccount } from './GuestAccount';
import { AddressBlock } from './OrderDetails';
import { PAID_STATES, transferDetails } from './payment';
import type { ThankYouData } from './types';
import { formatPrice } from '../../client/lib/price';
import type { PageProps } from '../../client/router/types';
import { useStores } from '../../client/stores/StoresProvider';
import { checkoutTexts } from './checkout.texts';
import { checkoutPaymentTexts } from './checkout-payment.texts';
import { WITHDRAWAL_LINK } from '../../client/texts/withdrawal-link';

export type { ThankYouData };

const tx = checkoutPaymentTexts.thankYou;

/**
 * `/checkout/thank-you?order=CODE` (issue 11): the order code, lines, totals, delivery, and the
 * transfer instructions or the payment confirmation, and once staff have sent it its shipments
 * (issue 28; later a guest follows the order at /status-zamowienia, decision 102). The cart is
 * read again, so the header badge drops the placed order and the next add starts a new one.
 */
export default function CheckoutThankYouPage({ data }: PageProps<ThankYouData>) {
  const { order, isGuest, shipments } = data;
  const { cart } = useStores();
  useEffect(() => {
    void cart.getState().load({ force: true });
  }, [cart, order.code]);
  const transfer = transferDetails(order);
  const shippingLine = order.shippingLines[0];

  return (
    <div className="thank-you">
      <h1>{tx.heading}</h1>
      <p className="thank-you__code">
        {tx.number}: <strong data-order-code>{order.code}</strong>
      </p>
      {order.customer && <p>{tx.emailSent(order.customer.emailAddress)}</p>}
      <ShipmentStatus fulfillments={shipments} code={order.code} headingLevel={2} />

      {transfer ? (
        <section className="thank-you__transfer" aria-labelledby="transfer-heading">
          <h2 id="transfer-heading">{tx.transferHeading}</h2>
          <p>{tx.transferIntro}</p>
          <dl className="transfer-details">
            <div>
              <dt>{tx.recipient}</dt>
              <dd>{transfer.recipient}</dd>
            </div>
            <div>
              <dt>{tx.accountNumber}</dt>
              <dd className="transfer-details__account">{transfer.accountNumber}</dd>
            </div>
            {transfer.bankName && (
              <div>
                <dt>{tx.bankName}</dt>
                <dd>{transfer.bankName}</dd>
              </div>
            )}
            <div>
              <dt>{tx.amount}</dt>
              <dd>{formatPrice(transfer.amount)}</dd>
            </div>
            <div>
              <dt>{tx.transferTitle}</dt>
              <dd>{transfer.title}</dd>
            </div>
          </dl>
        </section>
      ) : (
        <p className="thank-you__ok" role="status">
          {order.state === 'PaymentSettled' || PAID_STATES.has(order.state) ? tx.paid : tx.awaitingPayment}
        </p>
      )}

      <div className="thank-you__columns">
        <section aria-labelledby="lines-heading">
          <h2 id="lines-heading">{tx.lines}</h2>
          <ul className="thank-you__lines">
            {order.lines.map((line) => (
              <li key={line.id}>
                <span>
                  {line.productVariant.name} × {line.quantity}
                </span>
                <span>{formatPrice(line.linePriceWithTax)}</span>
              </li>
            ))}
          </ul>
          <dl className="checkout-summary__totals">
            {order.discounts.map((d) => (
              <div key={`${d.adjustmentSource}:${d.description}`}>
                <dt>{d.description}</dt>
                <dd>−{formatPrice(Math.abs(d.amountWithTax))}</dd>
              </div>
            ))}
            <div>
              <dt>
                {shippingLine ? `${checkoutTexts.summary.shipping}: ${shippingLine.shippingMethod.name}` : checkoutTexts.summary.shipping}
              </dt>
              <dd>{shippingLine?.priceWithTax === 0 ? checkoutTexts.summary.free : formatPrice(shippingLine?.priceWithTax ?? 0)}</dd>
            </div>
            <div className="checkout-summary__total">
              <dt>{checkoutTexts.summary.total}</dt>
              <dd>{formatPrice(order.totalWithTax)}</dd>
            </div>
          </dl>
        </section>
        <section aria-labelledby="delivery-heading">
          <h2 id="delivery-heading">{tx.delivery}</h2>
          <AddressBlock address={order.shippingAddress} />
        </section>
      </div>

      {isGuest && <GuestAccount order={order} />}
      <p className="thank-you__withdrawal">
        <a href={`/odstapienie-od-umowy?order=${encodeURIComponent(order.code)}`}>{WITHDRAWAL_LINK}</a>
      </p>
      <p>
        <a className="button button--ghost" href="/">
          {tx.continue}
        </a>
      </p>
    </div>
  );
}
