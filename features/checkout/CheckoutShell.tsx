import type { ReactNode } from 'react';
import { checkoutTexts } from './checkout.texts';
import { Logo } from '../../client/components/shell/Logo';

/**
 * The checkout's own frame (issue 11): a slim bar with the logo and the way back, no mega menu,
 * search or sidebars to distract from finishing the order. The routes use the blank layout and
 * the pages render this, so its code loads with the checkout's chunks and costs the catalogue
 * pages nothing.
 */
export function CheckoutShell({ children }: { children: ReactNode }) {
  return (
    <>
      <div className="header header--checkout">
        <div className="container header__inner">
          <Logo />
          <span className="header__secure">
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M7 10V7a5 5 0 0 1 10 0v3M5 10h14v11H5z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
            </svg>
            {checkoutTexts.secure}
          </span>
        </div>
      </div>
      <div className="container main--checkout">{children}</div>
    </>
  );
}
