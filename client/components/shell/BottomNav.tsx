import type { ReactNode } from 'react';
import { useRouterState } from '../../router/context';
import { routeById } from '../../routes';
import { useCart, usePanels, useWishlist } from '../../stores/StoresProvider';
import { t } from '../../texts';
import { shellTexts } from '../../texts/shell';
import { AccountNavItem } from '../account/AccountButton';
import { preloadSidebars } from '../cart/Sidebars';
import { activeShellItem } from './active';

const bt = shellTexts.bottomNav;

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      {children}
    </svg>
  );
}

/** A count badge, only above 0 (spec §2); the count itself is in the item's name. */
const Badge = ({ count }: { count: number }) => (count > 0 ? <span className="bottom-nav__badge" aria-hidden="true">{count > 99 ? '99+' : count}</span> : null);

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
  const active = activeShellItem(open, routeById(payload.route)?.layout);
  const current = (on: boolean) => (on ? 'true' : undefined);
  return (
    <nav className="bottom-nav" aria-label={bt.label}>
      <ul className="bottom-nav__list">
        <li>
          <a href="/" className="bottom-nav__item" aria-current={payload.route === 'home' && !open ? 'page' : undefined}>
            <Icon>
              <path d="M4 11l8-7 8 7v9a1 1 0 0 1-1 1h-4v-6H9v6H5a1 1 0 0 1-1-1z" />
            </Icon>
            <span className="bottom-nav__label">{bt.home}</span>
          </a>
        </li>
        <li>
          <button type="button" className="bottom-nav__item" aria-haspopup="dialog" aria-expanded={open === 'menu'} aria-current={current(open === 'menu')} onClick={() => toggle('menu')}>
            <Icon>
              <path d="M4 7h16M4 12h16M4 17h16" />
            </Icon>
            <span className="bottom-nav__label">{bt.menu}</span>
          </button>
        </li>
        <li>
          <button
            type="button"
            className="bottom-nav__item"
            aria-label={t.header.wishlistCount(wishlistCount)}
            aria-haspopup="dialog"
            aria-current={current(active === 'wishlist')}
            onClick={() => toggle('wishlist')}
            onFocus={preloadSidebars}
            onPointerDown={preloadSidebars}
          >
            <Icon>
              <path d="M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2z" />
            </Icon>
            <span className="bottom-nav__label">{bt.wishlist}</span>
            <Badge count={wishlistCount} />
          </button>
        </li>
        <li>
          <AccountNavItem />
        </li>
        <li>
          <button
            type="button"
            className="bottom-nav__item"
            aria-label={t.header.cartCount(cartCount)}
            aria-haspopup="dialog"
            aria-current={current(active === 'cart')}
            onClick={() => toggle('cart')}
            onFocus={preloadSidebars}
            onPointerDown={preloadSidebars}
          >
            <Icon>
              <path d="M5 8h14l-1.2 11.2a1.5 1.5 0 0 1-1.5 1.3H7.7a1.5 1.5 0 0 1-1.5-1.3L5 8z" />
              <path d="M9 10V7a3 3 0 0 1 6 0v3" />
            </Icon>
            <span className="bottom-nav__label">{bt.cart}</span>
            <Badge count={cartCount} />
          </button>
        </li>
      </ul>
    </nav>
  );
}
