import type { ReactNode } from 'react';
import { Footer } from '../components/shell/Footer';
import { Header } from '../components/header/Header';
import { BottomNav } from '../components/shell/BottomNav';
import { TopBar } from '../components/shell/TopBar';
import { t } from '../texts';
import { HydrationSlice } from '../components/ui/HydrationSlice';

/** Spec §2 default layout. */
export function DefaultLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        {t.skipToContent}
      </a>
      <HydrationSlice>
        <TopBar />
      </HydrationSlice>
      <HydrationSlice>
        <Header />
      </HydrationSlice>
      <main id="main" tabIndex={-1} className="container main">
        {children}
      </main>
      <Footer />
      <HydrationSlice>
        <BottomNav />
      </HydrationSlice>
    </>
  );
}
