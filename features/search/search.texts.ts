/**
 * The search overlay's texts: loaded with the overlay (on first use), not on every page. The
 * search bar's label, placeholder and button stay in index.ts (`t.search`).
 */
export const searchTexts = {
  heading: (term: string) => `Wyniki wyszukiwania dla: ${term}`,
  categories: 'Znalezione kategorie',
  products: 'Znalezione produkty',
  more: 'Zobacz więcej',
  close: 'Zamknij wyszukiwarkę',
  nothingFound: 'Nic nie znaleźliśmy. Spróbuj wpisać inną frazę.',
  typePhrase: 'Wpisz szukaną frazę – co najmniej 3 znaki.',
  loading: 'Szukamy…',
  failed: 'Wyszukiwarka jest chwilowo niedostępna. Spróbuj ponownie za chwilę.',
} as const;
