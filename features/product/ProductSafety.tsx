import type { ProductSafety as Safety, ProductVariantData } from './product-data';
import { productTexts } from './product.texts';

const T = productTexts.safety;

/**
 * 'Bezpieczeństwo produktu' (GPSR, Regulation (EU) 2023/988 art. 19): the manufacturer's name,
 * postal and e-mail address, the product identifier (the chosen variant's SKU and EAN), and the
 * warnings in Polish. Server-rendered with the page, so it is in the cached HTML.
 */
export function ProductSafety({ safety, productId, variant }: { safety: Safety; productId: string; variant: ProductVariantData | null }) {
  return (
    <div className="pdp-safety">
      <dl className="pdp-features">
        <div>
          <dt>{T.manufacturer}</dt>
          <dd>{safety.manufacturer}</dd>
        </div>
        {safety.address.length > 0 && (
          <div>
            <dt>{T.address}</dt>
            <dd>
              {safety.address.map((line, i) => (
                <span key={i} className="pdp-safety__line">
                  {line}
                </span>
              ))}
            </dd>
          </div>
        )}
        {safety.email && (
          <div>
            <dt>{T.email}</dt>
            <dd>
              <a href={`mailto:${safety.email}`}>{safety.email}</a>
            </dd>
          </div>
        )}
        <div>
          <dt>{T.identifier}</dt>
          <dd>{variant ? T.variantIds(variant.sku, variant.ean) : T.productId(productId)}</dd>
        </div>
      </dl>
      {safety.warnings.length > 0 && (
        <>
          <h3 className="pdp-safety__title">{T.warnings}</h3>
          {safety.warnings.map((text, i) => (
            <p key={i}>{text}</p>
          ))}
        </>
      )}
    </div>
  );
}
