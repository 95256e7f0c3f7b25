import { useCart, usePanels, useWishlist } from '../../stores/StoresProvider';
import { t } from '../../texts';
import { preloadSidebars } from '../cart/Sidebars';

/** Spec §2: the active header icon is one of none, account, wishlist, cart (account: not built yet). */
export type ActiveHeaderIcon = 'none' | 'wishlist' | 'cart';

/**
 * Wishlist and cart icons of the header (spec §2), each opening its sidebar.
 * A count badge shows only when the count is above 0; the button's name
 * carries the count. Counts are personal, so the server renders them as 0 and
 * they appear after hydration.
 */
export function HeaderIcons() {
  const open = usePanels((s) => s.open);
  const toggle = usePanels((s) => s.toggle);
  const wishlistCount = useWishlist((s) => s.items.length);
  const cartCount = useCart((s) => s.cart?.totalQuantity ?? 0);
  const active: ActiveHeaderIcon = open === 'cart' ? 'cart' : open === 'wishlist' ? 'wishlist' : 'none';

  return (
    <ul className="header-icons" aria-label={t.header.icons} data-active={active}>
      <li>
        <button
          type="button"
          className={`header-icon ${active === 'wishlist' ? 'header-icon--active' : ''}`}
          aria-label={t.header.wishlistCount(wishlistCount)}
          aria-haspopup="dialog"
          aria-expanded={active === 'wishlist'}
          onClick={() => toggle('wishlist')}
          onPointerEnter={preloadSidebars}
          onFocus={preloadSidebars}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path
              d="M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2z"
              fill={active === 'wishlist' ? 'currentColor' : 'none'}
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
          </svg>
          <span className="header-icon__label">{t.header.wishlist}</span>
          {wishlistCount > 0 && (
            <span className="header-icon__badge" aria-hidden="true">
              {wishlistCount}
            </span>
          )}
        </button>
      </li>
      <li>
        <button
          type="button"
          className={`header-icon ${active === 'cart' ? 'header-icon--active' : ''}`}
          aria-label={t.header.cartCount(cartCount)}
          aria-haspopup="dialog"
          aria-expanded={active === 'cart'}
          onClick={() => toggle('cart')}
          onPointerEnter={preloadSidebars}
          onFocus={preloadSidebars}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path
              d="M5 8h14l-1.2 11.2a1.5 1.5 0 0 1-1.5 1.3H7.7a1.5 1.5 0 0 1-1.5-1.3L5 8z"
              fill={active === 'cart' ? 'currentColor' : 'none'}
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
            <path d="M9 10V7a3 3 0 0 1 6 0v3" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
          <span className="header-icon__label">{t.header.cart}</span>
          {cartCount > 0 && (
            <span className="header-icon__badge" aria-hidden="true">
              {cartCount > 99 ? '99+' : cartCount}
            </span>
          )}
        </button>
      </li>
    </ul>
  );
}
