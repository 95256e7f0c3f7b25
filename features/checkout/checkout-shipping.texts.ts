/**
 * Polish texts of the checkout's shipping step: a module of its own, so that the other checkout pages do not load
 * them (what every checkout page shows is in checkout.ts; decision 027).
 */
export const shippingTexts = {
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
  /** the locker method without a locker chosen (the picker's texts load with the picker) */
  lockerRequired: 'Wybierz paczkomat z listy.',
} as const;
