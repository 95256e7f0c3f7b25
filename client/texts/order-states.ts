/**
 * An order's state and its shipments as shoppers read them (issue 28): the account's order
 * history, the thank-you page and the order status page. Apart from `texts/account.ts` (which
 * spreads these into `orders`) so the pages that only show an order's state need not load the
 * account's texts.
 */
export const orderStateTexts = {
  states: {
    AddingItems: 'W koszyku',
    ArrangingPayment: 'Oczekuje na płatność',
    ArrangingAdditionalPayment: 'Oczekuje na dopłatę',
    PaymentAuthorized: 'Oczekuje na zaksięgowanie wpłaty',
    PaymentSettled: 'Opłacone',
    PartiallyShipped: 'Częściowo wysłane',
    Shipped: 'Wysłane',
    PartiallyDelivered: 'Częściowo dostarczone',
    Delivered: 'Dostarczone',
    Modifying: 'W trakcie zmiany',
    Cancelled: 'Anulowane',
    Draft: 'Szkic',
  } as Record<string, string>,
  unknownState: 'W realizacji',
  /** an order's shipments (issue 28) */
  shipment: {
    heading: 'Przesyłka',
    states: {
      Pending: 'Przygotowujemy do wysyłki',
      Shipped: 'Wysłane',
      Delivered: 'Dostarczone',
    } as Record<string, string>,
    carrier: 'Przewoźnik',
    trackingCode: 'Numer przesyłki',
    track: 'Śledź przesyłkę',
    /** the tracking link's accessible name: starts with its visible text, says where it goes */
    trackLabel: (trackingCode: string, carrier: string) =>
      `Śledź przesyłkę ${trackingCode} na stronie przewoźnika ${carrier} (otwiera się w nowej karcie)`,
  },
};
