import type { ReviewsData } from '../../features/reviews/review-items';
import type { Breadcrumb } from '../../client/components/ui/Breadcrumbs';

/** schema.org BreadcrumbList from breadcrumbs with absolute links. */
export function breadcrumbList(items: Breadcrumb[], origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((b, i) => ({ '@type': 'ListItem', position: i + 1, name: b.text, item: origin + b.link })),
  };
}

/** schema.org ItemList of product URLs, in the order shown. */
export function itemList(urls: string[], origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: urls.map((url, i) => ({ '@type': 'ListItem', position: i + 1, url: origin + url })),
  };
}

/**
 * The review part of a schema.org Product: `aggregateRating` and the first page of `review`
 * items. Built only from approved reviews (the only ones the Shop API lists); nothing when the
 * product has none, since an aggregateRating of zero reviews is invalid for search engines.
 */
export function reviewsJsonLd(reviews: ReviewsData) {
  if (!reviews.count || reviews.average === null) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: Number(reviews.average.toFixed(1)),
      reviewCount: reviews.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.items.map((r) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: r.authorName },
      datePublished: r.isoDate,
      ...(r.title ? { name: r.title } : {}),
      reviewBody: r.text,
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}
