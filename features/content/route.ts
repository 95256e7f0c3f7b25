import { CATALOGUE_PAGE, type RouteFacts } from '../../client/router/route-facts';

/** A static content page: same for everybody, answers its own paths. */
const staticRoute = (id: string, path: string, meta: Record<string, string>, canonical = true, samples?: RouteFacts['samples']): RouteFacts => ({
  id,
  path,
  page: 'StaticPage',
  loader: 'staticPageLoader',
  ...CATALOGUE_PAGE,
  legacyOnMiss: false,
  indexable: canonical,
  ...(canonical ? {} : { linked: false }),
  meta,
  ...(samples ? { samples } : {}),
});

/**
 * Capitalised legacy static routes of spec §2, mapped onto the content of the live page they
 * duplicate (rendered with a canonical link to it, so not indexable themselves).
 */
const LEGACY_STATIC: Array<[path: string, content: string]> = [
  ['/Pielegnacja', 'o-produkcie/pielegnacja'],
  ['/Tasma', 'page/tasma'],
  ['/Okucia', 'page/okucia'],
  ['/Personalizacja', 'o-produkcie/personalizacja'],
  ['/Karabinczyki', 'page/karabinczyki'],
  ['/Metka', 'page/metka'],
  ['/ONas', 'pomoc/o-nas'],
  ['/PolitykaCookies', 'page/polityka-cookies'],
  ['/PolitykaPrywatnosci', 'pomoc/polityka-prywatnosci'],
  ['/Regulamin', 'pomoc/regulamin'],
  ['/CzasRealizacji', 'obsluga-klienta/czas-realizacji'],
  ['/FAQ', 'obsluga-klienta/faq'],
  ['/Platnosci', 'obsluga-klienta/platnosci'],
  ['/Promocje', 'obsluga-klienta/promocje'],
  ['/Reklamacje', 'obsluga-klienta/reklamacje'],
  ['/Wspolpraca', 'obsluga-klienta/wspolpraca'],
  ['/Wymiana', 'obsluga-klienta/wymiana'],
  ['/Zwrot', 'obsluga-klienta/zwrot'],
];

/** Static pages from content/pages (spec §7) by section, and their legacy duplicates. */
export const routes: RouteFacts[] = [
  staticRoute('kontakt', '/kontakt', { section: 'kontakt' }),
  staticRoute('o-produkcie', '/o-produkcie/:pageName?', { section: 'o-produkcie' }),
  staticRoute('obsluga-klienta', '/obsluga-klienta/:pageName?', { section: 'obsluga-klienta' }, true, [{ path: '/obsluga-klienta/faq' }]),
  staticRoute('pomoc', '/pomoc/:pageName?', { section: 'pomoc' }),
  staticRoute('page', '/page/:pageName?', { section: 'page' }),
  ...LEGACY_STATIC.map(([path, content]) => staticRoute(`legacy:${path}`, path, { content }, false)),
];
