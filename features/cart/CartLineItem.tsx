import { IMAGE, imageUrl } from '../../client/lib/image';
import { formatPrice } from '../../client/lib/price';
import type { CartLine } from '../../client/stores/cart.store';
import { cartPanelTexts } from './cart-panel.texts';
import { lineDetails, lineImage, linePrices } from './line-details';
import { QuantityStepper } from '../../client/components/form/QuantityStepper';
import { LineFeatures } from './LineFeatures';

const tx = cartPanelTexts;

/** One cart line (spec §3 display): image 200x200 webp, title link, options and personalisation, the product's features, prices, quantity, remove. */
export function CartLineItem({
  line,
  assetUrl,
  pending,
  onQuantity,
  onRemove,
}: {
  line: CartLine;
  assetUrl: string;
  pending: boolean;
  onQuantity(lineId: string, quantity: number | string): void;
  onRemove(lineId: string): void;
}) {
  const product = line.catalogue.product;
  const href = `/p/${product.id}/${product.slug}`;
  const prices = linePrices(line);
  const details = lineDetails(line);
  const preview = lineImage(line);
  return (
    <li className="cart-line" aria-busy={pending}>
      {preview ? (
        <img
          className="cart-line__image"
          src={imageUrl(preview, IMAGE.cart, assetUrl)}
          width={200}
          height={200}
          alt=""
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className="cart-line__image cart-line__image--empty" aria-hidden="true" />
      )}
      <div className="cart-line__body">
        <a className="cart-line__title" href={href}>
          {product.name}
        </a>
        {details.length > 0 && (
          <dl className="cart-line__details">
            {details.map((d) => (
              <div key={`${d.label}:${d.value}`}>
                <dt>{d.label}:</dt> <dd>{d.value}</dd>
              </div>
            ))}
          </dl>
        )}
        <LineFeatures line={line} />
        <p className="cart-line__unit">
          <span className="visually-hidden">{prices.regular !== null ? tx.specialPrice : tx.unitPrice} </span>
          <span className={prices.regular !== null ? 'price--special' : undefined}>{formatPrice(prices.unit)}</span>
          {prices.regular !== null && (
            <>
              {' '}
              <del className="price--old">
                <span className="visually-hidden">{tx.regularPrice} </span>
                {formatPrice(prices.regular)}
              </del>
            </>
          )}
        </p>
        <div className="cart-line__row">
          <QuantityStepper
            value={line.quantity}
            onValue={(q) => onQuantity(line.id, q)}
            label={tx.quantityOf(product.name)}
            decreaseLabel={tx.decrease(product.name)}
            increaseLabel={tx.increase(product.name)}
          />
          <p className="cart-line__total">
            <span className="visually-hidden">{tx.linePrice} </span>
            {formatPrice(prices.line)}
          </p>
        </div>
        <button type="button" className="cart-line__remove" onClick={() => onRemove(line.id)} aria-label={tx.removeLabel(product.name)}>
          {tx.remove}
        </button>
      </div>
    </li>
  );
}
