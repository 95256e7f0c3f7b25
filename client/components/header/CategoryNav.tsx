import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useRouterState } from '../../router/context';
import type { NavItem } from '../../router/types';
import { usePanels } from '../../stores/StoresProvider';
import { t } from '../../texts';
import { Panel } from '../Panel';

/** The collections page, listed after the categories. */
const COLLECTIONS_LINK = { name: t.collections.title, link: '/kolekcje' };
/** Pointer users crossing the gap between a category and its menu do not close it. */
const HOVER_CLOSE_DELAY_MS = 150;

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
    <li className={`mega ${open ? 'mega--open' : ''}`} onMouseEnter={show} onMouseLeave={hideSoon} onFocus={() => !returningFocus.current && show()} onBlur={onBlur} onKeyDown={onKeyDown}>
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

/** One level of the mobile accordion: a category with children is a disclosure whose first link shows all of it. */
function AccordionItems({ items }: { items: NavItem[] }) {
  return (
    <ul className="accordion-menu">
      {items.map((item) =>
        item.items.length > 0 ? (
          <li key={item.link}>
            <details className="accordion-menu__group">
              <summary>{item.name}</summary>
              <a href={item.link} className="accordion-menu__all">
                {t.categoryNav.showAll}
                <span className="visually-hidden">: {item.name}</span>
              </a>
              <AccordionItems items={item.items} />
            </details>
          </li>
        ) : (
          <li key={item.link}>
            <a href={item.link}>{item.name}</a>
          </li>
        ),
      )}
    </ul>
  );
}

/**
 * Header category navigation (spec §2): on a desktop, the top categories with
 * mega menus of their subcategories; on a phone, a menu button opening an
 * accordion (panel 'menu', closed on route change by the app). The tree comes
 * from the backend, embedded in every page payload (worker/loaders/nav.ts).
 */
export function CategoryNav() {
  const nav = useRouterState().payload.nav ?? [];
  const menuOpen = usePanels((s) => s.open === 'menu');
  const openPanel = usePanels((s) => s.openPanel);
  const close = usePanels((s) => s.close);
  return (
    <>
      <button type="button" className="menu-button" aria-expanded={menuOpen} aria-haspopup="dialog" onClick={() => openPanel('menu')}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">{t.categoryNav.openMenu}</span>
      </button>
      {nav.length > 0 && (
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
      )}
      {menuOpen && (
        <Panel title={t.categoryNav.menu} closeLabel={t.categoryNav.closeMenu} onClose={close} variant="left" className="mobile-menu">
          <nav aria-label={t.categoryNav.label}>
            <AccordionItems items={[...nav, { ...COLLECTIONS_LINK, slug: 'kolekcje', items: [] }]} />
          </nav>
        </Panel>
      )}
    </>
  );
}
