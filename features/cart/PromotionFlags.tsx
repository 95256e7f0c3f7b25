import { useEffect, useRef } from 'react';
import { ShopError } from '../../client/graphql/errors';
import { hasPromotionWork } from '../../client/stores/promo-flags-trigger';
import { browserStorage, useStores } from '../../client/stores/StoresProvider';
import { t } from '../../client/texts';

/**
 * Runs the URL promotion flags (spec §4: `?blackweek`, `?secondchance`) once,
 * after hydration, with the real clock, local storage and the cart store.
 * Renders nothing.
 */
export function PromotionFlags() {
  const stores = useStores();
  const ran = useRef(false);
  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    const search = new URLSearchParams(location.search);
    const storage = browserStorage();
    // The flags' code loads only on the page loads that have work for it (issue 13: room in the entry chunk).
    if (!hasPromotionWork(search, storage)) return;
    const cart = stores.cart.getState();
    const notify = stores.notifications.getState().notify;
    void import('../../client/stores/promo-flags.store').then(({ runPromotionFlags }) =>
      runPromotionFlags({
        search,
        storage,
        now: Date.now,
        applyCoupon: (code) => cart.applyCoupon(code),
        // Only when the cart holds the code: no needless call (and no new session) on every page for a week.
        async removeCoupon(code) {
          await stores.cart.getState().load();
          if (stores.cart.getState().cart?.couponCodes.includes(code)) await cart.removeCoupon(code);
        },
        notify: (message, time) => notify({ message, kind: 'info', time }),
        report(error) {
          console.warn('Promotion flag could not be applied', error);
          notify({ message: error instanceof ShopError ? t.cart.errorCode(error.errorCode) : t.cart.errorCode(''), kind: 'error' });
        },
      }),
    );
  }, [stores]);
  return null;
}
