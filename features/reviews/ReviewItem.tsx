import type { ReviewItemData } from './review-items';
import { reviewTexts as T } from './reviews.texts';
import { Stars } from './Stars';

/** One review. Title and text are plain text (React escapes them; `white-space: pre-line` keeps the lines). */
export function ReviewItem({ review: r }: { review: ReviewItemData }) {
  return (
    <article className="review" tabIndex={-1}>
      <Stars value={r.rating} label={T.rating(r.rating)} />
      {r.title && <h3 className="review__title">{r.title}</h3>}
      <p className="review__text">{r.text}</p>
      <p className="review__meta">
        {r.authorName} <time dateTime={r.isoDate}>{r.date}</time>
        {r.verified && <span className="review__verified">{T.verified}</span>}
      </p>
    </article>
  );
}
