import { useEffect, useRef } from 'react';
import { ShopError } from '../../graphql/errors';
import { runPromotionFlags } from '../../stores/promo-flags';
import { browserStorage, useStores } from '../../stores/StoresProvider';
import { t } from '../../texts';

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
    const cart = stores.cart.getState();
    const notify = stores.notifications.getState().notify;
    void runPromotionFlags({
      search: new URLSearchParams(location.search),
      storage: browserStorage(),
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
    });
  }, [stores]);
  return null;
}
