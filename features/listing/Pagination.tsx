/** Page numbers around the current one: `visible` pages at most (spec §2: 5 by default). */
export function pageWindow(current: number, total: number, visible = 5): number[] {
  const size = Math.min(visible, total);
  let start = Math.max(1, current - Math.floor(size / 2));
  start = Math.min(start, total - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

/** Real links, so paging works without JavaScript. */
export function Pagination({ current, total, href }: { current: number; total: number; href: (page: number) => string }) {
  if (total <= 1) return null;
  const pages = pageWindow(current, total);
  return (
    <nav className="pagination" aria-label="Strony">
      {current > 1 && (
        <a className="pagination__step" href={href(current - 1)} rel="prev">
          ‹ Poprzednia
        </a>
      )}
      <ol>
        {pages.map((page) => (
          <li key={page}>
            {page === current ? (
              <span aria-current="page" className="pagination__page pagination__page--current">
                {page}
              </span>
            ) : (
              <a className="pagination__page" href={href(page)} aria-label={`Strona ${page}`}>
                {page}
              </a>
            )}
          </li>
        ))}
      </ol>
      {current < total && (
        <a className="pagination__step" href={href(current + 1)} rel="next">
          Następna ›
        </a>
      )}
    </nav>
  );
}
