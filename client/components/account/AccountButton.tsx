import { usePanels } from '../../stores/StoresProvider';

/**
 * Placeholder of the accounts issue's account entry points, so the shell can
 * place them: both open the login panel. The accounts issue replaces this file
 * (signed-in shoppers go to /my-account); keep the two export names, props-less.
 */
function AccountEntry({ className, labelClass }: { className: string; labelClass: string }) {
  const active = usePanels((s) => s.open === 'login');
  const openPanel = usePanels((s) => s.openPanel);
  return (
    <button type="button" className={className} aria-haspopup="dialog" aria-current={active ? 'true' : undefined} onClick={() => openPanel('login')}>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
        <circle cx="12" cy="8" r="4" />
        <path d="M4.5 20.5a7.5 7.5 0 0 1 15 0" />
      </svg>
      <span className={labelClass}>Konto</span>
    </button>
  );
}

/** The ACCOUNT item of the mobile bottom navigation. */
export const AccountNavItem = () => <AccountEntry className="bottom-nav__item" labelClass="bottom-nav__label" />;

/** The account icon of the header. */
export const AccountButton = () => <AccountEntry className="header-icon" labelClass="header-icon__label" />;
