import { usePanels } from '../../stores/StoresProvider';

/**
 * Placeholder of the accounts issue's account entry points, so the shell can
 * place them: both open the login panel. The accounts issue replaces this file
 * (signed-in shoppers go to /my-account); keep the two export names, props-less.
 */
function PersonIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M4.5 20.5a7.5 7.5 0 0 1 15 0" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/** The ACCOUNT item of the mobile bottom navigation. */
export function AccountNavItem() {
  const active = usePanels((s) => s.open === 'login');
  const openPanel = usePanels((s) => s.openPanel);
  return (
    <button type="button" className="bottom-nav__item" aria-haspopup="dialog" aria-current={active ? 'true' : undefined} onClick={() => openPanel('login')}>
      <PersonIcon />
      <span className="bottom-nav__label">Konto</span>
    </button>
  );
}

/** The account icon of the header. */
export function AccountButton() {
  const active = usePanels((s) => s.open === 'login');
  const openPanel = usePanels((s) => s.openPanel);
  return (
    <button type="button" className={`header-icon ${active ? 'header-icon--active' : ''}`} aria-haspopup="dialog" aria-expanded={active} onClick={() => openPanel('login')}>
      <PersonIcon />
      <span className="header-icon__label">Konto</span>
    </button>
  );
}
