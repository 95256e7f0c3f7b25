import { useEffect, useState } from 'react';

/** Scrolls smaller than this are jitter (momentum, address bar), not a direction. */
const MIN_DELTA_PX = 8;
/** Near the top of the page the header always shows. */
const TOP_ZONE_PX = 120;

/**
 * Spec §2 sticky header: whether it should hide — after a scroll down, until
 * the next scroll up. The CSS keeps it shown while a panel locks the page or
 * the search overlay is open, and while focus is inside it; the 300 ms slide
 * is CSS too (none with prefers-reduced-motion).
 */
export function useHidingHeader(): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const y = window.scrollY;
        if (Math.abs(y - last) < MIN_DELTA_PX) return;
        setHidden(y > last && y > TOP_ZONE_PX);
        last = y;
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);
  return hidden;
}
