import type { ResultOf } from '../../client/graphql/graphql';
import { type FormEvent, type Ref, useEffect, useRef, useState } from 'react';
import { ShipmentStatus } from '../account/ShipmentStatus';
import { InvoiceLinks } from '../account/InvoiceLinks';
import { useForm } from '../../client/components/form/use-form';
import { FormMessage } from '../../client/components/form/FormMessage';
import { type OrderLookup, OrderLookupFields, orderLookupProblems } from '../../client/components/form/OrderLookupFields';
import { orderStatus, requestOrderStatusLink } from './order-status.graphql';
import { polishDate } from '../account/shipments';
import { formatPrice } from '../../client/lib/price';
import { ShopUnavailableError } from '../../client/lib/shop-api';
import type { PageProps } from '../../client/router/types';
import { useSession } from '../../client/stores/StoresProvider';
import { orderLookupTexts as L } from '../../client/texts/order-lookup';
import { orderStateTexts } from '../../client/texts/order-states';
import { orderStatusTexts as O } from './order-status.texts';
import { WITHDRAWAL_LINK } from '../../client/texts/withdrawal-link';

export type OrderStatusView = NonNullable<ResultOf<typeof orderStatus>['orderStatus']>;

/** `/status-zamowienia[?order=CODE[&key=KEY]]`: the link of a guest's e-mails, the footer's link. */
export interface OrderStatusData {
  /** the order code from the link, to fill in */
  code: string;
  /** the order the link's key opened (the worker's loader), or null */
  order: OrderStatusView | null;
  /** the link had a key that opens nothing (cut off, mistyped): say so above the form */
  badLink: boolean;
}

/** One placed order: its state, what happens next, its shipments with tracking, lines and totals. */
function OrderView({ order, focusRef }: { order: OrderStatusView; focusRef: Ref<HTMLDivElement> }) {
  const shipments = order.shipments;
  const linesTotal = order.lines.reduce((sum, l) => sum + l.linePriceWithTax, 0);
  const discount = linesTotal - order.subTotalWithTax;
  const next = shipments.length ? null : O.next[order.state];
  return (
    <div className="order-status" tabIndex={-1} ref={focusRef}>
      <dl className="order-status__facts">
        <div>
          <dt>{L.code}</dt>
          <dd>
            <strong data-order-code>{order.code}</strong>
          </dd>
        </div>
        {order.orderPlacedAt && (
          <div>
            <dt>{O.placedAt}</dt>
            <dd>
              <time dateTime={order.orderPlacedAt}>{polishDate.format(new Date(order.orderPlacedAt))}</time>
            </dd>
          </div>
        )}
        <div>
          <dt>{O.state}</dt>
          <dd data-order-state={order.state}>
            <strong>{orderStateTexts.states[order.state] ?? orderStateTexts.unknownState}</strong>
          </dd>
        </div>
      </dl>
      {next && <p className="order-status__next">{next}</p>}
      <ShipmentStatus fulfillments={shipments} code={order.code} headingLevel={2} />
      <InvoiceLinks invoices={order.invoices} code={order.code} />
      <section aria-labelledby="order-status-lines">
        <h2 id="order-status-lines">{O.lines}</h2>
        <ul className="thank-you__lines">
          {order.lines.map((line, i) => (
            <li key={i}>
              <span>
                {line.variantName || line.productName} – {O.quantity(line.quantity)}
              </span>
              <span>{formatPrice(line.linePriceWithTax)}</span>
            </li>
          ))}
        </ul>
        <dl className="checkout-summary__totals">
          {discount > 0 && (
            <div>
              <dt>{O.discount}</dt>
              <dd>−{formatPrice(discount)}</dd>
            </div>
          )}
          <div>
            <dt>{order.shippingMethod ? `${O.shipping}: ${order.shippingMethod}` : O.shipping}</dt>
            <dd>{order.shippingWithTax === 0 ? O.free : formatPrice(order.shippingWithTax)}</dd>
          </div>
          <div className="checkout-summary__total">
            <dt>{O.total}</dt>
            <dd>{formatPrice(order.totalWithTax)}</dd>
          </div>
        </dl>
      </section>
      <p className="thank-you__withdrawal">
        <a href={`/odstapienie-od-umowy?order=${encodeURIComponent(order.code)}`}>{WITHDRAWAL_LINK}</a>
      </p>
    </div>
  );
}

