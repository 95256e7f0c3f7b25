import { type CSSProperties, useEffect, useState } from 'react';
import { ShopError } from '../../client/graphql/errors';
import { formatPrice } from '../../client/lib/price';
import type { ProductCardData } from '../../client/lib/product-card';
import { useCart, useNotifications, useWishlist } from '../../client/stores/StoresProvider';
import { t } from '../../client/texts';
import { ProductImage } from '../product/ProductImage';

/** Spec §4: after add-to-cart the adding state shows for 1 second. */
const ADDING_FEEDBACK_MS = 1000;

export function ProductCard({
  product,
  eager = false,
  view = 'grid',
}: {
  product: ProductCardData;
  eager?: boolean;
  view?: 'grid' | 'list';
}) {
  const inWishlist = useWishlist((s) => s.items.some((i) => i.id === product.id && i.slug === product.slug));
  const toggleWishlist = useWishlist((s) => s.toggle);
  const add = useCart((s) => s.add);
  const notify = useNotifications((s) => s.notify);
  const [adding, setAdding] = useState(false);
  // The second picture shows on hover only: it is added when a mouse first enters the card, so
  // phones (no hover) never download it and the server's HTML stays small.
  const [altShown, setAltShown] = useState(false);
  useEffect(() => {
    if (!adding) return;
    const timer = setTimeout(() => setAdding(false), ADDING_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [adding]);

  const onAdd = async () => {
    if (!product.directVariantId || adding) return;
    setAdding(true);
    try {
      await add(product.directVariantId, 1);
      notify({ message: t.cart.added(product.name), kind: 'success' });
    } catch (error) {
      notify({ message: error instanceof ShopError ? t.cart.errorCode(error.errorCode) : t.cart.addFailed, kind: 'error' });
    }
  };

  const onWishlist = () => {
    toggleWishlist({
      id: product.id,
      slug: product.slug,
      sku: product.sku,
      name: product.name,
      image: product.images[0] ?? '',
      price: product.priceMin,
    });
  };

  return (
    <article
      className={`card card--${view}`}
      onPointerEnter={
        product.images[1] && !altShown
          ? (e) => {
              if (e.pointerType === 'mouse') setAltShown(true);
            }
          : undefined
      }
    >
      <a
        href={product.href}
        className="card__media"
        tabIndex={-1}
        aria-label={product.badge ? `${product.name}, ${product.badge}` : product.name}
      >
        <ProductImage preview={product.images[0]} alt="" eager={eager} />
        {product.images[1] && altShown && <ProductImage preview={product.images[1]} alt="" className="card__alt" />}
        {product.badge && <span className={`badge badge--${product.badge.toLowerCase()}`}>{product.badge}</span>}
      </a>
      <div className="card__body">
        <h3 className="card__title">
          <a href={product.href}>{product.name}</a>
        </h3>
        {product.rating && (
          <p className="card__rating">
            {/* the section's Stars, inlined: importing it here would split chunks of every listing page */}
            <span
              className="stars"
              role="img"
              aria-label={t.card.rating(product.rating.average, product.rating.count)}
              style={{ '--stars': product.rating.average } as CSSProperties}
            />
            <span aria-hidden="true">({product.rating.count})</span>
          </p>
        )}
        {product.colours.length > 0 && (
          <ul className="card__colours" aria-label={t.card.colours}>
            {product.colours.slice(0, 8).map((c) => (
              <li key={c.code} className={`swatch swatch--${c.code}`} title={c.name}>
                <span className="visually-hidden">{c.name}</span>
              </li>
            ))}
          </ul>
        )}
        <p className="card__price">
          {product.variantCount > 1 && <span className="card__from">{t.card.from} </span>}
          <span className={product.oldPrice ? 'price price--special' : 'price'}>{formatPrice(product.priceMin)}</span>
          {product.oldPrice && (
            <>
              {' '}
              <del className="price price--old">
                <span className="visually-hidden">{t.card.regularPrice} </span>
                {formatPrice(product.oldPrice)}
              </del>
            </>
          )}
        </p>
        {product.oldPrice && product.omnibusPrice !== null && (
          <p className="card__omnibus">{t.product.omnibus(formatPrice(product.omnibusPrice))}</p>
        )}
        {product.variantCount > 1 && <p className="card__variants">{t.card.variants(product.variantCount)}</p>}
        <div className="card__actions">
          {product.directVariantId ? (
            <button type="button" className="button button--small" onClick={onAdd} disabled={adding} aria-live="polite">
              {adding ? t.card.adding : `${t.card.add} ${formatPrice(product.priceMin)}`}
            </button>
          ) : (
            <a className="button button--small button--ghost" href={product.href}>
              {t.card.view}
            </a>
          )}
          <button
            type="button"
            className={`wish ${inWishlist ? 'wish--on' : ''}`}
            aria-pressed={inWishlist}
            aria-label={inWishlist ? t.card.wishlistRemove : t.card.wishlistAdd}
            title={inWishlist ? t.card.wishlistRemove : t.card.wishlistAdd}
            onClick={onWishlist}
          >
            <span aria-hidden="true">{inWishlist ? '♥' : '♡'}</span>
          </button>
        </div>
      </div>
      {!product.inStock && <p className="card__stock">{t.card.outOfStock}</p>}
    </article>
  );
}
