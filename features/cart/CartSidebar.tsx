import { cartPanelTexts } from './cart-panel.texts';
import { Panel } from '../../client/components/ui/Panel';
import { CartLines } from './CartLines';
import { CartSummary } from './CartSummary';
import { useCartSidebar } from './use-cart-sidebar';

const tx = cartPanelTexts;

/**
 * The cart sidebar (spec §2–§4, §9). Mounted once, the first time the cart is
 * opened, and kept mounted so the suggested add-ons load only once; it renders
 * the panel only while the cart is the open panel. The cart itself was loaded
 * after hydration (StoresProvider) and is reused; a failed load is shown with
 * a retry, never as a blank panel.
 */
export default function CartSidebar() {
  const view = useCartSidebar();
  const { cart, status, close } = view;
  if (!view.isOpen) return null;
  const filled = cart && cart.lines.length > 0 ? cart : null;

  return (
    <Panel
      title={tx.title}
      closeLabel={tx.close}
      onClose={close}
      footer={filled ? <CartSummary cart={filled} onCheckout={view.onFollow} /> : undefined}
      className="cart-panel"
    >
      {/* Notes that a link was followed (Enter on a link fires click too); the click itself goes on to the router. */}
      <div
        ref={view.bodyRef}
        className="cart-panel__content"
        onClickCapture={(e) => {
          if (e.target instanceof Element && e.target.closest('a[href]')) view.onFollow();
        }}
      >
        {status === 'error' && (
          <div className="cart-panel__error" role="alert">
            <p>
              {tx.loadFailed} {view.loadError}
            </p>
            <button type="button" className="button button--small" onClick={() => void view.load({ force: true })}>
              {tx.retry}
            </button>
          </div>
        )}
        {!cart && (status === 'idle' || status === 'loading') && (
          <p className="cart-panel__status" role="status">
            {tx.loading}
          </p>
        )}
        {status !== 'error' && (cart !== null || status === 'ready') && !filled && (
          <div className="cart-panel__empty">
            <p>{tx.empty}</p>
            <p className="cart-panel__hint">{tx.emptyHint}</p>
            <button type="button" className="button" onClick={close}>
              {tx.backToShopping}
            </button>
          </div>
        )}
        {filled && <CartLines cart={filled} view={view} />}
      </div>
    </Panel>
  );
}
