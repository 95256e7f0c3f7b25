/**
 * Polish texts of the checkout's first step (Twoje dane): a module of its own, so that the other checkout pages do not load
 * them (what every checkout page shows is in checkout.ts; decision 027).
 */
export const customerTexts = {
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
} as const;
