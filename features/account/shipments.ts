import { lazyDateFormat } from '../../client/lib/date-format';

/**
 * An order's shipments as the account's order history and the thank-you page show them (issue 28):
 * what the backend's Fulfillment says (plugins/fulfilment), in the order staff created them.
 */
export interface Shipment {
  id: string;
  state: string;
  /** the carrier's name ('InPost Paczkomat', 'Kurier DPD') */
  method: string;
  trackingCode: string | null;
  trackingUrl: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
}

/** Dates as the shop writes them: "25 listopada 2026", in Warsaw. */
export const polishDate = lazyDateFormat('pl-PL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Warsaw' });

/** States a shopper is told about; a cancelled shipment is staff's business. */
const SHOWN = new Set(['Pending', 'Shipped', 'Delivered']);

/** The shipments to show, each with the date of its state (sent, or delivered); none before staff create one. */
export function visibleShipments(fulfillments: readonly Shipment[] | null | undefined): Array<Shipment & { date: string | null }> {
  return (fulfillments ?? [])
    .filter((f) => SHOWN.has(f.state))
    .map((f) => ({ ...f, date: f.state === 'Delivered' ? f.deliveredAt : f.state === 'Shipped' ? f.shippedAt : null }));
}
