import type { MobileMenuProps } from './types';
import type { NavItem } from '../../router/types';
import { t } from '../../texts';
import { Panel } from '../ui/Panel';

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

/** Spec §2 mobile menu: the category accordion in a left panel (panel 'menu'), loaded on demand by CategoryNav. */
export default function MobileMenu({ items, onClose }: MobileMenuProps) {
  return (
    <Panel title={t.categoryNav.menu} closeLabel={t.categoryNav.closeMenu} onClose={onClose} variant="left" className="mobile-menu">
      <nav aria-label={t.categoryNav.label}>
        <AccordionItems items={items} />
      </nav>
    </Panel>
  );
}
