import { IMAGE, imageUrl } from '../../lib/image';
import { formatPrice } from '../../lib/price';
import { useRouterState } from '../../router/context';
import { checkoutTexts } from '../../texts/checkout';
import type { CheckoutOrder } from './types';
import { LineFeatures } from '../cart/LineFeatures';

const tx = checkoutTexts.summary;

/** The order beside the form (issue 11): lines, discounts, shipping and the total the backend charges. */
export function OrderSummary({ order }: { order: CheckoutOrder }) {
  const { assetUrl } = useRouterState().payload.config;
  const shippingLine = order.shippingLines[0];
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
        <div>
          <dt>{shippingLine ? `${tx.shipping}: ${shippingLine.shippingMethod.name}` : tx.shipping}</dt>
          {shippingLine ? (
            <dd className={shippingLine.priceWithTax === 0 ? 'is-free' : undefined}>
              {shippingLine.priceWithTax === 0 ? tx.free : formatPrice(shippingLine.priceWithTax)}
            </dd>
          ) : (
            <dd className="is-note">{tx.shippingLater}</dd>
          )}
        </div>
        <div className="checkout-summary__total">
          <dt>{tx.total}</dt>
          <dd>{formatPrice(order.totalWithTax)}</dd>
        </div>
      </dl>
    </aside>
  );
}
