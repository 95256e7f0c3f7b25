import type { CSSProperties } from 'react';

/**
 * Five stars filled to `value` (0–5, fractions too), drawn by CSS (`.stars` in reviews.css) from
 * one element, read by screen readers as `label`.
 */
export function Stars({ value, label, className }: { value: number; label: string; className?: string }) {
  return <span className={`stars ${className ?? ''}`} role="img" aria-label={label} style={{ '--stars': value } as CSSProperties} />;
}
