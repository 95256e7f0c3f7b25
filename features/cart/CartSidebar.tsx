import { useEffect, useRef, useState } from 'react';
import { formatPrice } from '../../client/lib/price';
import { shopRequest } from '../../client/lib/shop-api';
import { useRouterState } from '../../client/router/context';
import { useCart, useNotifications, usePanels } from '../../client/stores/StoresProvider';
import { cartPanelTexts } from './cart-panel.texts';
import { cartClearTexts } from './cart-clear.texts';
import { Panel } from '../../client/components/ui/Panel';
import { type Addon, getCartAddons, toAddons } from './addons';
import { CartAddons } from './CartAddons';
import { CartLineItem } from './CartLineItem';
import { ClearCart } from './ClearCart';
import { FreeDeliveryBar } from './FreeDeliveryBar';
import { PromoCode } from './PromoCode';

const tx = cartPanelTexts;

/**
 * The cart sidebar (spec §2–§4, §9). Mounted once, the first time the cart is
 * opened, and kept mounted so the suggested add-ons load only once; it renders
 * the panel only while the cart is the open panel. The cart itself was loaded
 * after hydration (StoresProvider) and is reused; a failed load is shown with
 * a retry, never as a blank panel.
 */
export default function CartSidebar() {
  const isOpen = usePanels((s) => s.open === 'cart');
  const close = usePanels((s) => s.close);
  const cart = useCart((s) => s.cart);
  const status = useCart((s) => s.status);
  const loadError = useCart((s) => s.error);
  const pendingLines = useCart((s) => s.pendingLines);
  const load = useCart((s) => s.load);
  const add = useCart((s) => s.add);
  const setQuantity = useCart((s) => s.setQuantity);
  const remove = useCart((s) => s.remove);
  const removeAll = useCart((s) => s.removeAll);
  const applyCoupon = useCart((s) => s.applyCoupon);
  const removeCoupon = useCart((s) => s.removeCoupon);
  const notifyStore = useNotifications((s) => s.notify);
  const { payload, navigationId } = useRouterState();
  const { assetUrl, cartAddonSlugs } = payload.config;
  const slugKey = (cartAddonSlugs ?? []).join(',');
  const [addons, setAddons] = useState<Addon[]>([]);
  const addonsRequested = useRef(false);
  const followedLink = useRef(false);
  const bodyRef = useRef<HTMLDivElement>(null);

  // Add-ons are fetched when the cart is first opened, then kept.
  useEffect(() => {
    if (!isOpen || addonsRequested.current || !slugKey) return;
    addonsRequested.current = true;
    const slugs = slugKey.split(',');
    shopRequest(getCartAddons, { slugs })
      .then((result) => setAddons(toAddons(result.products.items, slugs)))
      .catch((error) => {
        console.warn('Cart add-ons could not be loaded', error);
        addonsRequested.current = false;
      });
  }, [isOpen, slugKey]);

  // A product or checkout link followed from the cart closes it once the new page shows.
  // Only a navigation closes the cart here (close is a stable store action).
  useEffect(() => {
    if (followedLink.current) {
      followedLink.current = false;
      close();
    }
  }, [navigationId, close]);

  if (!isOpen) return null;

  const notify = (message: string, kind: 'success' | 'error') => notifyStore({ message, kind });
  const lines = cart?.lines ?? [];
  const onRemove = (lineId: string) => {
    remove(lineId)
      .then(() => bodyRef.current?.closest<HTMLElement>('[role="dialog"]')?.focus())
      .catch(() => {});
  };
  // After clearing, the lines (and the focused button) are gone: the dialog takes focus, the notification says what happened.
  const onClear = () =>
    removeAll().then(() => {
      notify(cartClearTexts.done, 'success');
      bodyRef.current?.closest<HTMLElement>('[role="dialog"]')?.focus();
    });
  const inCart = new Set(lines.map((l) => l.productVariant.product.id));
  const productsValue = lines.reduce((sum, l) => sum + l.linePriceWithTax, 0);

  const footer =
    cart && lines.length > 0 ? (
      <div className="cart-summary">
        <dl className="cart-summary__list">
          <div>
            <dt>{tx.productsValue}</dt>
            <dd>{formatPrice(productsValue)}</dd>
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
        <a className="button cart-summary__checkout" href="/checkout" onClick={() => (followedLink.current = true)}>
          {tx.checkout}
        </a>
      </div>
    ) : undefined;

  return (
    <Panel title={tx.title} closeLabel={tx.close} onClose={close} footer={footer} className="cart-panel">
      {/* Notes that a link was followed (Enter on a link fires click too); the click itself goes on to the router. */}
      <div
        ref={bodyRef}
        className="cart-panel__content"
        onClickCapture={(e) => {
          if (e.target instanceof Element && e.target.closest('a[href]')) followedLink.current = true;
        }}
      >
        {status === 'error' && (
          <div className="cart-panel__error" role="alert">
            <p>
              {tx.loadFailed} {loadError}
            </p>
            <button type="button" className="button button--small" onClick={() => void load({ force: true })}>
              {tx.retry}
            </button>
          </div>
        )}
        {!cart && (status === 'idle' || status === 'loading') && (
          <p className="cart-panel__status" role="status">
            {tx.loading}
          </p>
        )}
        {status !== 'error' && (cart !== null || status === 'ready') && lines.length === 0 && (
          <div className="cart-panel__empty">
            <p>{tx.empty}</p>
            <p className="cart-panel__hint">{tx.emptyHint}</p>
            <button type="button" className="button" onClick={close}>
              {tx.backToShopping}
            </button>
          </div>
        )}
        {cart && lines.length > 0 && (
          <>
            <FreeDeliveryBar subtotal={cart.subTotalWithTax} />
            <ul className="cart-lines" aria-label={tx.lines}>
              {lines.map((line) => (
                <CartLineItem
                  key={line.id}
                  line={line}
                  assetUrl={assetUrl}
                  pending={pendingLines.includes(line.id)}
                  onQuantity={(id, q) => void setQuantity(id, q)}
                  onRemove={onRemove}
                />
              ))}
            </ul>
            <ClearCart onClear={onClear} />
            <PromoCode couponCodes={cart.couponCodes} onApply={applyCoupon} onRemove={removeCoupon} />
            <CartAddons
              addons={addons.filter((a) => !inCart.has(a.productId))}
              assetUrl={assetUrl}
              onAdd={(variantId) => add(variantId, 1)}
              notify={notify}
            />
          </>
        )}
      </div>
    </Panel>
  );
}
