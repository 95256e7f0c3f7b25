import { lazy, Suspense } from 'react';
import { useRouterState } from '../../client/router/context';
import { usePanels, useSession } from '../../client/stores/StoresProvider';
import { preloadLogin } from './LoginModalMount';

/** The words every page needs; the rest of the account texts load with the account code. */
const T = {
  account: 'Konto',
  login: 'Zaloguj się',
  /** The icon's name begins with its visible label 'Konto' (WCAG 2.5.3, label in name). */
  accountLogin: 'Konto – zaloguj się',
  register: 'Załóż konto',
  guestMenu: 'Logowanie i rejestracja',
  myAccount: 'Moje konto',
};

/** Whether a path lies in the account area (`aria-current` of the icon and the bottom-nav item). */
const onAccountPath = (url: string) => /^\/(?:my-account|MyAccount)(?:[/?]|$)/.test(url);

// The dropdown loads only for a signed-in customer (never for guests, never in the server's HTML).
const AccountMenu = lazy(() => import('./AccountMenu'));

function PersonIcon({ filled }: { filled: boolean }) {
  const fill = filled ? 'currentColor' : 'none';
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      fill={fill}
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
    >
      <circle cx="12" cy="8" r="4" />
      <path d="M4.5 20.5c.8-4 3.9-6 7.5-6s6.7 2 7.5 6" />
    </svg>
  );
}

/**
 * The header's account icon (spec §2). Signed out (and until the session is known, so the
 * server's HTML is the same for everybody): a button opening the login modal, and on desktop,
 * hovering or focusing it, the account menu with 'Zaloguj się' and 'Załóż konto' (spec §6: a
 * visitor sees login and register there), each opening the modal on its screen. Signed in: a
 * link to `/my-account`; on desktop hovering or focusing it shows the account menu with the
 * account pages and 'Wyloguj'.
 */
export function AccountButton() {
  const signedIn = useSession((s) => s.status === 'customer');
  const loginOpen = usePanels((s) => s.open === 'login');
  const openPanel = usePanels((s) => s.openPanel);
  const current = onAccountPath(useRouterState().url);

  if (!signedIn) {
    return (
      <div className="account-menu" onPointerEnter={preloadLogin} onFocus={preloadLogin}>
        <button
          type="button"
          className={`header-icon ${loginOpen ? 'header-icon--active' : ''}`}
          aria-haspopup="dialog"
          aria-expanded={loginOpen}
          aria-label={T.accountLogin}
          onClick={() => openPanel('login')}
        >
          <PersonIcon filled={loginOpen} />
          <span className="header-icon__label">{T.account}</span>
        </button>
        <div className="account-menu__dropdown">
          <ul aria-label={T.guestMenu}>
            <li>
              <button type="button" className="account-menu__item" aria-haspopup="dialog" onClick={() => openPanel('login')}>
                {T.login}
              </button>
            </li>
            <li>
              <button type="button" className="account-menu__item" aria-haspopup="dialog" onClick={() => openPanel('login', 'register')}>
                {T.register}
              </button>
            </li>
          </ul>
        </div>
      </div>
    );
  }
  return (
    <div className="account-menu">
      <a
        className={`header-icon ${current ? 'header-icon--active' : ''}`}
        href="/my-account"
        aria-label={T.myAccount}
        aria-current={current ? 'page' : undefined}
      >
        <PersonIcon filled={current} />
        <span className="header-icon__label">{T.account}</span>
      </a>
      <Suspense fallback={null}>
        <AccountMenu />
      </Suspense>
    </div>
  );
}

/**
 * The account item of the mobile bottom nav (spec §2): signed in, a link to `/my-account`
 * (`aria-current` on account pages); otherwise it opens the login modal.
 */
export function AccountNavItem() {
  const signedIn = useSession((s) => s.status === 'customer');
  const openPanel = usePanels((s) => s.openPanel);
  const current = onAccountPath(useRouterState().url);
  return signedIn ? (
    <a className="bottom-nav__item" href="/my-account" aria-current={current ? 'page' : undefined}>
      <PersonIcon filled={current} />
      <span>{T.account}</span>
    </a>
  ) : (
    <button
      type="button"
      className="bottom-nav__item"
      aria-haspopup="dialog"
      onClick={() => openPanel('login')}
      onPointerEnter={preloadLogin}
      onFocus={preloadLogin}
    >
      <PersonIcon filled={false} />
      <span>{T.account}</span>
    </button>
  );
}
