/**
 * Polish texts of the checkout's billing step: a module of its own, so that the other checkout pages do not load
 * them (what every checkout page shows is in checkout.ts; decision 027).
 */
export const billingTexts = {
  heading: 'Dane do faktury',
  sameAsShipping: 'Dane rozliczeniowe takie same jak adres dostawy',
  lockerNote: 'Przy dostawie do paczkomatu podaj adres rozliczeniowy.',
  addressHeading: 'Adres rozliczeniowy',
  submit: 'Przejdź do płatności',
} as const;
