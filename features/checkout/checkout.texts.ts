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
