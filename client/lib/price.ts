const formatter = new Intl.NumberFormat('pl-PL', {
  style: 'currency',
  currency: 'PLN',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * The one price formatter: minor units (grosze) in, Polish display out.
 * Intl separates thousands with a narrow no-break space; prices stay on one line.
 *
 * @example formatPrice(1470) // "14,70 zł"
 */
export function formatPrice(minor: number): string {
  return formatter.format(minor / 100).replace(/\u00a0|\u202f/g, '\u00a0');
}
