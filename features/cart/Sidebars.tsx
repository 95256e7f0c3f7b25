import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { useNotifications, usePanels } from '../../client/stores/StoresProvider';
import { t } from '../../client/texts';

/**
 * Sidebar code is downloaded on demand (hover or focus of a header icon, or
 * the first open), so it costs nothing on pages where nobody opens the cart.
 * If the chunk cannot be loaded (offline, or replaced by a deploy), the panel
 * closes with a message instead of breaking the page.
 */
function loadable(load: () => Promise<{ default: ComponentType }>) {
  let pending: Promise<{ default: ComponentType }> | null = null;
  const preload = () => {
    pending ??= load().catch((error) => {
      console.error('Sidebar code could not be loaded', error);
      pending = null;
      return { default: SidebarUnavailable };
    });
    return pending;
  };
  return { preload, Component: lazy(preload) };
}

const cartSidebar = loadable(() => import('./CartSidebar'));
const wishlistSidebar = loadable(() => import('../wishlist/WishlistSidebar'));

/** Starts downloading the sidebars (called on intent: pointer over / focus on a header icon). */
export function preloadSidebars(): void {
  void cartSidebar.preload();
  void wishlistSidebar.preload();
}

/**
 * The cart and wishlist sidebars, mounted once next to the notifications.
 * Each is mounted the first time its panel opens and then stays mounted
 * (rendering nothing while closed), so what it loaded is kept.
 */
export function Sidebars() {
  const open = usePanels((s) => s.open);
  const [seen, setSeen] = useState({ cart: false, wishlist: false });
  if ((open === 'cart' || open === 'wishlist') && !seen[open]) setSeen({ ...seen, [open]: true });
  return (
    <Suspense fallback={null}>
      {seen.cart && <cartSidebar.Component />}
      {seen.wishlist && <wishlistSidebar.Component />}
    </Suspense>
  );
}

function SidebarUnavailable() {
  const open = usePanels((s) => s.open);
  const close = usePanels((s) => s.close);
  const notify = useNotifications((s) => s.notify);
  useEffect(() => {
    if (open !== 'cart' && open !== 'wishlist') return;
    close();
    notify({ message: t.cartPanel.unavailable, kind: 'error' });
  }, [open, close, notify]);
  return null;
}
