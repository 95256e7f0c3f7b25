import type { ReactNode } from 'react';
import { useRouterState } from '../../router/context';
import type { PanelName } from '../../stores/panels.store';
import { useCart, usePanels, useWishlist } from '../../stores/StoresProvider';
import { t } from '../../texts';
import { shellTexts } from '../../texts/shell';
import { AccountNavItem } from '../../../features/account/AccountButton';
import { preloadSidebars } from '../../../features/cart/Sidebars';
import { preloadMobileMenu } from '../header/CategoryNav';
import { activeShellItem } from '../../lib/shell/active';

const bt = shellTexts.bottomNav;
const ICONS = {
  home: 'M4 11l8-7 8 7v9a1 1 0 0 1-1 1h-4v-6H9v6H5a1 1 0 0 1-1-1z',
  menu: 'M4 7h16M4 12h16M4 17h16',
  wishlist: 'M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2z',
  cart: 'M5 8h14l-1.2 11.2a1.5 1.5 0 0 1-1.5 1.3H7.7a1.5 1.5 0 0 1-1.5-1.3L5 8zM9 10V7a3 3 0 0 1 6 0v3',
};

function Content({ icon, label, count = 0 }: { icon: keyof typeof ICONS; label: string; count?: number }) {
  return (
    <>
      <svg
        viewBox="0 0 24 24"
        width="24"
        height="24"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={ICONS[icon]} />
      </svg>
      <span className="bottom-nav__label">{label}</span>
      {/* A count badge only above 0 (spec §2); the count itself is in the item's name. */}
      {/* The space keeps the visible text "Koszyk 3" a part of the name "Koszyk: 3 sztuki" (axe label-content-name-mismatch). */}
      {count > 0 && ' '}
      {count > 0 && (
        <span className="bottom-nav__badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </>
  );
}

/**
 * Spec §2 mobile bottom navigation (below 1024 px): home, menu, wishlist,
 * account, basket, with the header's badges; the current item is marked with
 * aria-current. The account item belongs to the accounts issue (AccountNavItem).
 */
export function BottomNav() {
  const open = usePanels((s) => s.open);
  const toggle = usePanels((s) => s.toggle);
  const { payload } = useRouterState();
  const wishlistCount = useWishlist((s) => s.items.length);
  const cartCount = useCart((s) => s.cart?.totalQuantity ?? 0);
  const active = activeShellItem(open, payload.layout);
  const panelItem = (panel: PanelName, on: boolean, name: string | undefined, content: ReactNode, preload: () => unknown) => (
    <button
      type="button"
      className="bottom-nav__item"
      aria-label={name}
      aria-haspopup="dialog"
      aria-current={on ? 'true' : undefined}
      onClick={() => toggle(panel)}
      onFocus={preload}
      onPointerDown={preload}
    >
      {content}
    </button>
  );
  return (
    <nav className="bottom-nav" aria-label={bt.label}>
      <ul className="bottom-nav__list">
        <li>
          <a href="/" className="bottom-nav__item" aria-current={payload.route === 'home' && !open ? 'page' : undefined}>
            <Content icon="home" label={bt.home} />
          </a>
        </li>
        <li>{panelItem('menu', open === 'menu', undefined, <Content icon="menu" label={bt.menu} />, preloadMobileMenu)}</li>
        <li>
          {panelItem(
            'wishlist',
            active === 'wishlist',
            t.header.wishlistCount(wishlistCount),
            <Content icon="wishlist" label={bt.wishlist} count={wishlistCount} />,
            preloadSidebars,
          )}
        </li>
        <li>
          <AccountNavItem />
        </li>
        <li>
          {panelItem(
            'cart',
            active === 'cart',
            t.header.cartCount(cartCount),
            <Content icon="cart" label={bt.cart} count={cartCount} />,
            preloadSidebars,
          )}
        </li>
      </ul>
    </nav>
  );
}
