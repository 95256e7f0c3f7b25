/**
 * Polish texts of Pro-Fit Studio (/pro-fit-studio and its two harness configurators). Loaded
 * only with those pages; texts every page needs stay in client/texts/index.ts.
 */
export const configuratorTexts = {
  studio: {
    title: 'Pro-Fit Studio',
    metaDescription: 'Zaprojektuj szelki dla swojego psa: wybierz model, rozmiar i kolor każdej części, a podgląd pokaże je od razu.',
    lead: 'Zaprojektuj szelki, jakich nie ma nikt inny. Wybierz model i rozmiar, nadaj kolor każdej części, dobierz okucia i dodatki – podgląd zmienia się z każdym wyborem, a cenę liczymy na bieżąco.',
    design: 'Zaprojektuj',
    designLabel: (name: string) => `Zaprojektuj: ${name}`,
    types: {
      guard: {
        name: 'Szelki typu guard',
        text: 'Klasyczne szelki z regulacją na szyi i klatce piersiowej, uchwytem na grzbiecie i dwoma miejscami do wpięcia smyczy. Pas szyjny, pas piersiowy i łącznik możesz mieć w różnych kolorach.',
      },
      bezuciski: {
        name: 'Szelki bezuciskowe Pro-Fit',
        text: 'Szelki w kształcie litery Y: pas piersiowy omija stawy barkowe, więc nic nie ogranicza ruchu łopatek. Pas szyjny, piersiowy i grzbietowy w wybranych przez Ciebie kolorach.',
      },
    } as Record<string, { name: string; text: string }>,
  },
  steps: {
    model: 'Model',
    size: 'Szerokość taśmy i rozmiar',
    colours: 'Kolory części',
    hardware: 'Okucia',
    extras: 'Dodatki',
    quantity: 'Ilość',
  },
  modelLabel: 'Model szelek',
  from: 'od',
  hardwareLabel: 'Kolor okuć',
  preview: 'Podgląd szelek',
  previewAlt: (model: string, colours: string) => `Podgląd: ${model}. ${colours}`,
  previewNothing: 'Wybierz model i kolory, aby zobaczyć podgląd.',
  notChosen: 'nie wybrano',
  summary: 'Twój projekt',
  price: 'Cena',
  base: 'Szelki',
  extras: 'Dodatki',
  total: 'Razem',
  addToCart: 'Dodaj do koszyka',
  adding: 'Dodano ✓',
  added: (name: string) => `Dodano do koszyka: ${name}`,
  missing: (what: string) => `Aby dodać do koszyka, wybierz: ${what}.`,
  model: 'model',
  fixErrors: 'Popraw zaznaczone pola, aby dodać do koszyka.',
  unavailable: 'Ten wariant jest chwilowo niedostępny – wybierz inny rozmiar lub model.',
  productLink: 'Zobacz kartę produktu',
  empty: 'Ten konfigurator jest chwilowo niedostępny. Zajrzyj do nas za chwilę.',
  back: 'Pro-Fit Studio',
  share: 'Projekt zapisuje się w adresie strony – skopiuj go, aby wrócić do niego później lub pokazać go komuś.',
};
