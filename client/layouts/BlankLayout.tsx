import type { ReactNode } from 'react';

/** Spec §2 blank layout: the page alone. */
export function BlankLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className="main main--blank">
      {children}
    </main>
  );
}
