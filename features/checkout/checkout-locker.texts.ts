/**
 * Polish texts of the shipping step's InPost locker picker: a module of its own, so that the other checkout pages do not load
 * them (what every checkout page shows is in checkout.ts; decision 027).
 */
export const lockerTexts = {
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
  hours: 'Godziny otwarcia',
  distance: (km: number) => `${km.toLocaleString('pl-PL', { maximumFractionDigits: 1 })} km`,
} as const;
