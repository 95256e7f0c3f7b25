import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { type StoreApi, useStore } from 'zustand';
import { shopRequest } from '../lib/shop-api';
import { type CartState, createCartStore, createRequestQueue } from './cart.store';
import { memoryStorage } from './memory-storage';
import { createNotificationsStore, type NotificationsState } from './notifications.store';
import { createPanelsStore, type PanelsState } from './panels.store';
import { createSessionStore, type SessionState } from './session.store';
import { createWishlistStore, WISHLIST_KEY, type WishlistState } from './wishlist.store';

export interface Stores {
  cart: StoreApi<CartState>;
  wishlist: StoreApi<WishlistState>;
  panels: StoreApi<PanelsState>;
  notifications: StoreApi<NotificationsState>;
  session: StoreApi<SessionState>;
}

/** The browser's local storage, or one in memory where it throws (private mode, storage disabled). */
export function browserStorage(): Storage {
  try {
    const s = window.localStorage;
    s.getItem(WISHLIST_KEY);
    return s;
  } catch {
    return memoryStorage();
  }
}

/**
 * Stores are created per app instance: per request on the server (where they
 * stay empty, so cached HTML never holds anyone's cart), once per page load
 * in the browser. Personal state loads after hydration.
 */
function createStores(storage: Storage = memoryStorage()): Stores {
  const notifications = createNotificationsStore();
  const notify = (message: string, kind: 'error' | 'success' | 'info') => notifications.getState().notify({ message, kind });
  // One queue for cart and session: the first visit's two requests must not open two backend sessions.
  const serial = createRequestQueue();
  const cart = createCartStore({ request: shopRequest, notify, serial });
  return {
    notifications,
    panels: createPanelsStore(),
    wishlist: createWishlistStore(storage),
    cart,
    session: createSessionStore({
      request: shopRequest,
      serial,
      cart: { reload: () => cart.getState().load({ force: true }), clear: () => cart.getState().clear() },
    }),
  };
}

const StoresContext = createContext<Stores | null>(null);

export function StoresProvider({ children }: { children: ReactNode }) {
  const [stores] = useState(() => createStores());
  useEffect(() => {
    // After hydration: the wishlist from local storage (kept in sync across tabs) and the cart from the backend.
    stores.wishlist.getState().attach(browserStorage());
    const onStorage = (event: StorageEvent) => {
      if (event.key === WISHLIST_KEY || event.key === null) stores.wishlist.getState().reload();
    };
    window.addEventListener('storage', onStorage);
    // The cart's and the session's requests start in a task of their own: the page's effects run
    // in one task after its hydration, and starting the first request (building it, `fetch`) was
    // a good part of that task on a slowed phone (docs/performance.md, "A phone's main thread").
    const start = setTimeout(() => {
      void stores.cart.getState().load();
      void stores.session.getState().load();
    });
    return () => {
      clearTimeout(start);
      window.removeEventListener('storage', onStorage);
    };
  }, [stores]);
  return <StoresContext.Provider value={stores}>{children}</StoresContext.Provider>;
}

/** The store APIs themselves, for effects that must read the latest state after awaiting (not for rendering). */
export function useStores(): Stores {
  const stores = useContext(StoresContext);
  if (!stores) throw new Error('StoresProvider missing');
  return stores;
}

export const useCart = <T,>(selector: (s: CartState) => T) => useStore(useStores().cart, selector);
export const useWishlist = <T,>(selector: (s: WishlistState) => T) => useStore(useStores().wishlist, selector);
export const usePanels = <T,>(selector: (s: PanelsState) => T) => useStore(useStores().panels, selector);
export const useSession = <T,>(selector: (s: SessionState) => T) => useStore(useStores().session, selector);
export const useNotifications = <T,>(selector: (s: NotificationsState) => T) => useStore(useStores().notifications, selector);
