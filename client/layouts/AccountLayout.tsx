import type { ReactNode } from 'react';
import { Header } from '../components/Header';
import { t } from '../texts';

/** Spec §2 account layout: header and page (no footer); the bottom nav comes with the account area. */
export function AccountLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        {t.skipToContent}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="container main main--account">
        {children}
      </main>
    </>
  );
}
