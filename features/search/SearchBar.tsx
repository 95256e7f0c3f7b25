import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useRouterState } from '../../client/router/context';
import { t } from '../../client/texts';
import type { SearchAction } from '../../client/components/header/types';

/** The results panel and its search logic load on first use, so pages do not pay for them up front. */
const loadOverlay = () => import('./SearchOverlay');
const SearchOverlay = lazy(loadOverlay);

const NO_ACTION: SearchAction = { kind: 'input', phrase: '', seq: 0 };

/** Class on <html> while the overlay is open: the page behind does not scroll. */
const SEARCH_SCROLL_LOCK = 'search-open';

/**
 * The header search bar (spec §2 "Search overlay"). A plain GET form to the
 * listing (`/c/dla-psa?q=…`) without JavaScript; with it, focus or the search
 * icon opens the results overlay, typing searches after 300 ms and Enter at
 * once; Escape closes and clears; a route change clears the phrase.
 */
export function SearchBar() {
  const [phrase, setPhrase] = useState('');
  const [open, setOpen] = useState(false);
  /** The last thing the shopper did, for the overlay: typing (debounced) or Enter / the icon (at once). */
  const [action, setAction] = useState<SearchAction>(NO_ACTION);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const { navigationId } = useRouterState();

  const close = useCallback(() => {
    setOpen(false);
    setPhrase('');
    setAction(NO_ACTION);
  }, []);

  useEffect(() => {
    if (navigationId > 0) close();
  }, [navigationId, close]);

  useEffect(() => {
    if (!open) return;
    const html = document.documentElement;
    html.classList.add(SEARCH_SCROLL_LOCK);
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      html.classList.remove(SEARCH_SCROLL_LOCK);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, close]);

  return (
    // Escape anywhere in the search (input, results, close button) closes it and clears the phrase.
    <div
      ref={rootRef}
      className={`search ${open ? 'search--open' : ''}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault();
          close();
          inputRef.current?.focus();
        }
      }}
    >
      <search>
        <form
          method="get"
          action="/c/dla-psa"
          className="search__form"
          onSubmit={(event) => {
            event.preventDefault();
            setOpen(true);
            setAction((a) => ({ kind: 'submit', phrase, seq: a.seq + 1 }));
            inputRef.current?.focus();
          }}
        >
          <label htmlFor="search-phrase" className="visually-hidden">
            {t.search.label}
          </label>
          <input
            ref={inputRef}
            id="search-phrase"
            className="search__input"
            type="search"
            name="q"
            value={phrase}
            placeholder={t.search.placeholder}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={100}
            onChange={(event) => {
              const value = event.target.value;
              setPhrase(value);
              setOpen(true);
              setAction((a) => ({ kind: 'input', phrase: value, seq: a.seq + 1 }));
            }}
            onFocus={() => setOpen(true)}
            onPointerEnter={() => void loadOverlay()}
          />
          <button type="submit" className="search__submit">
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M16.5 16.5L21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span className="visually-hidden">{t.search.submit}</span>
          </button>
        </form>
      </search>
      {open && (
        <Suspense fallback={null}>
          <SearchOverlay action={action} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
