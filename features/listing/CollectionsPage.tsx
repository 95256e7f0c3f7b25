import { Breadcrumbs } from '../../client/components/ui/Breadcrumbs';
import { CollectionTiles } from './CollectionTiles';
import type { PageProps } from '../../client/router/types';
import { t } from '../../client/texts';
import type { CollectionCard } from '../home/home-types';
import type { Breadcrumb } from './listing-types';

export interface CollectionsData {
  collections: CollectionCard[];
  breadcrumbs: Breadcrumb[];
}

/** `/kolekcje`: every collection of the shop. */
export default function CollectionsPage({ data }: PageProps<CollectionsData>) {
  return (
    <div className="collections-page">
      <Breadcrumbs items={data.breadcrumbs} />
      <h1>{t.collections.title}</h1>
      <p className="collections-page__intro">{t.collections.intro}</p>
      {data.collections.length ? <CollectionTiles items={data.collections} /> : <p>{t.collections.empty}</p>}
    </div>
  );
}
