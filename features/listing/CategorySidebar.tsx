import { listingTexts } from './listing.texts';
import type { CategorySidebarData } from './listing-types';

/**
 * The category sidebar beside a listing's products (spec §7 getsidebarnavigation): the parent, the
 * current category among its siblings (marked) and its children. Desktop only: on a phone the
 * subcategory chips above the listing do its job (CSS hides it below 1024px).
 */
export function CategorySidebar({ sidebar }: { sidebar: CategorySidebarData }) {
  return (
    <nav className="category-sidebar" aria-label={listingTexts.categorySidebar}>
      {sidebar.parent && (
        <a className="category-sidebar__parent" href={sidebar.parent.href}>
          <span aria-hidden="true">‹ </span>
          {sidebar.parent.name}
        </a>
      )}
      <ul>
        {sidebar.items.map((item) => (
          <li key={item.href}>
            <a href={item.href} aria-current={item.current ? 'page' : undefined}>
              {item.name}
            </a>
            {item.children.length > 0 && (
              <ul>
                {item.children.map((child) => (
                  <li key={child.href}>
                    <a href={child.href}>{child.name}</a>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
