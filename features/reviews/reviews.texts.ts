import { plural, ratingNumber, reviewsCount } from '../../client/texts/index';

/**
 * Texts of the reviews section of the product page (loaded with the section). The form's texts
 * are in review-form.ts (they load with the form); the card's rating label is in index.ts.
 */
export const reviewTexts = {
  heading: 'Opinie klientów',
  /** Accessible name of the average's stars. */
  average: (average: number) => `Średnia ocena ${ratingNumber(average)} na 5`,
  /** Accessible name of one review's stars. */
  rating: (rating: number) => `Ocena: ${rating} na 5`,
  /** One bar of the histogram, read out in full. */
  bar: (rating: number, count: number) => `${rating} ${plural(rating, 'gwiazdka', 'gwiazdki', 'gwiazdek')}: ${reviewsCount(count)}`,
  histogram: 'Rozkład ocen',
  verified: 'Zweryfikowany zakup',
  empty: 'Ten produkt nie ma jeszcze opinii.',
  more: 'Pokaż więcej opinii',
  loading: 'Wczytujemy…',
  failed: 'Nie udało się wczytać. Spróbuj ponownie.',
  write: 'Napisz opinię',
  /**
   * Omnibus (EU Directive 2019/2161): whether and how the shop checks that reviews come from
   * buyers. The same statement is in the FAQ (content/pages/obsluga-klienta/faq.md).
   */
  disclosure:
    'Opinie oznaczone „Zweryfikowany zakup” pochodzą od klientów, którzy kupili ten produkt w naszym sklepie; pozostałe nie są weryfikowane.',
} as const;
