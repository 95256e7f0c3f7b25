import type { CollectionCard } from '../home/home-types';
import { t } from '../../client/texts';

/** Collection tiles (home and /kolekcje): the collection's colour, name and product count, linking to `/kolekcje/{id}/{slug}`. */
export function CollectionTiles({ items }: { items: CollectionCard[] }) {
  return (
    <ul className="collection-tiles">
      {items.map((col) => (
        <li key={col.id}>
          <a className="collection-tile" href={col.link}>
            <span className={`collection-tile__swatch swatch swatch--${col.slug}`} aria-hidden="true" />
            <span className="collection-tile__name">{col.name}</span>
            <span className="collection-tile__count">{t.collections.products(col.count)}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
