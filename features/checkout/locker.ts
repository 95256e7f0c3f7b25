/**
 * An InPost parcel locker as `GET /api/lockers?q=` lists it (nearest first) and the checkout's
 * picker shows it. The worker's locker search (features/checkout/lockers.server.ts) answers with this type;
 * it lives here because the browser's code never imports the worker's.
 */
export interface Locker {
  /** InPost point name, saved in the shipping address's `customFields.paczkomat` */
  code: string;
  name: string;
  /** street and building number */
  address: string;
  city: string;
  postalCode: string;
  openingHours: string;
  /** where exactly (e.g. "przy sklepie Żabka"), may be empty */
  description: string;
  /** from the searched postal code; null for a city search */
  distanceKm: number | null;
}
