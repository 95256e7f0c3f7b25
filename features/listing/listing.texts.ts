/**
 * The listing controls' texts (sort, page size, filters, view): loaded with the listing view of
 * the category, collection and search pages, not on every page. The count and the headings the
 * worker also uses stay in index.ts (`t.listing`).
 */
export const listingTexts = {
  sort: 'Sortuj',
  defaultSort: 'Domyślnie',
  perPage: 'Na stronie',
  filters: 'Filtry',
  clearFilters: 'Wyczyść filtry',
  selected: 'wybrany, kliknij, aby usunąć filtr',
  apply: 'Pokaż',
  grid: 'Siatka',
  list: 'Lista',
  view: 'Widok',
  empty: 'Nie znaleźliśmy produktów spełniających te kryteria.',
  noResults: (term: string) => `Nie znaleźliśmy produktów dla frazy „${term}”.`,
  didYouMean: 'Czy chodziło Ci o: ',
  browseCategories: 'Zajrzyj do naszych kategorii:',
  productsHeading: 'Produkty',
  close: 'Zamknij',
  categorySidebar: 'Nawigacja po kategoriach',
} as const;
