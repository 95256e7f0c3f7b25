import type { PageProps } from '../../client/router/types';
import { t } from '../../client/texts';

export interface StaticPageData {
  title: string;
  /** HTML rendered from the page's Markdown at build time and sanitised there. */
  html: string;
  /** Sibling pages of the same section, for the sidebar (spec §2: static pages have a sidebar). */
  sidebar: Array<{ href: string; title: string; current: boolean }>;
  /** `/page` alone: every static page, by section (an index instead of a 404). */
  index?: Array<{ title: string; href: string; pages: Array<{ href: string; title: string }> }>;
}

export default function StaticPage({ data }: PageProps<StaticPageData>) {
  return (
    <div className="static-page">
      {data.sidebar.length > 1 && (
        <nav className="static-page__sidebar" aria-label={t.staticPages.sidebar}>
          <ul>
            {data.sidebar.map((item) => (
              <li key={item.href}>
                <a href={item.href} aria-current={item.current ? 'page' : undefined}>
                  {item.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <article className="static-page__content">
        <h1>{data.title}</h1>
        <div className="prose" dangerouslySetInnerHTML={{ __html: data.html }} />
        {data.index?.map((section) => (
          <section key={section.href} className="prose">
            <h2>
              <a href={section.href}>{section.title}</a>
            </h2>
            <ul>
              {section.pages.map((p) => (
                <li key={p.href}>
                  <a href={p.href}>{p.title}</a>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </article>
    </div>
  );
}
