import { t } from '../../texts';
import { CategoryNav } from './CategoryNav';
import { Logo } from '../shell/Logo';
import { SearchBar } from '../../../features/search/SearchBar';
import { HeaderIcons } from './HeaderIcons';
import { mobileTitle } from '../../lib/shell/active';
import { useHidingHeader } from '../../lib/shell/use-hiding-header';
import { useRouterState } from '../../router/context';
import { HydrationSlice } from '../ui/HydrationSlice';

/** Minimal header: logo to home and the main sections. The full header (menus, search, icons) builds on it. */
export function Header() {
  const hidden = useHidingHeader();
  const { payload } = useRouterState();
  return (
    <header className={`header ${hidden ? 'header--hidden' : ''}`}>
      <div className="container header__inner">
        <Logo />
        {/* Phones show what page this is next to the small logo (spec §2: cut to 30 characters); the page's h1 says it to screen readers. */}
        <p className="header__title" aria-hidden="true">
          {payload.route === 'home' ? '' : mobileTitle(payload.head.title)}
        </p>
        <CategoryNav />
        <HydrationSlice>
          <SearchBar />
        </HydrationSlice>
        <nav aria-label={t.nav.main} className="header__nav">
          <a href="/o-produkcie">O produkcie</a>
          <a href="/obsluga-klienta">Obsługa klienta</a>
          <a href="/kontakt">{t.nav.contact}</a>
        </nav>
        <HydrationSlice>
          <HeaderIcons />
        </HydrationSlice>
      </div>
    </header>
  );
}
