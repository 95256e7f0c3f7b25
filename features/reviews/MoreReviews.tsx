import { useEffect, useRef, useState } from 'react';
import type { ReviewItemData } from './review-items';
import { reviewTexts as T } from './reviews.texts';
import { loadReviews } from './load-reviews';
import { ReviewItem } from './ReviewItem';

/**
 * Later pages of reviews, mounted by the first "Pokaż więcej opinii": loads the next page at once
 * and each further one on its own button. Keyboard users continue reading at the
 * first review that came in. Keyed by the section per navigation: new page data starts over.
 */
export function MoreReviews({ productId, skip, total, pageSize }: { productId: string; skip: number; total: number; pageSize: number }) {
  const [items, setItems] = useState<ReviewItemData[]>([]);
  const [state, setState] = useState<'loading' | 'idle' | 'error'>('loading');
  const [focusFrom, setFocusFrom] = useState(-1);
  const listRef = useRef<HTMLOListElement>(null);
  const shown = skip + items.length;

  const load = (from: number) => {
    setState('loading');
    loadReviews(productId, from, pageSize)
      .then((page) => {
        setItems((list) => {
          setFocusFrom(list.length);
          return [...list, ...page.filter((r) => !list.some((l) => l.id === r.id))];
        });
        setState('idle');
      })
      .catch((error: unknown) => {
        console.error('Reviews page failed', error);
        setState('error');
      });
  };

  // The first further page loads as soon as the shopper asked for it (that is why this mounted).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => load(skip), []);

  useEffect(() => {
    if (focusFrom >= 0) listRef.current?.querySelectorAll<HTMLElement>('article')[focusFrom]?.focus();
  }, [focusFrom]);

  return (
    <>
      {items.length > 0 && (
        <ol className="reviews__list" ref={listRef} start={skip + 1}>
          {items.map((r) => (
            <li key={r.id}>
              <ReviewItem review={r} />
            </li>
          ))}
        </ol>
      )}
      {state === 'error' && <p role="alert">{T.failed}</p>}
      {(state !== 'idle' || shown < total) && (
        <button type="button" className="button button--ghost reviews__more" onClick={() => load(shown)} disabled={state === 'loading'}>
          {state === 'loading' ? T.loading : T.more}
        </button>
      )}
    </>
  );
}
