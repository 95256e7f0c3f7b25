import { formatPrice } from '../../client/lib/price';
import type { ProductVariantData } from './product-data';
import { t } from '../../client/texts';
import { productTexts } from './product.texts';

const T = productTexts;

/**
 * Spec §2/§4 price: the regular price; with `staracena`, the old price struck
 * through, the SALE badge and the Omnibus line (lowest price of the 30 days
 * before the reduction, as the backend recorded it); NEW under 30 days; stock.
 * Before a variant is chosen it shows the cheapest one as "od".
 */
export function PriceBlock({
  variant,
  from,
  isNew,
  chosen,
}: {
  variant: ProductVariantData | null;
  from: boolean;
  isNew: boolean;
  chosen: boolean;
}) {
  if (!variant) return null;
  const sale = variant.oldPrice !== null;
  return (
    <div className="pdp-price-block">
      {(sale || isNew) && (
        <p className="pdp-price-block__badges">
          {sale && <span className="badge badge--sale pdp-badge-inline">SALE</span>}
          {isNew && <span className="badge badge--new pdp-badge-inline">NEW</span>}
        </p>
      )}
      <p className="pdp-price-block__price">
        {from && <span className="pdp-price-block__from">{t.card.from} </span>}
        <span className={sale ? 'price price--special' : 'price'} data-testid="product-price">
          {formatPrice(variant.price)}
        </span>
        {sale && (
          <>
            {' '}
            <del className="price price--old">
              <span className="visually-hidden">{T.regularPrice} </span>
              {formatPrice(variant.oldPrice!)}
            </del>
          </>
        )}
      </p>
      {sale && variant.omnibusPrice !== null && <p className="pdp-price-block__omnibus">{T.omnibus(formatPrice(variant.omnibusPrice))}</p>}
      {chosen ? (
        <p className={`pdp-stock ${variant.inStock ? 'pdp-stock--in' : 'pdp-stock--out'}`}>{variant.inStock ? T.inStock : T.outOfStock}</p>
      ) : (
        <p className="pdp-stock">{T.chooseVariant}</p>
      )}
    </div>
  );
}
