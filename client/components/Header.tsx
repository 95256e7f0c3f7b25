import { t } from '../texts';
import { CategoryNav } from './header/CategoryNav';
import { SearchBar } from './header/SearchBar';
import { HeaderIcons } from './header/HeaderIcons';
import { mobileTitle } from './shell/active';
import { useHidingHeader } from './shell/use-hiding-header';
import { useRouterState } from '../router/context';

/** Minimal header: logo to home and the main sections. The full header (menus, search, icons) builds on it. */
export function Header() {
  const hidden = useHidingHeader();
  const { payload } = useRouterState();
  return (
    <header className={`header ${hidden ? 'header--hidden' : ''}`}>
      <div className="container header__inner">
        <a className="logo" href="/" aria-label={`${t.shopName} – ${t.home}`}>
          <svg className="logo__mark" viewBox="0 0 64 64" width="32" height="32" aria-hidden="true">
            <rect width="64" height="64" rx="14" fill="#0f766e" />
            <g fill="#fff">
              <ellipse cx="32" cy="42" rx="12" ry="10" />
              <circle cx="17" cy="27" r="5.5" />
              <circle cx="26" cy="18" r="5.5" />
              <circle cx="38" cy="18" r="5.5" />
              <circle cx="47" cy="27" r="5.5" />
            </g>
          </svg>
          <span className="logo__text">{t.shopName}</span>
        </a>
        {/* Phones show what page this is next to the small logo (spec §2: cut to 30 characters); the page's h1 says it to screen readers. */}
        <p className="header__title" aria-hidden="true">
          {payload.route === 'home' ? '' : mobileTitle(payload.head.title)}
        </p>
        <CategoryNav />
        <SearchBar />
        <nav aria-label={t.nav.main} className="header__nav">
          <a href="/o-produkcie">O produkcie</a>
          <a href="/obsluga-klienta">Obsługa klienta</a>
          <a href="/kontakt">{t.nav.contact}</a>
        </nav>
        <HeaderIcons />
      </div>
    </header>
  );
}
