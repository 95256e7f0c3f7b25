/** Small pure rules behind the product page's interactive parts (gallery, accordions). */

/** Spec §9: a swipe past 25% of the width changes the image; a drag over 5% blocks the click. */
const SWIPE_THRESHOLD = 0.25;
const CLICK_BLOCK_THRESHOLD = 0.05;

/**
 * What a horizontal drag of `dx` pixels over a `width`-pixel image does:
 * `step` -1 goes to the previous image (drag right), +1 to the next (drag left),
 * 0 stays; `blockClick` swallows the click that ends the drag.
 *
 * @example swipeOutcome(-300, 1000) // { step: 1, blockClick: true }
 */
export function swipeOutcome(dx: number, width: number): { step: -1 | 0 | 1; blockClick: boolean } {
  if (width <= 0) return { step: 0, blockClick: false };
  const ratio = Math.abs(dx) / width;
  return { step: ratio > SWIPE_THRESHOLD ? (dx < 0 ? 1 : -1) : 0, blockClick: ratio > CLICK_BLOCK_THRESHOLD };
}

/** The image index after moving `step` from `index`, wrapping around `count` images. */
export function cycle(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

/**
 * Accordions (spec §2): in single mode opening a panel closes the others; in
 * multiple mode panels open and close independently.
 */
export function toggleOpen(open: readonly string[], id: string, mode: 'single' | 'multiple'): string[] {
  if (open.includes(id)) return open.filter((x) => x !== id);
  return mode === 'single' ? [id] : [...open, id];
}
