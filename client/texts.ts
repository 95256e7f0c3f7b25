/** Polish plural forms: 1 produkt, 2–4 produkty, 5+ produktów (12–14 too). */
export function plural(n: number, one: string, few: string, many: string): string {
  if (n === 1) return one;
  const d = n % 10;
  const dd = n % 100;
  return d >= 2 && d <= 4 && !(dd >= 12 && dd <= 14) ? few : many;
}

/** Shopper-facing Polish texts for Vendure error codes. */
export const errorCodeMessages: Record<string, string> = {
  INSUFFICIENT_STOCK_ERROR: 'Nie mamy tylu sztuk w magazynie.',
  OUT_OF_STOCK_ERROR: 'Ten produkt jest chwilowo niedostępny.',
  ORDER_LIMIT_ERROR: 'Przekroczono maksymalną liczbę produktów w koszyku.',
  NEGATIVE_QUANTITY_ERROR: 'Ilość musi być większa od zera.',
  ORDER_MODIFICATION_ERROR: 'Tego zamówienia nie można już zmienić.',
  COUPON_CODE_INVALID_ERROR: 'Błędny kod promocyjny',
  COUPON_CODE_EXPIRED_ERROR: 'Ten kod promocyjny wygasł.',
  COUPON_CODE_LIMIT_ERROR: 'Limit użyć tego kodu został wyczerpany.',
  INVALID_CREDENTIALS_ERROR: 'Błędny email lub hasło. Spróbuj ponownie.',
  NOT_VERIFIED_ERROR: 'Konto nie zostało jeszcze aktywowane. Sprawdź e-mail z linkiem aktywacyjnym.',
  EMAIL_ADDRESS_CONFLICT_ERROR: 'Konto z tym adresem e-mail już istnieje.',
};

/**
 * Every Polish text the shopper reads, in one place so copy can be reviewed
 * and corrected without hunting through components. Texts quoted by the spec
 * are kept exactly as written there.
 */
export const t = {
  shopName: 'Psiaki',
  shopTagline: 'Spersonalizowane akcesoria dla psów',
  skipToContent: 'Przejdź do treści',
  home: 'Strona główna',
  nav: {
    main: 'Nawigacja główna',
    dlaPsa: 'Dla psa',
    dlaCzlowieka: 'Dla człowieka',
    help: 'Pomoc',
    contact: 'Kontakt',
  },
  error: {
    title: 'Ups... mamy ERROR!',
    notFound: 'This page could not be found',
    notFoundText: 'Strona, której szukasz, nie istnieje.',
    otherText: 'Coś poszło nie tak. Spróbuj ponownie za chwilę albo wróć na stronę główną.',
    retry: 'Spróbuj ponownie',
    homeButton: 'Strona główna',
    unknownMiddleware: 'Unknown middleware',
    backendDown: 'Sklep jest chwilowo niedostępny. Spróbuj ponownie za chwilę.',
  },
  loading: {
    label: 'Ładowanie strony',
    failed: 'Nie udało się wczytać strony.',
  },
  offline: {
    title: 'Jesteś offline',
    text: 'Brak połączenia z internetem. Sprawdź połączenie i spróbuj ponownie.',
  },
  staticPages: {
    sidebar: 'W tym dziale',
  },
  card: {
    add: 'DODAJ',
    adding: 'Dodano ✓',
    from: 'od',
    view: 'zobacz',
    wishlistAdd: 'Dodaj do wishlisty',
    wishlistRemove: 'Usuń z wishlisty',
    colours: 'Dostępne kolory',
    regularPrice: 'Cena regularna:',
    variants: (n: number) => `${n} ${plural(n, 'wariant', 'warianty', 'wariantów')}`,
    outOfStock: 'Chwilowo niedostępny',
  },
  cart: {
    added: (name: string) => `Dodano do koszyka: ${name}`,
    addFailed: 'Nie udało się dodać produktu do koszyka. Spróbuj ponownie.',
    errorCode: (code: string) => errorCodeMessages[code] ?? 'Nie udało się wykonać operacji. Spróbuj ponownie.',
  },
  listing: {
    products: (n: number) => `${n} ${plural(n, 'produkt', 'produkty', 'produktów')}`,
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
    subcategories: 'Podkategorie',
    searchIn: (term: string) => `Wyniki dla: ${term}`,
    close: 'Zamknij',
  },
  footer: {
    rights: 'Wszystkie prawa zastrzeżone.',
    customerService: 'Obsługa klienta',
    aboutProduct: 'O produkcie',
    info: 'Informacje',
    madeInPoland: 'Polski produkt',
  },
} as const;
