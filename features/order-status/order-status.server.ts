import type { OrderStatusData } from './OrderStatusPage';
import { t } from '../../client/texts';
import { orderStatusTexts } from './order-status.texts';
import { orderStatus } from './order-status.graphql';
import { shopClient } from '../../worker/shop/vendure';
import { absoluteUrl, type Loader } from '../../worker/pages/loader';

/**
 * Vendure's order codes (at most 32 characters, decision 104); anything else is not looked up. The
 * key: `<expiry base36>.<22 base64url>` (decision 104; the old bare 22 characters pass here and the
 * backend refuses them as expired links do).
 */
const ORDER_CODE = /^[A-Z0-9-]{4,32}$/i;
const KEY = /^[A-Za-z0-9._-]{16,64}$/;

/**
 * `/status-zamowienia[?order=CODE[&key=KEY]]`: with the key of a shop e-mail's link, the order is
 * looked up here and server-rendered (no session needed; the key works for 90 days); without one,
 * the form, with the code of the link filled in. A key that opens nothing (expired, cut off, foreign)
 * is the form with a note and the button for a fresh link, never an error page; a backend that is
 * down is the 503 page.
 */
export const orderStatusLoader: Loader<OrderStatusData> = async (ctx) => {
  const code = (ctx.url.searchParams.get('order') ?? '').trim().slice(0, 64);
  const key = (ctx.url.searchParams.get('key') ?? '').trim().slice(0, 65);
  const head = {
    title: `${orderStatusTexts.title} – ${t.shopName}`,
    canonical: absoluteUrl(ctx, '/status-zamowienia'),
    noindex: true,
  };
  if (!key) return { data: { code, order: null, badLink: false }, head };
  if (!ORDER_CODE.test(code) || !KEY.test(key)) return { data: { code, order: null, badLink: true }, head };
  // a wrong key is null, not an error; a backend that fails is its error page (503/502)
  const { orderStatus: order } = await shopClient(ctx.c.env).request(orderStatus, { code, key });
  return { data: { code, order, badLink: !order }, head };
};
