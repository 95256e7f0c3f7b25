import { useEffect, useMemo, useState } from 'react';
import { searchProductsTerm } from './search.graphql';
import { IMAGE, imageUrl } from '../../client/lib/image';
import { formatPrice } from '../../client/lib/price';
import { shopRequest } from '../../client/lib/shop-api';
import { useRouterState } from '../../client/router/context';
import { t } from '../../client/texts';
import { searchTexts } from './search.texts';
import type { SearchAction } from '../../client/components/header/types';
import { createSearchController, SEARCH_PRODUCTS_TAKE, type SearchState, type SearchView, toSearchView } from './search-input';

async function searchTerm(term: string): Promise<SearchView> {
  const response = await shopRequest(searchProductsTerm, { input: { term, groupByProduct: true, take: SEARCH_PRODUCTS_TAKE } });
  return toSearchView(response, term);
}

/**
 * The results panel under the header search bar (loaded lazily by SearchBar):
 * heading, 'Znalezione kategorie', 'Znalezione produkty', 'Zobacz więcej',
 * the empty states and 'Zamknij wyszukiwarkę'.
 */
export default function SearchOverlay({ action, onClose }: { action: SearchAction; onClose(): void }) {
  const [state, setState] = useState<SearchState<SearchView>>({ status: 'idle' });
  const controller = useMemo(() => createSearchController({ search: searchTerm, onChange: setState }), []);
  const { assetUrl } = useRouterState().payload.config;

  useEffect(() => () => controller.reset(), [controller]);
  useEffect(() => {
    if (action.kind === 'submit') controller.submit(action.phrase);
    else controller.input(action.phrase);
  }, [controller, action]);

  const view = state.status === 'done' ? state.result : state.status === 'loading' ? state.previous : null;
  const term = state.status === 'idle' ? '' : state.term;
  const empty = state.status === 'done' && view && view.products.length === 0 && view.categories.length === 0;

  return (
    <section id="search-overlay" className="search-overlay" aria-label={t.search.label}>
      <div className="search-overlay__panel">
        <div className="search-overlay__head">
          {term ? <h2 className="search-overlay__title">{searchTexts.heading(term)}</h2> : <span />}
          <button type="button" className="search-overlay__close" onClick={onClose}>
            {searchTexts.close}
          </button>
        </div>
        <div className="search-overlay__status" aria-live="polite">
          {state.status === 'idle' && <p>{searchTexts.typePhrase}</p>}
          {state.status === 'loading' && !view && <p>{searchTexts.loading}</p>}
          {state.status === 'error' && <p>{searchTexts.failed}</p>}
          {empty && <p>{searchTexts.nothingFound}</p>}
        </div>
        {view && !empty && (
          <div className={`search-overlay__results ${state.status === 'loading' ? 'search-overlay__results--stale' : ''}`}>
            {view.categories.length > 0 && (
              <div className="search-overlay__section">
                <h3>{searchTexts.categories}</h3>
                <ul className="search-overlay__categories">
                  {view.categories.map((c) => (
                    <li key={c.id}>
                      <a className="chip" href={c.link}>
                        {c.name}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {view.products.length > 0 && (
              <div className="search-overlay__section">
                <h3>{searchTexts.products}</h3>
                <ul className="search-overlay__products">
                  {view.products.map((p) => (
                    <li key={p.id}>
                      <a href={p.link} className="search-result">
                        {p.image ? (
                          <img
                            src={imageUrl(p.image, IMAGE.small, assetUrl)}
                            width={IMAGE.small.w}
                            height={IMAGE.small.h}
                            alt=""
                            loading="lazy"
                            decoding="async"
                          />
                        ) : (
                          <span className="search-result__noimage" aria-hidden="true" />
                        )}
                        <span className="search-result__name">{p.name}</span>
                        <span className="search-result__price">
                          {p.from && `${t.card.from} `}
                          {formatPrice(p.price)}
                        </span>
                      </a>
                    </li>
                  ))}
                </ul>
                <a className="button button--ghost search-overlay__more" href={view.moreLink}>
                  {searchTexts.more}
                </a>
              </div>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
