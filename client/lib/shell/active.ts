import type { LayoutName } from '../../router/route-facts';
import type { PanelName } from '../../stores/panels.store';

/** Spec §2: the active header icon (and bottom-nav item) is one of none, account, wishlist, cart. */
type ActiveShellItem = 'none' | 'account' | 'wishlist' | 'cart';

/** The open panel decides; without one, the account pages mark the account item. */
export function activeShellItem(open: PanelName | null, layout: LayoutName | undefined): ActiveShellItem {
  if (open === 'cart' || open === 'wishlist') return open;
  if (open === 'login' || (open === null && layout === 'account')) return 'account';
  return 'none';
}

/** The page title a phone shows in the header: without the shop's name, cut to 30 characters with an ellipsis. */
export function mobileTitle(title: string, max = 30): string {
  const bare = title.replace(/\s+[–|-]\s+Psiaki$/, '').trim();
  return bare.length > max ? `${bare.slice(0, max - 1).trimEnd()}…` : bare;
}
