import { useRouterState } from '../../router/context';
import { usePanels, useSession, useStores } from '../../stores/StoresProvider';
import { accountMenuTexts as T } from '../../texts/account-menu';
import { preloadLogin } from '../login/LoginModalMount';
import { ACCOUNT_PAGES, accountPath, isAccountPath } from './pages';

function PersonIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <circle cx="12" cy="8" r="4" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" />
      <path d="M4.5 20.5c.8-4 3.9-6 7.5-6s6.7 2 7.5 6" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/** Logs out, then loads `/` afresh: no prefetched account page or in-memory state survives. */
async function logoutAndGoHome(logout: () => Promise<void>): Promise<void> {
  await logout();
  window.location.assign('/');
}

/**
 * The header's account icon (spec §2). Signed out (and until the session is known, so the
 * server's HTML is the same for everybody): a button opening the login modal. Signed in: a
 * link to `/my-account`; on desktop hovering or focusing it shows the account menu with the
 * account pages and 'Wyloguj'.
 */
export function AccountButton() {
  const customer = useSession((s) => s.customer);
  const logout = useSession((s) => s.logout);
  const loginOpen = usePanels((s) => s.open === 'login');
  const openPanel = usePanels((s) => s.openPanel);
  const { url } = useRouterState();
  const onAccountPage = isAccountPath(url);

  if (!customer) {
    return (
      <button
        type="button"
        className={`header-icon ${loginOpen ? 'header-icon--active' : ''}`}
        aria-haspopup="dialog"
        aria-expanded={loginOpen}
        aria-label={T.login}
        onClick={() => openPanel('login')}
        onPointerEnter={preloadLogin}
        onFocus={preloadLogin}
      >
        <PersonIcon filled={loginOpen} />
        <span className="header-icon__label">{T.account}</span>
      </button>
    );
  }
  return (
    <div className="account-menu">
      <a className={`header-icon ${onAccountPage ? 'header-icon--active' : ''}`} href="/my-account" aria-label={T.myAccount} aria-current={onAccountPage ? 'page' : undefined}>
        <PersonIcon filled={onAccountPage} />
        <span className="header-icon__label">{T.account}</span>
      </a>
      <div className="account-menu__dropdown">
        <p className="account-menu__hello">{T.hello(customer.firstName || customer.emailAddress)}</p>
        <ul aria-label={T.menu}>
          {ACCOUNT_PAGES.map((p) => (
            <li key={p.slug}>
              <a href={accountPath(p.slug)}>{T.pages[p.slug]}</a>
            </li>
          ))}
          <li>
            <button type="button" className="account-menu__logout" onClick={() => void logoutAndGoHome(logout)}>
              {T.logout}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}

/**
 * The account item of the mobile bottom nav (spec §2): signed in, a link to `/my-account`
 * (`aria-current` on account pages); otherwise it opens the login modal.
 */
export function AccountNavItem() {
  const signedIn = useSession((s) => s.status === 'customer');
  const { panels } = useStores();
  const { url } = useRouterState();
  const current = isAccountPath(url);
  if (signedIn) {
    return (
      <a className="bottom-nav__item" href="/my-account" aria-current={current ? 'page' : undefined}>
        <PersonIcon filled={current} />
        <span>{T.account}</span>
      </a>
    );
  }
  return (
    <button type="button" className="bottom-nav__item" aria-haspopup="dialog" onClick={() => panels.getState().openPanel('login')} onPointerEnter={preloadLogin} onFocus={preloadLogin}>
      <PersonIcon filled={false} />
      <span>{T.account}</span>
    </button>
  );
}

/** Exported for the account pages' own logout button. */
export { logoutAndGoHome };
