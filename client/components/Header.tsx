import { t } from '../texts';

/** Minimal header: logo to home and the main sections. The full header (menus, search, icons) builds on it. */
export function Header() {
  return (
    <header className="header">
      <div className="container header__inner">
        <a className="logo" href="/" aria-label={`${t.shopName} – ${t.home}`}>
          <span className="logo__mark" aria-hidden="true">🐾</span>
          <span className="logo__text">{t.shopName}</span>
        </a>
        <nav aria-label={t.nav.main} className="header__nav">
          <a href="/o-produkcie">O produkcie</a>
          <a href="/obsluga-klienta">Obsługa klienta</a>
          <a href="/kontakt">{t.nav.contact}</a>
        </nav>
      </div>
    </header>
  );
}
