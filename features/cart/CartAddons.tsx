import { useState } from 'react';
import { ShopError } from '../../client/graphql/errors';
import { IMAGE, imageUrl } from '../../client/lib/image';
import { formatPrice } from '../../client/lib/price';
import { t } from '../../client/texts';
import { cartPanelTexts } from './cart-panel.texts';
import type { Addon } from './addons';

const tx = cartPanelTexts.addons;

/** Suggested add-ons (spec §2/§9) with one-click add, or a link when a variant must be chosen. */
export function CartAddons({
  addons,
  assetUrl,
  onAdd,
  notify,
}: {
  addons: readonly Addon[];
  assetUrl: string;
  onAdd(variantId: string): Promise<unknown>;
  notify(message: string, kind: 'success' | 'error'): void;
}) {
  const [adding, setAdding] = useState<string | null>(null);
  if (addons.length === 0) return null;

  const add = async (addon: Addon) => {
    if (!addon.variantId || adding) return;
    setAdding(addon.productId);
    try {
      await onAdd(addon.variantId);
      notify(t.cart.added(addon.variantLabel ? `${addon.name} (${addon.variantLabel})` : addon.name), 'success');
    } catch (error) {
      if (!(error instanceof ShopError)) console.error('Add-on could not be added', error);
      notify(error instanceof ShopError ? t.cart.errorCode(error.errorCode) : t.cart.addFailed, 'error');
    } finally {
      setAdding(null);
    }
  };

  return (
    <section className="addons" aria-labelledby="cart-addons-title">
      <h3 id="cart-addons-title" className="addons__title">
        {tx.title}
      </h3>
      <ul className="addons__list">
        {addons.map((a) => (
          <li key={a.productId} className="addon">
            {a.image ? (
              <img
                className="addon__image"
                src={imageUrl(a.image, IMAGE.cart, assetUrl)}
                width={200}
                height={200}
                alt=""
                loading="lazy"
                decoding="async"
              />
            ) : (
              <span className="addon__image" aria-hidden="true" />
            )}
            <div className="addon__body">
              <a className="addon__name" href={a.href}>
                {a.name}
              </a>
              <p className="addon__price">
                {a.from && !a.variantLabel && <span className="card__from">{tx.from} </span>}
                {formatPrice(a.price)}
                {a.variantLabel && <span className="addon__variant"> · {a.variantLabel}</span>}
              </p>
            </div>
            {a.variantId ? (
              <button
                type="button"
                className="button button--small"
                onClick={() => add(a)}
                disabled={adding !== null}
                aria-label={tx.addLabel(a.variantLabel ? `${a.name} (${a.variantLabel})` : a.name)}
              >
                {tx.add}
              </button>
            ) : (
              <a className="button button--small button--ghost" href={a.href} aria-label={tx.viewLabel(a.name)}>
                {tx.view}
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
