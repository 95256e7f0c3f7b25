import { IMAGE, imageUrl } from '../../client/lib/image';
import { formatPrice } from '../../client/lib/price';
import type { ProductData } from './product-data';
import { useRouterState } from '../../client/router/context';
import { t } from '../../client/texts';
import { productTexts } from './product.texts';

/** Spec §4 family list: models of the same family, the current one first and marked active. */
export function FamilyList({ items }: { items: ProductData['family'] }) {
  const { assetUrl } = useRouterState().payload.config;
  if (items.length < 2) return null;
  return (
    <section className="pdp-family" id="rodzina" aria-labelledby="family-heading">
      <h2 id="family-heading">{productTexts.family}</h2>
      <ul className="pdp-family__list">
        {items.map((p) => (
          <li key={p.id}>
            <a
              href={p.href}
              className={`pdp-family__item${p.active ? ' pdp-family__item--active' : ''}`}
              aria-current={p.active ? 'page' : undefined}
            >
              {p.images[0] ? (
                <img src={imageUrl(p.images[0], IMAGE.galleryThumb, assetUrl)} width={100} height={100} alt="" loading="lazy" />
              ) : (
                <span className="pdp-family__noimage" aria-hidden="true" />
              )}
              <span className="pdp-family__name">{p.name}</span>
              <span className="pdp-family__price">
                {p.variantCount > 1 && `${t.card.from} `}
                {formatPrice(p.priceMin)}
              </span>
              {p.active && <span className="pdp-family__current">{productTexts.current}</span>}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
