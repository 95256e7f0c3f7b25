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
  footer: {
    rights: 'Wszystkie prawa zastrzeżone.',
    customerService: 'Obsługa klienta',
    aboutProduct: 'O produkcie',
    info: 'Informacje',
    madeInPoland: 'Polski produkt',
  },
} as const;
