import { polishDate, type Shipment, visibleShipments } from './shipments';
import { orderStateTexts } from '../../client/texts/order-states';

const S = orderStateTexts.shipment;

/**
 * An order's shipments (issue 28): 'Wysłane' with the date, carrier, tracking number and a link to
 * the carrier's tracking page, then 'Dostarczone' with the delivery date. Server-rendered; no state.
 */
export function ShipmentStatus({
  fulfillments,
  code,
  headingLevel = 3,
}: {
  fulfillments: readonly Shipment[] | null | undefined;
  code: string;
  /** 3 inside an order card of the history, 2 on a page about one order */
  headingLevel?: 2 | 3;
}) {
  const shipments = visibleShipments(fulfillments);
  if (!shipments.length) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="shipments" aria-labelledby={`shipment-${code}`}>
      <Heading id={`shipment-${code}`} className="shipments__heading">
        {S.heading}
      </Heading>
      <ul className="shipments__list">
        {shipments.map((s) => (
          <li key={s.id} className={`shipment shipment--${s.state.toLowerCase()}`} data-shipment-state={s.state}>
            <p className="shipment__state">
              <strong>{S.states[s.state]}</strong>
              {s.date && (
                <>
                  {' '}
                  <time dateTime={s.date}>{polishDate.format(new Date(s.date))}</time>
                </>
              )}
            </p>
            {s.trackingCode && (
              <dl className="shipment__facts">
                <div>
                  <dt>{S.carrier}</dt>
                  <dd>{s.method}</dd>
                </div>
                <div>
                  <dt>{S.trackingCode}</dt>
                  <dd className="shipment__number">{s.trackingCode}</dd>
                </div>
              </dl>
            )}
            {s.trackingUrl && s.state !== 'Pending' && (
              <a
                className="shipment__track"
                href={s.trackingUrl}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={S.trackLabel(s.trackingCode ?? '', s.method)}
              >
                {S.track}
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
