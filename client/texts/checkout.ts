/**
 * Polish texts of the checkout's address steps and what every checkout page shares (the payment
 * step, thank-you and payment return pages have theirs in checkout-payment.ts). Imported only by
 * checkout code (and the worker's checkout loaders), so it loads with the checkout's chunks.
 */
export const checkoutTexts = {
  title: 'Zamówienie',
  secure: 'Bezpieczne zakupy',
  steps: {
    label: 'Kroki zamówienia',
    customer: 'Twoje dane',
    shipping: 'Dostawa',
    billing: 'Dane do faktury',
    payment: 'Płatność',
    done: 'ukończony',
    current: 'bieżący krok',
  },
  summary: {
    title: 'Podsumowanie zamówienia',
    products: 'Wartość produktów',
    shipping: 'Dostawa',
    shippingLater: 'wybierzesz w następnym kroku',
    shipTo: 'Dostawa do',
    locker: (code: string) => `Paczkomat ${code}`,
    free: 'Darmowa dostawa',
    total: 'Do zapłaty',
    quantity: (n: number) => `${n} szt.`,
    coupon: 'Kod rabatowy',
  },
  customer: {
    heading: 'Twoje dane',
    intro: 'Podaj dane kontaktowe – wyślemy na nie potwierdzenie zamówienia.',
    email: 'Adres e-mail',
    firstName: 'Imię',
    lastName: 'Nazwisko',
    phone: 'Telefon',
    phoneHint: 'Kurier lub InPost wyśle na ten numer informację o przesyłce.',
    haveAccount: 'Masz już konto?',
    login: 'Zaloguj się',
    submit: 'Przejdź do dostawy',
  },
  shipping: {
    heading: 'Sposób dostawy',
    methods: 'Wybierz sposób dostawy',
    free: 'Darmowa dostawa',
    freeAbove: 'Darmowa dostawa dla zamówień powyżej 249 zł.',
    noMethods: 'Brak dostępnych sposobów dostawy dla tego zamówienia.',
    chooseMethod: 'Wybierz sposób dostawy.',
    addressHeading: 'Adres dostawy',
    recipientHeading: 'Odbiorca przesyłki',
    savedAddresses: 'Twoje zapisane adresy',
    newAddress: 'Nowy adres',
    defaultAddress: 'domyślny',
    saveToAccount: 'Zapisz ten adres na moim koncie',
    submit: 'Przejdź do danych do faktury',
  },
  locker: {
    heading: 'Paczkomat InPost',
    search: 'Miasto lub kod pocztowy',
    searchButton: 'Szukaj paczkomatów',
    searching: 'Szukam paczkomatów…',
    results: 'Paczkomaty w pobliżu',
    none: 'Nie znaleźliśmy paczkomatów dla tego wyszukiwania. Wpisz inne miasto lub kod pocztowy.',
    failed: 'Nie udało się wczytać listy paczkomatów. Spróbuj ponownie.',
    tooShort: 'Wpisz co najmniej 2 znaki.',
    chosen: 'Wybrany paczkomat',
    change: 'Zmień paczkomat',
    choose: 'Wybierz',
    required: 'Wybierz paczkomat z listy.',
    hours: 'Godziny otwarcia',
    distance: (km: number) => `${km.toLocaleString('pl-PL', { maximumFractionDigits: 1 })} km`,
  },
  billing: {
    heading: 'Dane do faktury',
    sameAsShipping: 'Dane rozliczeniowe takie same jak adres dostawy',
    lockerNote: 'Przy dostawie do paczkomatu podaj adres rozliczeniowy.',
    addressHeading: 'Adres rozliczeniowy',
    submit: 'Przejdź do płatności',
  },
  errors: {
    unavailable: 'Nie udało się połączyć ze sklepem. Twoje dane są zachowane – spróbuj ponownie.',
    retry: 'Spróbuj ponownie',
    generic: 'Nie udało się zapisać danych. Spróbuj ponownie.',
    formInvalid: 'Popraw zaznaczone pola.',
  },
  /** Backend error codes (Vendure ErrorResult) in Polish, shown at the form. */
  errorCodes: {
    ORDER_STATE_TRANSITION_ERROR: 'Zamówienia nie można teraz przenieść do tego kroku. Sprawdź dane i spróbuj ponownie.',
    INELIGIBLE_SHIPPING_METHOD_ERROR: 'Ten sposób dostawy nie jest dostępny dla Twojego zamówienia. Wybierz inny.',
    INELIGIBLE_PAYMENT_METHOD_ERROR: 'Ten sposób płatności nie jest dostępny dla Twojego zamówienia. Wybierz inny.',
    PAYMENT_DECLINED_ERROR: 'Płatność została odrzucona. Spróbuj ponownie albo wybierz inny sposób płatności.',
    PAYMENT_FAILED_ERROR: 'Płatność nie powiodła się. Spróbuj ponownie albo wybierz inny sposób płatności.',
    ORDER_PAYMENT_STATE_ERROR: 'Tego zamówienia nie można teraz opłacić. Odśwież stronę i spróbuj ponownie.',
    ORDER_MODIFICATION_ERROR: 'Tego zamówienia nie można już zmienić.',
    NO_ACTIVE_ORDER_ERROR: 'Twój koszyk jest pusty albo zamówienie zostało już złożone.',
    EMAIL_ADDRESS_CONFLICT_ERROR: 'Konto z tym adresem e-mail już istnieje. Zaloguj się, aby kontynuować.',
    ALREADY_LOGGED_IN_ERROR: 'Jesteś zalogowany – użyjemy danych z Twojego konta.',
    GUEST_CHECKOUT_ERROR: 'Zakupy bez konta są chwilowo niedostępne. Zaloguj się, aby kontynuować.',
    MISSING_PASSWORD_ERROR: 'Podaj hasło.',
    PASSWORD_VALIDATION_ERROR: 'Hasło jest zbyt słabe. Użyj co najmniej 8 znaków.',
    NATIVE_AUTH_STRATEGY_ERROR: 'Zakładanie konta jest chwilowo niedostępne.',
    ONLINE_PAYMENT_ERROR: 'Operator płatności jest chwilowo niedostępny. Spróbuj ponownie za chwilę albo wybierz przelew tradycyjny.',
  } as Record<string, string>,
} as const;

/** The Polish message for a backend error code (a generic one for codes we do not know). */
export function checkoutErrorMessage(errorCode: string): string {
  return checkoutTexts.errorCodes[errorCode] ?? checkoutTexts.errors.generic;
}
