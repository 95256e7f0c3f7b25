import { useEffect, useRef, useState } from 'react';
import { shopRequest } from '../../client/lib/shop-api';
import { useRouterState } from '../../client/router/context';
import { useCart, useNotifications, usePanels } from '../../client/stores/StoresProvider';
import { cartClearTexts } from './cart-clear.texts';
import { type Addon, getCartAddons, toAddons } from './addons';

/** What the cart sidebar shows and does. */
export type CartSidebarView = ReturnType<typeof useCartSidebar>;

/**
 * The cart sidebar's state: the cart store, the suggested add-ons (fetched when the cart is first
 * opened, then kept), and closing the cart once a link followed from it has shown its page.
 */
export function useCartSidebar() {
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
      .then((result) => setAddons(toAddons(result.catalogueCards, slugs)))
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

  const notify = (message: string, kind: 'success' | 'error') => notifyStore({ message, kind });
  const focusDialog = () => bodyRef.current?.closest<HTMLElement>('[role="dialog"]')?.focus();
  const onRemove = (lineId: string) => {
    remove(lineId)
      .then(focusDialog)
      .catch(() => {});
  };
  // After clearing, the lines (and the focused button) are gone: the dialog takes focus, the notification says what happened.
  const onClear = () =>
    removeAll().then(() => {
      notify(cartClearTexts.done, 'success');
      focusDialog();
    });
  /** Notes that a link was followed (Enter on a link fires click too); the click itself goes on to the router. */
  const onFollow = () => {
    followedLink.current = true;
  };

  return {
    isOpen,
    close,
    cart,
    status,
    loadError,
    pendingLines,
    load,
    add,
    setQuantity,
    applyCoupon,
    removeCoupon,
    assetUrl,
    addons,
    bodyRef,
    notify,
    onRemove,
    onClear,
    onFollow,
  };
}
