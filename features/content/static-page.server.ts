import staticPages from '#build/static-pages';
import type { StaticPageData } from './StaticPage';
import { t } from '../../client/texts';
import { type Loader, absoluteUrl } from '../../worker/pages/loader';

export interface ContentPage {
  section: string;
  slug: string;
  title: string;
  description: string;
  order: number;
  html: string;
}

const pages = staticPages;

/** Live path of a content page: `/kontakt`, `/pomoc`, `/pomoc/regulamin`. */
function contentPath(page: Pick<ContentPage, 'section' | 'slug'>): string {
  return page.slug === 'index' ? `/${page.section}` : `/${page.section}/${page.slug}`;
}

const PAGE_NAME = /^[a-z0-9-]{1,80}$/;
/** `/page` without a name (spec §2 `/page/{pageName?}`): an index of every static page (decision 092). */
const PAGES_INDEX = 'page/index';
/** Order of the sections in the index: the footer's, then the rest. */
const SECTION_ORDER = ['o-produkcie', 'obsluga-klienta', 'pomoc', 'page', 'kontakt'];

/**
 * The live paths of a section's pages, every one of content/pages/{section}/ (the sitemaps list
 * them: features/sitemap/sitemap-sources.server.ts).
 */
export function contentPagePaths(section: string): string[] {
  return Object.values(pages)
    .filter((p) => p.section === section)
    .map(contentPath);
}

const bySidebarOrder = (a: ContentPage, b: ContentPage) => a.order - b.order || a.title.localeCompare(b.title, 'pl');

/** Every static page grouped by section, each section headed by its landing page (or the section's first page). */
function pagesIndex(): NonNullable<StaticPageData['index']> {
  const sections = new Map<string, ContentPage[]>();
  for (const p of Object.values(pages)) sections.set(p.section, [...(sections.get(p.section) ?? []), p]);
  const rank = (section: string) => (SECTION_ORDER.includes(section) ? SECTION_ORDER.indexOf(section) : SECTION_ORDER.length);
  return [...sections.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([, list]) => {
      const sorted = [...list].sort(bySidebarOrder);
      const head = sorted.find((p) => p.slug === 'index') ?? sorted[0]!;
      return {
        title: head.title,
        href: contentPath(head),
        pages: sorted.filter((p) => p !== head).map((p) => ({ href: contentPath(p), title: p.title })),
      };
    });
}

/**
 * Static content pages (Markdown rendered at build time). Legacy capitalised
 * routes carry `meta.content` and show the same content with the live page as
 * canonical. An unknown pageName is a miss.
 */
export const staticPageLoader: Loader<StaticPageData> = async (ctx) => {
  const { route, params } = ctx;
  let key = route.meta?.content;
  if (!key) {
    const pageName = params.pageName ?? 'index';
    if (!PAGE_NAME.test(pageName)) return null;
    key = `${route.meta?.section}/${pageName}`;
  }
  const page = pages[key];
  if (!page) return null;
  const sidebar = Object.values(pages)
    .filter((p) => p.section === page.section)
    .sort(bySidebarOrder)
    .map((p) => ({ href: contentPath(p), title: p.title, current: p === page }));
  const index = key === PAGES_INDEX ? pagesIndex() : undefined;
  return {
    data: { title: page.title, html: page.html, sidebar, ...(index ? { index } : {}) },
    head: {
      title: `${page.title} – ${t.shopName}`,
      description: page.description,
      canonical: absoluteUrl(ctx, contentPath(page)),
    },
  };
};
