import type { ReactNode } from 'react';
import { useCart, usePanels, useWishlist } from '../../stores/StoresProvider';
import { t } from '../../texts';
import { AccountButton } from '../../../features/account/AccountButton';
import { preloadSidebars } from '../../../features/cart/Sidebars';
import { activeShellItem } from '../../lib/shell/active';
import { useRouterState } from '../../router/context';

/**
 * Wishlist and cart icons of the header (spec §2), each opening its sidebar.
 * A count badge shows only when the count is above 0; the button's name
 * carries the count. Counts are personal, so the server renders them as 0 and
 * they appear after hydration.
 */
export function HeaderIcons() {
  const open = usePanels((s) => s.open);
  const wishlistCount = useWishlist((s) => s.items.length);
  const cartCount = useCart((s) => s.cart?.totalQuantity ?? 0);
  const layout = useRouterState().payload.layout;
  const active = activeShellItem(open, layout);

  return (
    <ul className="header-icons" aria-label={t.header.icons} data-active={active}>
      <li>
        <AccountButton />
      </li>
      <li>
        <HeaderIconButton
          panel="wishlist"
          active={active === 'wishlist'}
          label={t.header.wishlist}
          name={t.header.wishlistCount(wishlistCount)}
          count={wishlistCount}
          badge={String(wishlistCount)}
        >
          {(filled) => (
            <path
              d="M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2z"
              fill={filled}
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
          )}
        </HeaderIconButton>
      </li>
      <li>
        <HeaderIconButton
          panel="cart"
          active={active === 'cart'}
          label={t.header.cart}
          name={t.header.cartCount(cartCount)}
          count={cartCount}
          badge={cartCount > 99 ? '99+' : String(cartCount)}
        >
          {(filled) => (
            <>
              <path
                d="M5 8h14l-1.2 11.2a1.5 1.5 0 0 1-1.5 1.3H7.7a1.5 1.5 0 0 1-1.5-1.3L5 8z"
                fill={filled}
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
              />
              <path d="M9 10V7a3 3 0 0 1 6 0v3" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </>
          )}
        </HeaderIconButton>
      </li>
    </ul>
  );
}

/** One header icon: toggles its panel, preloads the sidebar code on intent, badge only above 0. */
function HeaderIconButton({
  panel,
  active,
  label,
  name,
  count,
  badge,
  children,
}: {
  panel: 'wishlist' | 'cart';
  active: boolean;
  label: string;
  /** Accessible name, with the count. */
  name: string;
  count: number;
  badge: string;
  /** The icon's SVG shapes, given the fill for the active state. */
  children: (fill: string) => ReactNode;
}) {
  const toggle = usePanels((s) => s.toggle);
  return (
    <button
      type="button"
      className={`header-icon ${active ? 'header-icon--active' : ''}`}
      aria-label={name}
      aria-haspopup="dialog"
      aria-expanded={active}
      onClick={() => toggle(panel)}
      onPointerEnter={preloadSidebars}
      onFocus={preloadSidebars}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        {children(active ? 'currentColor' : 'none')}
      </svg>
      <span className="header-icon__label">{label}</span>
      {/* As in the bottom nav: the space keeps the visible "Koszyk 3" a part of the name "Koszyk: 3 sztuki" (WCAG 2.5.3). */}
      {count > 0 && ' '}
      {count > 0 && (
        <span className="header-icon__badge" aria-hidden="true">
          {badge}
        </span>
      )}
    </button>
  );
}
