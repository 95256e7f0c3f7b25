import { Suspense, useState } from 'react';
import { logoutAndGoHome } from './logout';
import { ACCOUNT_PAGES, accountPath } from './account-pages';
import { AddressBook, NewsletterSection, OrderHistory, ProfileSection } from './sections';
import type { AccountData } from './types';

/** The shown section's chunk, loaded before the page renders (client/page-modules.ts `loadPageComponent`). */
export { prepareAccountSection as prepare } from './sections';
import type { PageProps } from '../../client/router/types';
import { useSession } from '../../client/stores/StoresProvider';
import { accountTexts } from './account.texts';
import { accountMenuTexts } from './account-menu.texts';

/**
 * The account area (spec §2 `/my-account/{pageName?}`, account layout): the account's pages
 * beside the one shown. Server-rendered with the customer (the route is never cached); every
 * change the shopper makes is sent through /api/shop and followed by a fresh read of the
 * customer, which the page then shows.
 */
export default function AccountPage({ data }: PageProps<AccountData>) {
  const [shown, setShown] = useState(data);
  const [customer, setCustomer] = useState(data.customer);
  // A client navigation between account pages brings new data: show it.
  if (shown !== data) {
    setShown(data);
    setCustomer(data.customer);
  }
  const logout = useSession((s) => s.logout);
  const M = accountMenuTexts;

  return (
    <div className="account">
      <nav className="account__nav" aria-label={accountTexts.area.nav}>
        <p className="account__hello">{M.hello(customer.firstName || customer.emailAddress)}</p>
        <ul>
          {ACCOUNT_PAGES.map((p) => (
            <li key={p.slug}>
              <a href={accountPath(p.slug)} aria-current={p.slug === data.page ? 'page' : undefined}>
                {M.pages[p.slug]}
              </a>
            </li>
          ))}
          <li>
            <button type="button" className="link-button account__logout" onClick={() => void logoutAndGoHome(logout)}>
              {M.logout}
            </button>
          </li>
        </ul>
      </nav>
      <section className="account__page" aria-labelledby="account-title">
        <h1 id="account-title">{M.pages[data.page]}</h1>
        {/* Each section comes from its own chunk (components/account/sections.ts), loaded before the page renders (`prepare`); the fallback shows only if that load failed and the retry is slow. */}
        <Suspense fallback={<p className="account__loading">{accountTexts.area.loading}</p>}>
          {data.page === 'profile' && <ProfileSection customer={customer} onChange={setCustomer} />}
          {(data.page === 'shipping' || data.page === 'billing') && (
            <AddressBook key={data.page} kind={data.page} customer={customer} onChange={setCustomer} />
          )}
          {data.page === 'orders' && data.orders && <OrderHistory orders={data.orders} />}
          {data.page === 'newsletter' && <NewsletterSection customer={customer} onChange={setCustomer} />}
        </Suspense>
      </section>
    </div>
  );
}
