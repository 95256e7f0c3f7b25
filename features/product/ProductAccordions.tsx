import { Accordions } from './Accordions';
import { StaticPart } from '../../client/components/ui/StaticPart';
import type { ProductData, ProductVariantData } from './product-data';
import { ProductSafety } from './ProductSafety';
import { productTexts } from './product.texts';

const T = productTexts.accordions;

/**
 * The product page's accordions: description with features, care, delivery and, when known, product
 * safety. The texts are static parts ([decision 118](docs/decisions/118-static-parts-of-pages-are-never-hydrated-and-the-product-image-is-sized-for-phones.md)): the browser hydrates the accordion buttons
 * only; product safety follows the chosen variant, so it is hydrated.
 */
export function ProductAccordions({ data, variant }: { data: ProductData; variant: ProductVariantData | null }) {
  const items = [
    {
      id: 'description',
      title: T.description,
      content: (
        <StaticPart version={data.id}>
          <div className="prose" dangerouslySetInnerHTML={{ __html: data.descriptionHtml }} />
          {data.features.length > 0 && (
            <dl className="pdp-features" aria-label={T.features}>
              {data.features.map((f) => (
                <div key={f.name}>
                  <dt>{f.name}</dt>
                  <dd>{f.values}</dd>
                </div>
              ))}
            </dl>
          )}
        </StaticPart>
      ),
    },
    {
      id: 'care',
      title: T.care,
      content: (
        <StaticPart version={data.id}>
          <p>
            {T.careText} <a href="/o-produkcie/pielegnacja">{T.careLink}</a>
          </p>
        </StaticPart>
      ),
    },
    {
      id: 'delivery',
      title: T.delivery,
      content: (
        <StaticPart version={data.id}>
          <p>{T.deliveryText}</p>
          <ul>
            <li>
              <a href="/obsluga-klienta/czas-realizacji">{T.deliveryTime}</a>
            </li>
            <li>
              <a href="/obsluga-klienta/zwrot">{T.returns}</a>
            </li>
          </ul>
        </StaticPart>
      ),
    },
    ...(data.safety
      ? [
          {
            id: 'safety',
            title: T.safety,
            content: (
              <ProductSafety
                safety={data.safety}
                productId={data.id}
                variant={variant ?? (data.variants.length === 1 ? data.variants[0]! : null)}
              />
            ),
          },
        ]
      : []),
  ];
  return <Accordions items={items} mode="single" initiallyOpen={['description']} />;
}
