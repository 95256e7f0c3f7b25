import { type ShippingChoice, summaryShipping } from './summary';
import { IMAGE, imageUrl } from '../../client/lib/image';
import { formatPrice } from '../../client/lib/price';
import { useRouterState } from '../../client/router/context';
import { checkoutTexts } from './checkout.texts';
import type { CheckoutOrder } from './types';
import { LineFeatures } from '../cart/LineFeatures';

const tx = checkoutTexts.summary;

/**
 * The order beside the form (issue 11): lines, discounts, shipping and the total the backend charges.
 * On the shipping step, `shipping` is the step's unsaved choice, so the shipping line, where the
 * parcel goes and the total follow it as the shopper chooses (issue 29).
 */
export function OrderSummary({ order, shipping: choice }: { order: CheckoutOrder; shipping?: ShippingChoice | null }) {
  const { assetUrl } = useRouterState().payload.config;
  const shipping = summaryShipping(order, choice);
  const productsValue = order.lines.reduce((sum, l) => sum + l.linePriceWithTax, 0);
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="checkout-summary__title">
        {tx.title}
      </h2>
      <ul className="checkout-summary__lines">
        {order.lines.map((line) => (
          <li key={line.id} className="checkout-summary__line">
            {line.featuredAsset?.preview && (
              <img
                src={imageUrl(line.featuredAsset.preview, IMAGE.cart, assetUrl)}
                alt=""
                width={56}
                height={56}
                loading="lazy"
                decoding="async"
              />
            )}
            <div className="checkout-summary__name">
              {line.productVariant.name}
              <span className="checkout-summary__qty">{tx.quantity(line.quantity)}</span>
              <LineFeatures line={line} />
            </div>
            <span className="checkout-summary__price">{formatPrice(line.linePriceWithTax)}</span>
          </li>
        ))}
      </ul>
      <dl className="checkout-summary__totals">
        <div>
          <dt>{tx.products}</dt>
          <dd>{formatPrice(productsValue)}</dd>
        </div>
        {order.discounts.map((d) => (
          <div key={`${d.adjustmentSource}:${d.description}`} className="checkout-summary__discount">
            <dt>{d.description}</dt>
            <dd>−{formatPrice(Math.abs(d.amountWithTax))}</dd>
          </div>
        ))}
        <div className="checkout-summary__shipping">
          <dt>{shipping.name ? `${tx.shipping}: ${shipping.name}` : tx.shipping}</dt>
          {shipping.price !== null ? (
            <dd className={shipping.price === 0 ? 'is-free' : undefined}>{shipping.price === 0 ? tx.free : formatPrice(shipping.price)}</dd>
          ) : (
            <dd className="is-note">{tx.shippingLater}</dd>
          )}
        </div>
        {shipping.shipTo && (
          <div className="checkout-summary__ship-to">
            <dt>{tx.shipTo}</dt>
            <dd>{shipping.shipTo}</dd>
          </div>
        )}
        <div className="checkout-summary__total">
          <dt>{tx.total}</dt>
          <dd>{formatPrice(shipping.total)}</dd>
        </div>
      </dl>
    </aside>
  );
}
