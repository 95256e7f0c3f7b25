/** Quantity rules of spec §5 and §9, for the product page and the cart alike. */

export const MIN_QTY = 1;
/** Spec §9: the cart treats stock as 99999. */
export const MAX_QTY = 99999;

function wholeNumber(value: string | number): number {
  return typeof value === 'number' ? Math.trunc(value) : Number.parseInt(value.trim(), 10);
}

/**
 * The quantity selector's rule (spec §5): a string is converted to a number,
 * the result is a whole number within min…max; anything unreadable is the minimum.
 *
 * @example toQuantity('3') // 3
 * @example toQuantity('0') // 1
 */
export function toQuantity(value: string | number, min = MIN_QTY, max = MAX_QTY): number {
  const n = wholeNumber(value);
  if (!Number.isFinite(n)) return min;
  return Math.min(max, Math.max(min, n));
}

/**
 * A cart line update as the shopper typed it (spec §5): a string becomes a
 * whole number, capped at 99999; anything not above 0 gives null (ignored).
 */
export function parseQuantity(value: number | string): number | null {
  const n = wholeNumber(value);
  if (!Number.isFinite(n) || n < MIN_QTY) return null;
  return Math.min(n, MAX_QTY);
}
