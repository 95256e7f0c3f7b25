import { type ComponentType, type FocusEvent, type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useRouterState } from '../../router/context';
import type { NavItem } from '../../router/types';
import type { MobileMenuProps } from './types';
import { usePanels } from '../../stores/StoresProvider';
import { t } from '../../texts';
import { HydrationSlice } from '../ui/HydrationSlice';

/** The collections page, listed after the categories. */
const COLLECTIONS_LINK = { name: t.collections.title, link: '/kolekcje' };
/** Pointer users crossing the gap between a category and its menu do not close it. */
const HOVER_CLOSE_DELAY_MS = 150;

/**
 * The mobile accordion (and the shared Panel with its focus trap) loads on intent or on the
 * first open (issue 13: it was in every page's first load, desktop included).
 */
let pendingMenu: Promise<{ default: ComponentType<MobileMenuProps> }> | null = null;
export function preloadMobileMenu() {
  pendingMenu ??= import('./MobileMenu').catch((error) => {
    console.error('Mobile menu code could not be loaded', error);
    pendingMenu = null;
    return { default: MenuUnavailable };
  });
  return pendingMenu;
}
const MobileMenu = lazy(preloadMobileMenu);

/** Offline or replaced by a deploy: the menu closes instead of staying open with nothing in it. */
function MenuUnavailable({ onClose }: MobileMenuProps) {
  useEffect(() => onClose(), [onClose]);
  return null;
}

function Chevron() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * One top category of the desktop bar with its mega menu: opens on hover and
 * when focus enters it, closes when the pointer or focus leaves and on Escape;
 * the chevron button toggles it for touch and keyboard users (aria-expanded).
 */
function MegaItem({ item }: { item: NavItem }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Set while Escape hands focus back to the chevron, so that focus does not reopen the menu. */
  const returningFocus = useRef(false);
  const { navigationId } = useRouterState();
  useEffect(() => {
    if (navigationId > 0) setOpen(false);
  }, [navigationId]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const show = () => {
    clearTimeout(closeTimer.current);
    setOpen(true);
  };
  const hideSoon = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpen(false), HOVER_CLOSE_DELAY_MS);
  };
  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      // Focus inside the closing panel would be lost; it goes back to the chevron.
      if (event.target instanceof Node && buttonRef.current?.parentElement?.querySelector('.mega__panel')?.contains(event.target)) {
        returningFocus.current = true;
        buttonRef.current.focus();
        returningFocus.current = false;
      }
    }
  };

  return (
    <li
      className={`mega ${open ? 'mega--open' : ''}`}
      onMouseEnter={show}
      onMouseLeave={hideSoon}
      onFocus={() => !returningFocus.current && show()}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      <a href={item.link} className="mega__link">
        {item.name}
      </a>
      {item.items.length > 0 && (
        <>
          <button
            ref={buttonRef}
            type="button"
            className="mega__toggle"
            aria-expanded={open}
            aria-controls={panelId}
            aria-label={t.categoryNav.submenu(item.name)}
            onClick={() => setOpen((o) => !o)}
          >
            <Chevron />
          </button>
          <div id={panelId} className="mega__panel" hidden={!open}>
            <ul className="mega__columns">
              {item.items.map((child) => (
                <li key={child.link} className="mega__column">
                  <a href={child.link} className="mega__heading">
                    {child.name}
                  </a>
                  {child.items.length > 0 && (
                    <ul>
                      {child.items.map((grandchild) => (
                        <li key={grandchild.link}>
                          <a href={grandchild.link}>{grandchild.name}</a>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
            <a href={item.link} className="mega__all">
              {t.categoryNav.showAllIn(item.name)}
            </a>
          </div>
        </>
      )}
    </li>
  );
}

/**
 * Header category navigation (spec §2): on a desktop, the top categories with
 * mega menus of their subcategories; on a phone, a menu button opening an
 * accordion (panel 'menu', closed on route change by the app). The tree comes
 * from the backend, embedded in every page payload (worker/pages/nav.ts).
 */
export function CategoryNav() {
  const nav = useRouterState().payload.nav ?? [];
  const menuOpen = usePanels((s) => s.open === 'menu');
  const openPanel = usePanels((s) => s.openPanel);
  const close = usePanels((s) => s.close);
  return (
    <>
      <button
        type="button"
        className="menu-button"
        aria-expanded={menuOpen}
        aria-haspopup="dialog"
        onClick={() => openPanel('menu')}
        onPointerDown={preloadMobileMenu}
        onFocus={preloadMobileMenu}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">{t.categoryNav.openMenu}</span>
      </button>
      {nav.length > 0 && (
        // the mega menus (a wide screen's): hydrated in a slice of their own (decision 125)
        <HydrationSlice>
          <nav className="category-nav" aria-label={t.categoryNav.label}>
            <ul className="category-nav__list">
              {nav.map((item) => (
                <MegaItem key={item.link} item={item} />
              ))}
              <li>
                <a href={COLLECTIONS_LINK.link} className="mega__link">
                  {COLLECTIONS_LINK.name}
                </a>
              </li>
            </ul>
          </nav>
        </HydrationSlice>
      )}
      {menuOpen && (
        <Suspense fallback={null}>
          <MobileMenu items={[...nav, { ...COLLECTIONS_LINK, slug: 'kolekcje', items: [] }]} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
