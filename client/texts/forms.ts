/**
 * Polish texts of the forms (checkout, account, login): field labels and validation messages.
 * Loaded with the pages and panels that show forms, not with every page (client/texts/index.ts
 * holds what every page needs). Spec §5 messages are quoted exactly.
 */
export const formTexts = {
  errors: {
    required: 'To pole jest wymagane',
    email: 'Błędny adres e-mail',
    phone: 'Wprowadź poprawny numer telefonu.',
    postalCode: 'Wpisz kod pocztowy w formacie 00-000.',
    nip: 'Błędny numer NIP – sprawdź, czy ma 10 cyfr i nie ma literówki.',
    tooLong: (max: number) => `Maksymalnie ${max} znaków.`,
    country: 'Wysyłamy tylko na terenie Polski.',
  },
  address: {
    firstName: 'Imię',
    lastName: 'Nazwisko',
    streetName: 'Ulica',
    streetNumber: 'Numer domu',
    apartment: 'Numer lokalu (opcjonalnie)',
    city: 'Miejscowość',
    postalCode: 'Kod pocztowy',
    country: 'Kraj',
    phone: 'Telefon',
    company: 'Nazwa firmy (opcjonalnie)',
    nip: 'NIP',
    invoice: 'Chcę otrzymać fakturę VAT',
    parcelLocker: 'Paczkomat',
  },
  /** The only country offered (spec §5): code PL, label Polska. */
  countryName: 'Polska',
} as const;
