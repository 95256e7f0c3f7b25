import staticPages from '#build/static-pages';
import type { StaticPageData } from '../../client/pages/StaticPage';
import { t } from '../../client/texts';
import { type Loader, absoluteUrl } from './types';

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
export function contentPath(page: Pick<ContentPage, 'section' | 'slug'>): string {
  return page.slug === 'index' ? `/${page.section}` : `/${page.section}/${page.slug}`;
}

const PAGE_NAME = /^[a-z0-9-]{1,80}$/;

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
    .sort((a, b) => a.order - b.order || a.title.localeCompare(b.title, 'pl'))
    .map((p) => ({ href: contentPath(p), title: p.title, current: p === page }));
  return {
    data: { title: page.title, html: page.html, sidebar },
    head: {
      title: `${page.title} – ${t.shopName}`,
      description: page.description,
      canonical: absoluteUrl(ctx, contentPath(page)),
    },
  };
};

/** Section landing pages, for the home page and the footer. */
export function sectionIndexes(): ContentPage[] {
  return Object.values(pages).filter((p) => p.slug === 'index');
}
