/** The home page's texts: loaded with its chunk, not on every page. */
export const homeTexts = {
  title: 'Spersonalizowane akcesoria dla psów, szyte ręcznie w Polsce',
  categories: 'Kategorie',
  sale: 'Wyprzedaż',
  newest: 'Nowości',
  collections: 'Kolekcje',
  allCollections: 'Wszystkie kolekcje',
  seeAll: 'Zobacz wszystkie',
  seeAllIn: (name: string) => `Zobacz wszystko: ${name}`,
  teaserKicker: 'Pro-Fit Studio',
  teaserCta: 'Zaprojektuj szelki',
  blog: 'Z naszego bloga',
  readMore: 'Czytaj dalej',
  readMoreAbout: (title: string) => `Czytaj dalej: ${title}`,
} as const;
