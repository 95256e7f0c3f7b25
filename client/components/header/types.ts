import type { NavItem } from '../../router/types';

/**
 * Props of the header's parts that load from their own chunks: the header imports this file,
 * not the lazy part, so the chunk stays a leaf (no import back into the header).
 */

/** The mobile menu (MobileMenu.tsx), loaded by CategoryNav on first use. */
export interface MobileMenuProps {
  items: NavItem[];
  onClose(): void;
}

/** What the shopper last did in the search bar (SearchBar.tsx), for the overlay (SearchOverlay.tsx). */
export interface SearchAction {
  kind: 'input' | 'submit';
  phrase: string;
  seq: number;
}
