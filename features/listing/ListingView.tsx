import { memo, type ReactNode, useEffect, useState } from 'react';
import { listingHref, PAGE_SIZES, type PageSize, type SortValue, toggleFacet } from './listing-params';
import type { ListingData } from './listing-types';
import { useRouter, useRouterState } from '../../client/router/context';
import { usePanels } from '../../client/stores/StoresProvider';
import { t } from '../../client/texts';
import { listingTexts } from './listing.texts';
import { Pagination } from './Pagination';
import { ProductCard } from './ProductCard';
import { HydrationSlice, NearSlice } from '../../client/components/ui/HydrationSlice';

const VIEW_KEY = 'listing-view';
type View = 'grid' | 'list';

/** Grid or list (default grid), remembered in local storage; read after mount so hydration matches the server. */
function useRememberedView(): [View, (v: View) => void] {
  const [view, setView] = useState<View>('grid');
  useEffect(() => {
    try {
      if (localStorage.getItem(VIEW_KEY) === 'list') setView('list');
    } catch {}
  }, []);
  return [
    view,
    (v) => {
      setView(v);
      try {
        localStorage.setItem(VIEW_KEY, v);
      } catch {}
    },
  ];
}

/** The empty listing; after a search, the one-edit correction when there is one ('Czy chodziło Ci o: szelki?') and the top categories. */
function NoProducts({ data, href }: { data: ListingData; href(change: { q: string; phrase: string }): string }) {
  const nav = useRouterState().payload.nav ?? [];
  const search = data.search;
  if (!search) return <p className="listing__empty">{listingTexts.empty}</p>;
  return (
    <div className="listing__empty">
      <p>{listingTexts.noResults(search.term)}</p>
      {search.suggestion && (
        <p>
          {listingTexts.didYouMean}
          <a href={href({ q: search.suggestion, phrase: '' })}>{search.suggestion}</a>?
        </p>
      )}
      {nav.length > 0 && (
        <p>
          {listingTexts.browseCategories}{' '}
          {nav.map((c, i) => (
            <span key={c.link}>
              {i > 0 && ', '}
              <a href={c.link}>{c.name}</a>
            </span>
          ))}
        </p>
      )}
    </div>
  );
}

/**
 * The cards, each hydrated in a slice of its own once it nears the viewport (decisions 125, 126). Memoised: opening or closing the
 * filters sheet re-renders the listing, and walking 40 cards again made the first tap on 'Filtry'
 * slower (docs/performance.md, "A phone's main thread").
 */
const ProductGrid = memo(function ProductGrid({ products, view }: { products: ListingData['products']; view: View }) {
  return (
    <ul className={`products products--${view}`}>
      {products.map((p, i) => (
        <NearSlice key={p.id} as="li">
          <ProductCard product={p} eager={i < 2} view={view} />
        </NearSlice>
      ))}
    </ul>
  );
});

/**
 * A product listing: filters, sort, page size, grid/list, cards and pagination. Every control is also a plain link or form.
 * On a phone (issue 29) the toolbar is one row (count, 'Filtry', sort); page size and view move into the filters sheet,
 * so the first product card is on the first screen. `aside` goes in the column beside the products, above the filters
 * (the category page's CategorySidebar).
 */
