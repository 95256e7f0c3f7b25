/**
 * The personalisation extras' names, prices and field errors: shared by the product page and the
 * configurators (features/product/product-extras.ts), so a configurator does not load the product page's texts.
 */
export const extrasTexts = {
  extras: {
    podszycie: 'Podszycie z pianki',
    kolorOkuc: 'Kolor okuć',
    odblaski: 'Odblaski',
    raczka: 'Dodatkowa rączka',
    dopasowanieRozmiaru: 'Dopasowanie rozmiaru',
    customObwodSzyi: 'Obwód szyi',
    customObwodKlatki: 'Obwód klatki piersiowej',
    dodatkowyMetr: 'Dodatkowa długość',
  },
  plus: (price: string) => `+${price}`,
  rangeError: (label: string, min: number, max: number, unit: string) => `${label} musi wynosić od ${min} do ${max} ${unit}.`,
  integerError: (label: string) => `${label}: wpisz liczbę całkowitą.`,
};
