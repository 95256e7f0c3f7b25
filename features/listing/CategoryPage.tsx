import { Breadcrumbs } from '../../client/components/ui/Breadcrumbs';
import { CategorySidebar } from './CategorySidebar';
import { ListingView } from './ListingView';
import type { PageProps } from '../../client/router/types';
import { t } from '../../client/texts';
import type { Breadcrumb, CategorySidebarData, ListingData } from './listing-types';

export interface CategoryData extends ListingData {
  collection: {
    id: string;
    name: string;
    /** Sanitised in the worker. */
    descriptionHtml: string;
    children: Array<{ name: string; href: string }>;
  };
  breadcrumbs: Breadcrumb[];
  /** Beside the products on a desktop; null when the backend gave none. */
  sidebar: CategorySidebarData | null;
}

/** `/c/{slug_1}/…/{slug_5}`: a collection's products with filters, sort and pagination. */
export default function CategoryPage({ data }: PageProps<CategoryData>) {
  const { collection } = data;
  return (
    <div className="category">
      <Breadcrumbs items={data.breadcrumbs} />
      <h1>
        {collection.name}
        {data.params.q && <span className="category__term"> – {t.listing.searchIn(data.params.q)}</span>}
      </h1>
      {collection.children.length > 0 && (
        <nav aria-label={t.listing.subcategories} className="chips">
          <ul>
            {collection.children.map((c) => (
              <li key={c.href}>
                <a className="chip" href={c.href}>
                  {c.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <ListingView data={data} aside={data.sidebar && <CategorySidebar sidebar={data.sidebar} />} />
      {collection.descriptionHtml && data.params.page === 1 && (
        <div className="category__description prose" dangerouslySetInnerHTML={{ __html: collection.descriptionHtml }} />
      )}
    </div>
  );
}