export function ListingView({ data, aside }: { data: ListingData; aside?: ReactNode }) {
  const router = useRouter();
  const [view, setView] = useRememberedView();
  const filtersOpen = usePanels((s) => s.open === 'filters');
  const togglePanel = usePanels((s) => s.toggle);
  const closePanel = usePanels((s) => s.close);
  const { params, path } = data;
  const href = (change: Parameters<typeof listingHref>[2]) => listingHref(path, params, change);
  const selectedCount = params.facetValueIds.length;
  const perPage = (className: string) => (
    <label className={className}>
      <span>{listingTexts.perPage}</span>
      <select
        name="itemsPerPage"
        value={params.itemsPerPage}
        onChange={(e) => void router.navigate(href({ itemsPerPage: Number(e.target.value) as PageSize }))}
      >
        {PAGE_SIZES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
  const viewToggle = (
    <fieldset className="listing__view">
      <legend className="visually-hidden">{listingTexts.view}</legend>
      {(['grid', 'list'] as const).map((v) => (
        <button key={v} type="button" aria-pressed={view === v} onClick={() => setView(v)} className="listing__view-button">
          {v === 'grid' ? listingTexts.grid : listingTexts.list}
        </button>
      ))}
    </fieldset>
  );

  return (
    <div className="listing">
      <div className="listing__toolbar">
        <p className="listing__count" aria-live="polite">
          {t.listing.products(data.totalItems)}
        </p>
        <button
          type="button"
          className="button button--ghost button--small listing__filters-toggle"
          aria-expanded={filtersOpen}
          aria-controls="filters"
          onClick={() => togglePanel('filters')}
        >
          {listingTexts.filters}
          {selectedCount > 0 && ` (${selectedCount})`}
        </button>
        <form method="get" action={path} className="listing__form">
          {params.q && <input type="hidden" name="q" value={params.q} />}
          {params.facetValueIds.map((id) => (
            <input key={id} type="hidden" name="a" value={id} />
          ))}
          <label className="listing__sort">
            <span>{listingTexts.sort}</span>
            <select
              name="sort"
              value={params.sort ?? ''}
              onChange={(e) => void router.navigate(href({ sort: (e.target.value || null) as SortValue | null }))}
            >
              <option value="">{listingTexts.defaultSort}</option>
              {data.sortOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
          {perPage('listing__per-page')}
          <noscript>
            <button type="submit" className="button button--small">
              {listingTexts.apply}
            </button>
          </noscript>
        </form>
        {viewToggle}
      </div>
      <div className="listing__body">
        {aside}
        {(data.facets.length > 0 || filtersOpen) && (
          // hydrated in a slice of its own (decision 125); opened by a tap, which hydrates it first
          <HydrationSlice>
            <aside id="filters" className={`filters ${filtersOpen ? 'filters--open' : ''}`} aria-label={listingTexts.filters}>
              <div className="filters__head">
                <h2>{listingTexts.filters}</h2>
                <button type="button" className="filters__close" onClick={closePanel} aria-label={listingTexts.close}>
                  ×
                </button>
              </div>
              {/* On a phone the page size and the view live in this sheet, off the first screen (issue 29). */}
              {filtersOpen && (
                <div className="filters__page-controls">
                  {perPage('')}
                  {viewToggle}
                </div>
              )}
              {data.facets.map((facet) => (
                <section key={facet.id} className="filters__group">
                  <h3>{facet.name}</h3>
                  <ul>
                    {facet.values.map((v) => (
                      <li key={v.id}>
                        <a
                          href={href({ facetValueIds: toggleFacet(params.facetValueIds, v.id) })}
                          className={`filter ${v.selected ? 'filter--on' : ''}`}
                          rel="nofollow"
                        >
                          <span className="filter__box" aria-hidden="true" />
                          {v.name} <span className="filter__count">({v.count})</span>
                          {v.selected && <span className="visually-hidden"> – {listingTexts.selected}</span>}
                        </a>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
              {selectedCount > 0 && (
                <a className="button button--ghost button--small" href={href({ facetValueIds: [] })}>
                  {listingTexts.clearFilters}
                </a>
              )}
            </aside>
          </HydrationSlice>
        )}
        <div className="listing__main">
          {/* Headings go h1 → h2 → h3 (card titles) even when the filter sidebar, with its h2, is hidden on a phone. */}
          <h2 className="visually-hidden">{listingTexts.productsHeading}</h2>
          {data.products.length === 0 ? <NoProducts data={data} href={href} /> : <ProductGrid products={data.products} view={view} />}
          <Pagination current={params.page} total={data.totalPages} href={(page) => href({ page })} />
        </div>
      </div>
    </div>
  );
}
