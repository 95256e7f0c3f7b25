import { formatPrice } from '../../client/lib/price';
import type { AccountData, AccountOrder } from './types';
import { accountTexts } from './account.texts';
import { formTexts } from '../../client/texts/forms';
import { Pagination } from '../listing/Pagination';
import { accountPath } from './account-pages';
import { WITHDRAWAL_LINK } from '../../client/texts/withdrawal-link';
import { LineFeatures } from '../cart/LineFeatures';
import { polishDate } from './shipments';
import { ShipmentStatus } from './ShipmentStatus';
import { InvoiceLinks } from './InvoiceLinks';

const O = accountTexts.orders;

/** Polish name of an order state (spec §2: the state in Polish). */
export const orderStateLabel = (state: string) => O.states[state] ?? O.unknownState;

/** Payment methods of the shop by code (backend: przelew, dev-online). */
const PAYMENT_METHODS: Record<string, string> = { przelew: 'Przelew bankowy', 'dev-online': 'Płatność online' };

/**
 * Order history (spec §2): placed orders newest first, each with code, date, state in Polish,
 * total and lines, its shipments (sent with the tracking link, delivered; issue 28), and its detail (delivery and payment) one click away; paging with real
 * links (`?page=N`) when there are more than fit a page.
 */
export function OrderHistory({ orders }: { orders: NonNullable<AccountData['orders']> }) {
  if (orders.totalItems === 0) return <p>{O.empty}</p>;
  return (
    <>
      <ol className="order-list">
        {orders.items.map((order) => (
          <OrderCard key={order.id} order={order} />
        ))}
      </ol>
      <Pagination
        current={orders.page}
        total={orders.pages}
        href={(n) => (n === 1 ? accountPath('orders') : `${accountPath('orders')}?page=${n}`)}
      />
    </>
  );
}

function OrderCard({ order }: { order: AccountOrder }) {
  const placed = order.orderPlacedAt ?? order.updatedAt;
  const shipping = order.shippingLines[0];
  const address = order.shippingAddress;
  return (
    <li className="order-card" id={`order-${order.code}`} aria-label={`${O.code} ${order.code}`}>
      {/* each order a heading of its own: the shipments' and the details' h3 follow an h2 */}
      <h2 className="visually-hidden">{`${O.code} ${order.code}`}</h2>
      <dl className="order-card__summary">
        <div>
          <dt>{O.code}</dt>
          <dd className="order-card__code" id={`order-${order.code}-code`}>
            {order.code}
          </dd>
        </div>
        <div>
          <dt>{O.date}</dt>
          <dd>
            <time dateTime={placed}>{polishDate.format(new Date(placed))}</time>
          </dd>
        </div>
        <div>
          <dt>{O.state}</dt>
          <dd className="order-card__state">{orderStateLabel(order.state)}</dd>
        </div>
        <div>
          <dt>{O.total}</dt>
          <dd>{formatPrice(order.totalWithTax)}</dd>
        </div>
      </dl>
      <ul className="order-card__lines" aria-label={O.lines}>
        {order.lines.map((line) => (
          <li key={line.id}>
            {line.productVariant.name} × {line.quantity}
            <LineFeatures line={line} />
          </li>
        ))}
      </ul>
      <ShipmentStatus fulfillments={order.fulfillments} code={order.code} />
      <InvoiceLinks invoices={order.invoices} code={order.code} />
      <p className="order-card__withdrawal">
        <a href={`/odstapienie-od-umowy?order=${encodeURIComponent(order.code)}`} aria-describedby={`order-${order.code}-code`}>
          {WITHDRAWAL_LINK}
        </a>
      </p>
      <details className="order-card__details">
        <summary>{O.details}</summary>
        <table className="order-card__table">
          <caption className="visually-hidden">{O.lines}</caption>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.id}>
                <th scope="row">{line.productVariant.name}</th>
                <td>{O.quantity(line.quantity)}</td>
                <td>{formatPrice(line.linePriceWithTax)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="order-card__facts">
          <section>
            <h3>{O.delivery}</h3>
            <p>
              {shipping?.shippingMethod.name ?? '—'}
              {shipping ? `, ${formatPrice(shipping.priceWithTax)}` : ''}
            </p>
            {address && (
              <address>
                {address.fullName}
                <br />
                {address.streetLine1}
                {address.streetLine2 ? `, ${address.streetLine2}` : ''}
                <br />
                {address.postalCode} {address.city}
                {address.customFields?.paczkomat && (
                  <>
                    <br />
                    {formTexts.address.parcelLocker}: {address.customFields.paczkomat}
                  </>
                )}
              </address>
            )}
          </section>
          <section>
            <h3>{O.payment}</h3>
            {(order.payments ?? []).map((p) => (
              <p key={p.id}>
                {PAYMENT_METHODS[p.method] ?? p.method}: {formatPrice(p.amount)} ({O.paymentStates[p.state] ?? p.state})
              </p>
            ))}
          </section>
        </div>
      </details>
    </li>
  );
}
