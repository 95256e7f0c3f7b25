import type { ProductCardData } from '../../client/lib/product-card';
import { productTexts } from './product.texts';
import { ProductCard } from '../listing/ProductCard';

/** Spec §2 product page: related products, at the very bottom. */
export function RelatedProducts({ items }: { items: ProductCardData[] }) {
  return (
    <section className="pdp-related" id="polecane" aria-labelledby="related-heading">
      <h2 id="related-heading">{productTexts.related}</h2>
      <ul className="products">
        {items.map((p) => (
          <li key={p.id}>
            <ProductCard product={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}