/** Where a customer with an account finds every order. */
function AccountHint() {
  return (
    <p className="order-status__account">
      {O.account}
      <a href="/my-account/orders">{O.accountLink}</a>.
    </p>
  );
}

/**
 * The order status page (issue 28; decision 102): anyone with the order's link, or its code and
 * e-mail address, sees a placed order's state, its shipments ('Wysłane' with the carrier, the
 * tracking number and link, 'Dostarczone' with the date), lines and totals, without logging in
 * and without the 2 hours Vendure gives the thank-you page. The link in the shop's e-mails opens
 * it at once (its key, valid for 90 days); otherwise the order's code and e-mail address find
 * it, or ask for a fresh link by e-mail (decision 104). Everything typed survives a failed request.
 */
export default function OrderStatusPage({ data }: PageProps<OrderStatusData>) {
  const request = useSession((s) => s.request);
  const form = useForm<OrderLookup>({
    initial: { code: data.code, email: '' },
    rules: orderLookupProblems,
    fieldId: (k) => `order-status-${k}`,
    // the worker's Polish answers: too many attempts (429, with the wait), no connection (0)
    messageOf: (error) =>
      error instanceof ShopUnavailableError && (error.status === 429 || error.status === 0) ? error.message : O.errors.failed,
    initialMessage: data.badLink ? O.errors.badLink : null,
  });
  const { values, errors, set, message: problem, setMessage: setProblem } = form;
  const [order, setOrder] = useState<OrderStatusView | null>(data.order);
  // which button sent the request in flight
  const [action, setAction] = useState<'find' | 'link' | null>(null);
  const busy = form.busy ? action : null;
  const [linkSent, setLinkSent] = useState(false);

  const found = useRef<HTMLDivElement>(null);
  // an order the form found: focus moves to it (one the link opened is where the page starts anyway)
  useEffect(() => {
    if (order && order !== data.order) found.current?.focus();
  }, [order, data.order]);

  /** Both buttons check the same two fields; focus goes to the first one that is wrong. */
  const valid = () => form.validate();

  const ask = async (which: 'find' | 'link', what: () => Promise<void>) => {
    setAction(which);
    setLinkSent(false);
    await form.submit(what);
  };

  const onFind = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid()) return;
    await ask('find', async () => {
      const found = (await request(orderStatus, { code: values.code.trim(), emailAddress: values.email.trim() })).orderStatus;
      if (!found) return setProblem(L.errors.notFound);
      setOrder(found);
    });
  };

  // a fresh link (decision 104): the answer is the same whether or not the order exists
  const onNewLink = async () => {
    if (!valid()) return;
    await ask('link', async () => {
      await request(requestOrderStatusLink, { code: values.code.trim(), emailAddress: values.email.trim() });
      setLinkSent(true);
    });
  };

  return (
    <div className="token-page order-status-page">
      <h1>{O.title}</h1>
      {order ? (
        <>
          <OrderView order={order} focusRef={found} />
          <p>
            <a className="button button--ghost" href="/status-zamowienia">
              {O.another}
            </a>
          </p>
          <AccountHint />
        </>
      ) : (
        <>
          <p>{O.intro}</p>
          <form className="account-form" noValidate onSubmit={(e) => void onFind(e)} aria-label={O.title}>
            <OrderLookupFields idPrefix="order-status" values={values} errors={errors} onValue={set} />
            {problem && <FormMessage kind="error">{problem}</FormMessage>}
            {linkSent && <FormMessage kind="success">{O.newLink.sent}</FormMessage>}
            <button type="submit" className="button" disabled={busy !== null}>
              {busy === 'find' ? O.finding : O.find}
            </button>
            <section className="order-status__new-link" aria-labelledby="order-status-new-link">
              <h2 id="order-status-new-link">{O.newLink.heading}</h2>
              <p>{O.newLink.intro}</p>
              <button type="button" className="button button--ghost" disabled={busy !== null} onClick={() => void onNewLink()}>
                {busy === 'link' ? O.newLink.sending : O.newLink.send}
              </button>
            </section>
          </form>
          <AccountHint />
        </>
      )}
    </div>
  );
}
