import type { Cart } from '../../client/stores/cart.store';
import { cartPanelTexts as tx } from './cart-panel.texts';
import { CartAddons } from './CartAddons';
import { CartLineItem } from './CartLineItem';
import { ClearCart } from './ClearCart';
import { FreeDeliveryBar } from './FreeDeliveryBar';
import { PromoCode } from './PromoCode';
import type { CartSidebarView } from './use-cart-sidebar';

/** A cart with lines: the free-delivery bar, the lines, clearing, the promo code and the add-ons not yet in the cart. */
export function CartLines({ cart, view }: { cart: Cart; view: CartSidebarView }) {
  const { assetUrl } = view;
  const inCart = new Set(cart.lines.map((l) => l.catalogue.product.id));
  return (
    <>
      <FreeDeliveryBar subtotal={cart.subTotalWithTax} />
      <ul className="cart-lines" aria-label={tx.lines}>
        {cart.lines.map((line) => (
          <CartLineItem
            key={line.id}
            line={line}
            assetUrl={assetUrl}
            pending={view.pendingLines.includes(line.id)}
            onQuantity={(id, q) => void view.setQuantity(id, q)}
            onRemove={view.onRemove}
          />
        ))}
      </ul>
      <ClearCart onClear={view.onClear} />
      <PromoCode couponCodes={cart.couponCodes} onApply={view.applyCoupon} onRemove={view.removeCoupon} />
      <CartAddons
        addons={view.addons.filter((a) => !inCart.has(a.productId))}
        assetUrl={assetUrl}
        onAdd={(variantId) => view.add(variantId, 1)}
        notify={view.notify}
      />
    </>
  );
}
