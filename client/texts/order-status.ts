/** The order status page of someone without an account (issue 28, `/status-zamowienia`): Polish texts. */
export const orderStatusTexts = {
  /** the page's title (and the footer's link, client/components/shell/FooterContent.tsx) */
  title: 'Status zamówienia',
  intro:
    'Podaj numer zamówienia i adres e-mail, na który je złożono. Link prosto do tej strony znajdziesz też w e-mailu z potwierdzeniem zamówienia.',
  account: 'Masz konto? Swoje zamówienia znajdziesz po zalogowaniu w ',
  accountLink: 'Moje konto → Zamówienia',
  // the order's number and e-mail address: texts/order-lookup.ts
  find: 'Sprawdź status',
  finding: 'Sprawdzamy…',
  placedAt: 'Złożone',
  state: 'Stan zamówienia',
  /** what happens next, while there is no shipment yet */
  next: {
    PaymentAuthorized: 'Czekamy na zaksięgowanie Twojej płatności. Zamówienie wyślemy, gdy tylko ją otrzymamy.',
    PaymentSettled: 'Przygotowujemy Twoje zamówienie. Gdy je wyślemy, dostaniesz e-mail z numerem przesyłki.',
  } as Record<string, string>,
  lines: 'Produkty',
  quantity: (n: number) => `${n} szt.`,
  discount: 'Rabaty',
  shipping: 'Dostawa',
  free: 'gratis',
  total: 'Razem',
  another: 'Sprawdź inne zamówienie',
  errors: {
    badLink: 'Ten link do zamówienia jest nieprawidłowy albo niepełny. Podaj numer zamówienia i adres e-mail, a pokażemy jego status.',
    failed: 'Nie udało się sprawdzić zamówienia. Spróbuj ponownie za chwilę.',
  },
};
