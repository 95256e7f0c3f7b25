export const INPOST_METHOD_CODE = 'inpost-paczkomat';
export const COURIER_METHOD_CODE = 'kurier';
/** Polish reasons given in `transitionError` (the storefront may show them as they are). */
export const LOCKER_REQUIRED = 'Wybierz Paczkomat InPost, do którego mamy dostarczyć paczkę.';
export const LOCKER_INVALID = 'Kod Paczkomatu jest nieprawidłowy. Wybierz Paczkomat z listy.';
export const STREET_REQUIRED = 'Podaj adres dostawy kuriera: ulicę z numerem, kod pocztowy i miejscowość.';
