import { Breadcrumbs } from '../../client/components/ui/Breadcrumbs';
import { ListingView } from './ListingView';
import type { PageProps } from '../../client/router/types';
import { t } from '../../client/texts';
import type { Breadcrumb, ListingData } from './listing-types';

export interface CollectionData extends ListingData {
  collection: { id: string; name: string };
  breadcrumbs: Breadcrumb[];
}

/** `/kolekcje/{id}/{slug}`: one collection's products, with the category listing's filters, sort and paging. */
export default function CollectionPage({ data }: PageProps<CollectionData>) {
  return (
    <div className="collection-page">
      <Breadcrumbs items={data.breadcrumbs} />
      <p className="kicker">{t.collections.kicker}</p>
      <h1>
        {data.collection.name}
        {data.params.q && <span className="category__term"> – {t.listing.searchIn(data.params.q)}</span>}
      </h1>
      <ListingView data={data} />
    </div>
  );
}
