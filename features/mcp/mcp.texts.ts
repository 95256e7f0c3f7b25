/**
 * What an assistant shows its Polish user from the shop's MCP endpoint (tool descriptions, tool
 * results' messages) and the cart link's page. Polish, as everything a shopper reads.
 */
export const mcpTexts = {
  serverTitle: 'Psiaki – sklep z personalizowanymi akcesoriami dla psów',
  instructions:
    'Sklep Psiaki (Polska): obroże, szelki, smycze i akcesoria dla psów, wiele z personalizacją. Ceny brutto w PLN. ' +
    'Wyszukaj produkty (search_products), sprawdź szczegóły (get_product), zbuduj koszyk (create_cart, add_to_cart, get_cart) ' +
    'i przekaż użytkownikowi jednorazowy link (get_cart_link), który otwiera ten koszyk w sklepie. Zamówienie składa użytkownik w sklepie.',
  tools: {
    search: {
      title: 'Wyszukaj produkty',
      description:
        'Wyszukuje produkty w katalogu sklepu Psiaki (polskie wyszukiwanie; znaki diakrytyczne są opcjonalne, np. „obroza” znajdzie „obroża”). ' +
        'Zwraca identyfikatory produktów, nazwy, ceny brutto w PLN i adresy stron produktów.',
      query: 'Szukana fraza, np. „obroża skórzana” lub „szelki guard”.',
      limit: 'Ile produktów zwrócić (1–20, domyślnie 10).',
    },
    product: {
      title: 'Szczegóły produktu',
      description:
        'Zwraca produkt z wariantami (opcje, np. rozmiar i kolor), cenami brutto w PLN (cena przed obniżką i najniższa cena z 30 dni przed obniżką, gdy produkt jest w promocji), ' +
        'dostępnością i informacją, czy produkt wymaga personalizacji w sklepie.',
      productId: 'Identyfikator produktu z wyników search_products.',
    },
    policies: {
      title: 'Dostawa i zwroty',
      description:
        'Zwraca metody dostawy sklepu z cenami brutto, progiem darmowej dostawy i czasem dostawy oraz zasady odstąpienia od umowy i zwrotów.',
    },
    createCart: {
      title: 'Nowy koszyk',
      description:
        'Tworzy nowy, pusty koszyk i zwraca jego identyfikator (cartHandle), ważny 24 godziny. Przekazuj go w kolejnych wywołaniach add_to_cart, get_cart i get_cart_link.',
    },
    addToCart: {
      title: 'Dodaj do koszyka',
      description:
        'Dodaje wariant produktu do koszyka. Produkty wymagające personalizacji (np. szelki konfigurowane w Pro-Fit Studio) trzeba skonfigurować na stronie produktu – narzędzie zwróci wtedy link do niej.',
      cartHandle: 'Identyfikator koszyka z create_cart.',
      productId: 'Identyfikator produktu z search_products lub get_product.',
      variantId: 'Identyfikator wariantu z get_product.',
      quantity: 'Liczba sztuk (1–20).',
    },
    getCart: {
      title: 'Zawartość koszyka',
      description: 'Zwraca produkty w koszyku, ich ceny brutto i sumę.',
    },
    cartLink: {
      title: 'Link do koszyka',
      description:
        'Zwraca jednorazowy link, który użytkownik otwiera w przeglądarce, aby przenieść ten koszyk do sklepu Psiaki i złożyć zamówienie. Link działa raz i wygasa po 24 godzinach; po jego użyciu koszyka nie można już zmieniać przez asystenta.',
    },
  },
  results: {
    noProducts: (query: string) => `Nie znaleziono produktów dla frazy „${query}”.`,
    productNotFound: 'Nie ma takiego produktu.',
    cartNotFound: 'Nie ma takiego koszyka albo już wygasł lub został przeniesiony do sklepu. Utwórz nowy (create_cart).',
    variantNotFound: 'Ten produkt nie ma wariantu o podanym identyfikatorze. Sprawdź warianty w get_product.',
    outOfStock: 'Ten wariant jest obecnie niedostępny.',
    needsConfiguration: (url: string) =>
      `Ten produkt wymaga personalizacji (wyboru kolorów poszczególnych części), której asystent nie może wykonać. Użytkownik może go skonfigurować i dodać do koszyka na stronie produktu: ${url}`,
    configurationNote: 'Wymaga personalizacji na stronie produktu; nie można go dodać przez asystenta.',
    extrasNote:
      'Dodatki (np. dopasowanie rozmiaru, kolor okuć) można wybrać na stronie produktu; przez asystenta dodawany jest wariant podstawowy.',
    refused: (reason: string) => `Sklep nie dodał produktu: ${reason}`,
    emptyCart: 'Koszyk jest pusty. Dodaj produkty (add_to_cart), zanim poprosisz o link.',
    cartLink: 'Przekaż ten link użytkownikowi: otwarty w przeglądarce przeniesie koszyk do sklepu Psiaki (działa raz, ważny 24 godziny).',
    deliveryNote: 'Koszt dostawy zależy od metody wybranej przy zamówieniu w sklepie; ceny dostawy podano dla tego koszyka.',
    unavailable: 'Sklep jest chwilowo niedostępny. Spróbuj ponownie za chwilę.',
    stock: { IN_STOCK: 'dostępny', LOW_STOCK: 'ostatnie sztuki', OUT_OF_STOCK: 'niedostępny' } as Record<string, string>,
    returnsPaidBy: 'Koszt odesłania towaru ponosi kupujący.',
    personalisedExcluded:
      'Prawo odstąpienia nie przysługuje dla produktów wykonanych według specyfikacji kupującego (np. z projektem z Pro-Fit Studio, na wymiar lub z dodatkami na zamówienie).',
  },
  http: {
    methodNotAllowed: 'Ten adres przyjmuje tylko żądania POST (Streamable HTTP MCP, bez sesji).',
    foreignOrigin: 'Żądanie z innej domeny zostało odrzucone.',
    tooLarge: 'Żądanie jest zbyt duże.',
    notJson: 'Niepoprawny JSON.',
    tooMany: (seconds: number) => `Zbyt wiele żądań. Odczekaj ${seconds} s i spróbuj ponownie.`,
    tooManyCarts: (seconds: number) => `Zbyt wiele nowych koszyków. Odczekaj ${seconds} s i spróbuj ponownie.`,
  },
  page: {
    title: 'Koszyk od asystenta',
    intro: 'Twój asystent przygotował koszyk w sklepie Psiaki:',
    quantity: (n: number) => `${n} szt.`,
    total: 'Razem',
    mergeNote: 'Jeśli masz już coś w koszyku, dodamy te produkty do Twojego koszyka.',
    confirm: 'Przenieś do mojego koszyka',
    gone: 'Ten link wygasł albo został już użyty. Poproś asystenta o nowy albo zajrzyj do swojego koszyka.',
    adopted: 'Produkty od asystenta są już w Twoim koszyku.',
    showCart: 'Pokaż koszyk',
    checkout: 'Przejdź do kasy',
    foreign: 'Przeniesienie koszyka wymaga potwierdzenia na stronie sklepu.',
  },
};
