import type { ReactNode } from 'react';
import { Header } from '../components/header/Header';
import { BottomNav } from '../components/shell/BottomNav';
import { TopBar } from '../components/shell/TopBar';
import { t } from '../texts';

/** Spec §2 account layout: top bar, header, page and bottom nav (no footer). */
export function AccountLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        {t.skipToContent}
      </a>
      <TopBar />
      <Header />
      <main id="main" tabIndex={-1} className="container main main--account">
        {children}
      </main>
      <BottomNav />
    </>
  );
}
