/**
 * Polish names of what a configured harness line carries (spec §3 `configurator` JSON: parts
 * and their colours, by the backend's keys and colour codes). Used by the cart line details,
 * which load with the cart sidebar, so they are not in every page's texts.
 */
export const harnessTexts = {
  parts: { szyja: 'Pas szyjny', klatka: 'Pas piersiowy', lacznik: 'Łącznik', grzbiet: 'Pas grzbietowy' } as Record<string, string>,
  colours: {
    czarny: 'czarny',
    grafitowy: 'grafitowy',
    szary: 'szary',
    bialy: 'biały',
    czerwony: 'czerwony',
    bordowy: 'bordowy',
    rozowy: 'różowy',
    pomaranczowy: 'pomarańczowy',
    zolty: 'żółty',
    zielony: 'zielony',
    oliwkowy: 'oliwkowy',
    mietowy: 'miętowy',
    turkusowy: 'turkusowy',
    niebieski: 'niebieski',
    granatowy: 'granatowy',
    fioletowy: 'fioletowy',
    brazowy: 'brązowy',
    bezowy: 'beżowy',
  } as Record<string, string>,
};
