/** Polish plural forms: 1 produkt, 2–4 produkty, 5+ produktów (12–14 too). */
export function plural(n: number, one: string, few: string, many: string): string {
  if (n === 1) return one;
  const d = n % 10;
  const dd = n % 100;
  return d >= 2 && d <= 4 && !(dd >= 12 && dd <= 14) ? few : many;
}

/** A review average as shown: one decimal with a Polish comma ("4,6"). */
export const ratingNumber = (average: number): string => average.toFixed(1).replace('.', ',');

/** "1 opinia", "3 opinie", "12 opinii" */
export const reviewsCount = (n: number): string => `${n} ${plural(n, 'opinia', 'opinie', 'opinii')}`;

/** Shopper-facing Polish texts for Vendure error codes. */
const errorCodeMessages: Record<string, string> = {
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
  ORDER_INTERCEPTOR_ERROR: 'Wybranych dodatków nie można zamówić do tego produktu.',
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
    /** Accessible name of a card's stars (the reviews section has its own texts in reviews.ts). */
    rating: (average: number, n: number) => `Średnia ocena ${ratingNumber(average)} na 5, ${reviewsCount(n)}`,
  },
  cart: {
    added: (name: string) => `Dodano do koszyka: ${name}`,
    addFailed: 'Nie udało się dodać produktu do koszyka. Spróbuj ponownie.',
    errorCode: (code: string) => errorCodeMessages[code] ?? 'Nie udało się wykonać operacji. Spróbuj ponownie.',
  },
  /** What every listing page and the worker's titles use; the listing controls' texts are in listing.ts. */
  listing: {
    products: (n: number) => `${n} ${plural(n, 'produkt', 'produkty', 'produktów')}`,
    subcategories: 'Podkategorie',
    searchIn: (term: string) => `Wyniki dla: ${term}`,
  },
  /** What listings and the cart show of a product; the product page's texts are in product.ts. */
  product: {
    omnibus: (price: string) => `Najniższa cena z 30 dni przed obniżką: ${price}`,
  },
  header: {
    icons: 'Konto, wishlista i koszyk',
    wishlist: 'Wishlista',
    wishlistCount: (n: number) => (n > 0 ? `Wishlista: ${n} ${plural(n, 'produkt', 'produkty', 'produktów')}` : 'Wishlista'),
    cart: 'Koszyk',
    cartCount: (n: number) => (n > 0 ? `Koszyk: ${n} ${plural(n, 'sztuka', 'sztuki', 'sztuk')}` : 'Koszyk'),
  },
  /** Messages of the cart store and the panel loader (every page); the sidebar's own texts are in cart-panel.ts. */
  cartPanel: {
    unavailable: 'Nie udało się otworzyć panelu. Sprawdź połączenie i odśwież stronę.',
    removeFailed: 'Nie udało się usunąć produktu z koszyka. Spróbuj ponownie.',
    /** The store's message when 'Wyczyść koszyk' fails; the sidebar's own texts are in cart-clear.ts. */
    clearFailed: 'Nie udało się wyczyścić koszyka. Spróbuj ponownie.',
    quantityStock: 'Nie mamy tylu sztuk w magazynie – ilość w koszyku została poprawiona.',
    quantityLimit: 'Przekroczono maksymalną liczbę sztuk w zamówieniu. Przywróciliśmy poprzednią ilość.',
    quantityFailed: 'Nie udało się zmienić ilości. Przywróciliśmy poprzednią ilość.',
    promo: { blackweekNotice: 'Kod BLACKWEEK24 został dodany do koszyka.' },
  },
  collections: {
    title: 'Kolekcje',
    intro: 'Obroże, smycze, szelki i dodatki w jednym kolorze – wybierz kolekcję i skompletuj zestaw dla swojego psa.',
    kicker: 'Kolekcja',
    empty: 'Nie mamy teraz żadnych kolekcji.',
    products: (n: number) => `${n} ${plural(n, 'produkt', 'produkty', 'produktów')}`,
  },
  /** The header's search bar (every page); the overlay's texts are in search.ts. */
  search: {
    label: 'Szukaj w sklepie',
    placeholder: 'Szukaj, np. szelki',
    submit: 'Szukaj',
  },
  categoryNav: {
    label: 'Kategorie produktów',
    menu: 'Menu',
    openMenu: 'Otwórz menu',
    closeMenu: 'Zamknij menu',
    showAll: 'Pokaż wszystkie',
    showAllIn: (name: string) => `Pokaż wszystkie: ${name}`,
    submenu: (name: string) => `Podkategorie: ${name}`,
  },
} as const;
