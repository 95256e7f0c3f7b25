import { type RefObject, useEffect, useState } from 'react';
import { productTexts } from './product.texts';

/**
 * The product page's add-to-cart bar on a phone (issue 29): fixed just above the bottom
 * navigation while the main 'Dodaj do koszyka' is out of sight, with the price the main button
 * would add. It is server-rendered shown (on a phone the main button starts far below the first
 * screen) and hides by a transform, so it moves nothing; hidden, it is `inert`. On a desktop it is
 * not displayed at all. `message` replaces the price (and is announced) when the button led the
 * shopper to a missing choice.
 */
export function BuyBar({
  watch,
  price,
  message,
  label,
  busy,
  onBuy,
}: {
  /** the main button: the bar shows while it is outside the part of the screen the bar leaves free */
  watch: RefObject<HTMLElement | null>;
  price: string;
  message: string | null;
  label: string;
  busy: boolean;
  onBuy(): void;
}) {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    const el = watch.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    // The bottom navigation and the bar cover the lowest 124 px: the main button counts as seen above them.
    const io = new IntersectionObserver(([entry]) => setShown(!entry!.isIntersecting), { rootMargin: '0px 0px -124px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [watch]);
  return (
    <div
      className={`buy-bar${shown ? ' buy-bar--shown' : ''}`}
      role="region"
      aria-label={productTexts.buyBar}
      aria-hidden={!shown || undefined}
      inert={!shown}
    >
      <p className="buy-bar__text">
        <span className="buy-bar__price" hidden={!!message}>
          {price}
        </span>
        <span className="buy-bar__message" role="status">
          {message}
        </span>
      </p>
      <button type="button" className="button buy-bar__button" aria-busy={busy || undefined} onClick={onBuy}>
        {label}
      </button>
    </div>
  );
}
