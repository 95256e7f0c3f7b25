import { lazy, Suspense, useRef, useState } from 'react';
import type { ReviewsData } from './review-items';
import { useRouterState } from '../../client/router/context';
import { ratingNumber, reviewsCount } from '../../client/texts';
import { reviewTexts as T } from './reviews.texts';
import { MoreReviews } from './MoreReviews';
import { ReviewItem } from './ReviewItem';
import { Stars } from './Stars';

/** The form and its GraphQL load when the shopper asks to write. */
const ReviewForm = lazy(() =>
  import('./ReviewForm').catch((error: unknown) => {
    console.error('Review form could not be loaded', error);
    return { default: () => <p role="alert">{T.failed}</p> };
  }),
);

/**
 * Reviews of the product page: average, count and histogram, the Omnibus disclosure, and the first
 * page of approved reviews, all server-rendered from the loader (the page stays the same for
 * everybody and cacheable); later pages and the form on demand. Its code arrives after the page's
 * first load (see deferred.tsx).
 */
export function ReviewsSection({ data }: { data: ReviewsData }) {
  const [writing, setWriting] = useState(false);
  // Later pages continue the page data they were asked on: a navigation brings new data and starts over.
  const { navigationId } = useRouterState();
  const [moreOn, setMoreOn] = useState<number | null>(null);
  const more = moreOn === navigationId;
  const writeRef = useRef<HTMLButtonElement>(null);
  const average = data.average ?? 0;
  return (
    <section className="reviews" id="opinie" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">{T.heading}</h2>
      <div className="reviews__side">
        {data.count > 0 ? (
          <>
            <p className="reviews__average">
              <span className="reviews__score">{ratingNumber(average)}</span>
              <Stars value={average} label={T.average(average)} />
              <span className="reviews__count">{reviewsCount(data.count)}</span>
            </p>
            <ul className="reviews__histogram" aria-label={T.histogram}>
              {data.histogram.map((bar) => (
                <li key={bar.rating}>
                  <span aria-hidden="true">{bar.rating} ★</span>
                  <span className="reviews__bar" aria-hidden="true">
                    <span style={{ width: `${(bar.count / data.count) * 100}%` }} />
                  </span>
                  <span aria-hidden="true">{bar.count}</span>
                  <span className="visually-hidden">{T.bar(bar.rating, bar.count)}</span>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>{T.empty}</p>
        )}
        <p className="reviews__disclosure">{T.disclosure}</p>
        {writing ? (
          <Suspense fallback={<p role="status">{T.loading}</p>}>
            <ReviewForm
              productId={data.productId}
              onClose={() => {
                setWriting(false);
                // the button is back after this render
                setTimeout(() => writeRef.current?.focus());
              }}
            />
          </Suspense>
        ) : (
          <button ref={writeRef} type="button" className="button button--ghost" onClick={() => setWriting(true)}>
            {T.write}
          </button>
        )}
      </div>
      <div className="reviews__main">
        {data.items.length > 0 && (
          <ol className="reviews__list">
            {data.items.map((r) => (
              <li key={r.id}>
                <ReviewItem review={r} />
              </li>
            ))}
          </ol>
        )}
        {more ? (
          <MoreReviews
            key={navigationId}
            productId={data.productId}
            skip={data.items.length}
            total={data.totalItems}
            pageSize={data.pageSize}
          />
        ) : (
          data.items.length < data.totalItems && (
            <button type="button" className="button button--ghost reviews__more" onClick={() => setMoreOn(navigationId)}>
              {T.more}
            </button>
          )
        )}
      </div>
    </section>
  );
}
