/**
 * The one price formatter: minor units (grosze) in, Polish display out, as `Intl.NumberFormat('pl-PL',
 * { style: 'currency', currency: 'PLN' })` writes it: a decimal comma, two decimals, " zł", and
 * thousands grouped only in amounts of five digits of złoty or more ("1234,56 zł", "12 345,67 zł"),
 * as Polish writes them. Spaces are no-break spaces, so a price stays on one line.
 *
 * Written out rather than asking `Intl`: the first Polish `Intl.NumberFormat` of a page loads the
 * browser's locale data, 154 ms of the main thread at a 4× CPU slowdown, inside the evaluation of
 * the page's scripts (docs/performance.md, "A phone's main thread"). client/lib/price.test.ts
 * checks it against `Intl` across the range.
 *
 * @example formatPrice(1470) // "14,70 zł"
 */
export function formatPrice(minor: number): string {
  if (!Number.isFinite(minor)) return `${Number.isNaN(minor) ? 'NaN' : '∞'}\u00a0zł`;
  // half away from zero, as Intl rounds; a negative amount keeps its sign even when it rounds to 0
  const grosze = Math.round(Math.abs(minor));
  const zloty = String(Math.floor(grosze / 100));
  const cents = String(grosze % 100).padStart(2, '0');
  const grouped = zloty.length < 5 ? zloty : zloty.replace(/\B(?=(\d{3})+$)/g, '\u00a0');
  return `${minor < 0 || Object.is(minor, -0) ? '-' : ''}${grouped},${cents}\u00a0zł`;
}
