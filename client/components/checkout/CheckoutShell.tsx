import type { ReactNode } from 'react';
import { t } from '../../texts';
import { checkoutTexts } from '../../texts/checkout';

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
          <a className="logo" href="/" aria-label={`${t.shopName} – ${t.home}`}>
            <svg className="logo__mark" viewBox="0 0 64 64" width="32" height="32" aria-hidden="true">
              <rect width="64" height="64" rx="14" fill="#0f766e" />
              <g fill="#fff">
                <ellipse cx="32" cy="42" rx="12" ry="10" />
                <circle cx="17" cy="27" r="5.5" />
                <circle cx="26" cy="18" r="5.5" />
                <circle cx="38" cy="18" r="5.5" />
                <circle cx="47" cy="27" r="5.5" />
              </g>
            </svg>
            <span className="logo__text">{t.shopName}</span>
          </a>
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
