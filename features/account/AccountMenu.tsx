import { useSession } from '../../client/stores/StoresProvider';
import { accountMenuTexts as T } from './account-menu.texts';
import { logoutAndGoHome } from './logout';
import { ACCOUNT_PAGES, accountPath } from './account-pages';

/**
 * The desktop account dropdown of a signed-in customer (spec §2 "Account dropdown"): the
 * account pages and 'Wyloguj'. Loaded only once somebody is signed in (AccountButton), so the
 * first load of a page costs a guest nothing for it. Shown on hover or focus (account.css).
 */
export default function AccountMenu() {
  const customer = useSession((s) => s.customer);
  const logout = useSession((s) => s.logout);
  if (!customer) return null;
  return (
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
  );
}
