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
  /** a fresh link by e-mail (decision 104): the old one expired, or the e-mail is gone */
  newLink: {
    heading: 'Nowy link do zamówienia',
    intro: 'Wolisz link? Wyślemy go na adres e-mail, na który złożono zamówienie. Działa przez 90 dni.',
    send: 'Wyślij nowy link',
    sending: 'Wysyłamy…',
    sent: 'Jeśli zamówienie o tym numerze złożono z tym adresem, za chwilę dostaniesz na niego e-mail z nowym linkiem. Sprawdź też folder spam.',
  },
  errors: {
    badLink:
      'Ten link do zamówienia wygasł albo jest niepełny. Podaj numer zamówienia i adres e-mail: pokażemy status od razu albo wyślemy Ci nowy link.',
    failed: 'Nie udało się sprawdzić zamówienia. Spróbuj ponownie za chwilę.',
  },
};
