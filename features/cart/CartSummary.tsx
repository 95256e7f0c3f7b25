import { formatPrice } from '../../client/lib/price';
import type { Cart } from '../../client/stores/cart.store';
import { cartPanelTexts as tx } from './cart-panel.texts';

/** The cart sidebar's footer: the products' value, the discounts, the subtotal and the link to the checkout. */
export function CartSummary({ cart, onCheckout }: { cart: Cart; onCheckout(): void }) {
  return (
    <div className="cart-summary">
      <dl className="cart-summary__list">
        <div>
          <dt>{tx.productsValue}</dt>
          <dd>{formatPrice(cart.lines.reduce((sum, l) => sum + l.linePriceWithTax, 0))}</dd>
        </div>
        {cart.discounts.map((d) => (
          <div key={`${d.adjustmentSource}:${d.description}`} className="cart-summary__discount">
            <dt>{d.description}</dt>
            <dd>−{formatPrice(Math.abs(d.amountWithTax))}</dd>
          </div>
        ))}
        <div className="cart-summary__total">
          <dt>{tx.subtotal}</dt>
          <dd>{formatPrice(cart.subTotalWithTax)}</dd>
        </div>
      </dl>
      {/* The footer sits outside the content's click capture: following this link closes the cart too. */}
      <a className="button cart-summary__checkout" href="/checkout" onClick={onCheckout}>
        {tx.checkout}
      </a>
    </div>
  );
}
