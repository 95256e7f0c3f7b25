import { lazyDateFormat } from '../../client/lib/date-format';

/**
 * Reviews as the product page shows them. The loader maps the Shop API's reviews to these
 * (dates already formatted, so the page's first-load code formats nothing); later pages are mapped
 * by the same function in the browser.
 */
export interface ReviewItemData {
  id: string;
  authorName: string;
  rating: number;
  /** Plain text: rendered as text, never as HTML. */
  title: string | null;
  text: string;
  verified: boolean;
  /** `YYYY-MM-DD` (JSON-LD datePublished, `<time dateTime>`). */
  isoDate: string;
  /** "12 października 2026" */
  date: string;
}

export interface ReviewsData {
  productId: string;
  /** Mean of the approved reviews; null without reviews. */
  average: number | null;
  count: number;
  /** 5 stars first. */
  histogram: Array<{ rating: number; count: number }>;
  /** The first page, newest first. */
  items: ReviewItemData[];
  /** Approved reviews in the list (equals `count`). */
  totalItems: number;
  pageSize: number;
}

/** Reviews per page: the server-rendered first page and each "more" page. */
export const REVIEWS_PAGE_SIZE = 5;

const dateFormat = lazyDateFormat('pl-PL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Warsaw' });
const isoFormat = lazyDateFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Europe/Warsaw' });

/** A review from the Shop API as the page shows it (dates in Polish, in the shop's time zone). */
export function toReviewItem(r: {
  id: string;
  authorName: string;
  rating: number;
  title?: string | null;
  text: string;
  verifiedPurchase: boolean;
  createdAt: string;
}): ReviewItemData {
  const at = new Date(r.createdAt);
  return {
    id: r.id,
    authorName: r.authorName,
    rating: r.rating,
    title: r.title ?? null,
    text: r.text,
    verified: r.verifiedPurchase,
    isoDate: isoFormat.format(at),
    date: dateFormat.format(at),
  };
}
