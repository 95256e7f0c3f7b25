import { WITHDRAWAL_LINK } from '../../client/texts/withdrawal-link';

/** The withdrawal form (issue 24, `/odstapienie-od-umowy`): Polish texts. */
export const withdrawalTexts = {
  /** the link's exact label (./withdrawal-link.ts) */
  link: WITHDRAWAL_LINK,
  title: 'Odstąpienie od umowy',
  intro:
    'Możesz odstąpić od umowy w ciągu 14 dni od doręczenia zamówienia, bez podawania przyczyny. Nie dotyczy to produktów wykonanych według Twojej specyfikacji (np. z projektem z Pro-Fit Studio, na wymiar lub z dodatkami na zamówienie).',
  findHeading: 'Krok 1. Wskaż zamówienie',
  // the order's number and e-mail address: texts/order-lookup.ts
  emailHint: 'Na ten adres wyślemy potwierdzenie odstąpienia.',
  find: 'Znajdź zamówienie',
  finding: 'Szukamy…',
  linesHeading: 'Krok 2. Wybierz produkty i podaj imię i nazwisko',
  linesLegend: 'Produkty, od których odstępujesz',
  quantity: (n: number) => `${n} szt.`,
  excluded: 'Nie można odstąpić',
  deadline: (date: string) => `Termin na odstąpienie: do ${date}.`,
  noDeadlineYet: 'Termin 14 dni liczy się od doręczenia zamówienia.',
  name: 'Imię i nazwisko',
  next: 'Dalej',
  back: 'Wróć',
  confirmHeading: 'Krok 3. Potwierdź odstąpienie',
  confirmIntro: (code: string) => `Oświadczam, że odstępuję od umowy sprzedaży następujących produktów z zamówienia ${code}:`,
  confirmBy: (name: string, email: string) => `Składający: ${name}, ${email}.`,
  confirm: 'Potwierdź odstąpienie',
  sending: 'Wysyłamy…',
  doneHeading: 'Otrzymaliśmy Twoje odstąpienie od umowy',
  doneAt: (date: string) => `Data i godzina otrzymania: ${date}.`,
  doneMail: (email: string) =>
    `Potwierdzenie wysłaliśmy na adres ${email}. Odeślij produkty w ciągu 14 dni; zwrot płatności otrzymasz najpóźniej 14 dni od dziś.`,
  errors: {
    lines: 'Wybierz co najmniej jeden produkt.',
    name: 'Podaj imię i nazwisko.',
    forbidden: 'To zamówienie należy do innego konta. Zaloguj się na konto, na które je złożono, albo wyloguj się.',
    failed: 'Nie udało się wysłać odstąpienia. Twoje dane są zachowane – spróbuj ponownie za chwilę.',
  },
};
