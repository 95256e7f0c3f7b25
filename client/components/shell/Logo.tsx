import { t } from '../../texts';

/** The shop's logo linking home (paw mark + name): the header and the checkout frame show it. */
export function Logo() {
  return (
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
  );
}
