import { useRef } from 'react';
import { IMAGE, imageUrl } from '../../client/lib/image';
import { formatPrice } from '../../client/lib/price';
import { useRouterState } from '../../client/router/context';
import { usePanels, useWishlist } from '../../client/stores/StoresProvider';
import { type WishlistItem, wishlistTotal } from '../../client/stores/wishlist.store';
import { wishlistTexts } from './wishlist.texts';
import { Panel } from '../../client/components/ui/Panel';

const tx = wishlistTexts;

/**
 * The wishlist sidebar (spec §2): items with a link to the product, remove,
 * the total 'from' price and the empty message. The list lives in local
 * storage (wishlist store, kept in sync across tabs); the App closes this
 * panel on every route change.
 */
export default function WishlistSidebar() {
  const isOpen = usePanels((s) => s.open === 'wishlist');
  const close = usePanels((s) => s.close);
  const items = useWishlist((s) => s.items);
  const remove = useWishlist((s) => s.remove);
  const { assetUrl } = useRouterState().payload.config;
  const listRef = useRef<HTMLUListElement>(null);
  if (!isOpen) return null;

  const onRemove = (item: WishlistItem) => {
    remove(item);
    // The focused button went away with its item: keep focus in the panel.
    listRef.current?.closest<HTMLElement>('[role="dialog"]')?.focus();
  };

  const footer =
    items.length > 0 ? (
      <p className="wishlist-total">
        <span>{tx.total}</span> <strong>{formatPrice(wishlistTotal(items))}</strong>
      </p>
    ) : undefined;

  return (
    <Panel title={tx.title} closeLabel={tx.close} onClose={close} footer={footer} className="wishlist-panel">
      {items.length === 0 ? (
        <div className="cart-panel__empty">
          <p>{tx.empty}</p>
          <button type="button" className="button" onClick={close}>
            {tx.backToShopping}
          </button>
        </div>
      ) : (
        <ul ref={listRef} className="cart-lines">
          {items.map((item) => (
            <li key={`${item.id}:${item.slug}`} className="cart-line wishlist-item">
              {item.image ? (
                <img
                  className="cart-line__image"
                  src={imageUrl(item.image, IMAGE.cart, assetUrl)}
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
                <a className="cart-line__title" href={`/p/${item.id}/${item.slug}`}>
                  {item.name}
                </a>
                <p className="cart-line__unit">
                  <span className="card__from">{tx.from} </span>
                  {formatPrice(item.price)}
                </p>
                <button type="button" className="cart-line__remove" onClick={() => onRemove(item)} aria-label={tx.removeLabel(item.name)}>
                  {tx.remove}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
