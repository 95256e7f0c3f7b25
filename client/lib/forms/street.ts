/**
 * The street line of the shop's address (see address.ts), apart from the rest of the mapping so
 * that the checkout summary can show a typed address without loading the form rules (issue 29).
 */

/** Trimmed, inner whitespace collapsed to one space. */
export const clean = (value: string) => value.trim().replace(/\s+/g, ' ');

/** { streetName: "Długa", streetNumber: "12", apartment: "3" } → "Długa 12/3". */
export function joinStreet(a: { streetName: string; streetNumber: string; apartment: string }): string {
  const number = clean(a.streetNumber) + (clean(a.apartment) ? `/${clean(a.apartment)}` : '');
  return [clean(a.streetName), number].filter(Boolean).join(' ');
}
