import { Hono } from 'hono';
import type { AssistantCartData } from './AssistantCartPage';
import { t } from '../../client/texts';
import type { AppEnv } from '../../worker/env';
import type { Loader } from '../../worker/pages/loader';
import { isSameOrigin } from '../../worker/security/origin';
import { safeRedirect } from '../../worker/security/redirect';
import { readSessionToken, writeSessionToken } from '../../worker/shop/session';
import { shopClient } from '../../worker/shop/vendure';
import { forgetLink, readLink } from './mcp-carts.server';
import { mcpAddToCart, mcpGetCart } from './mcp.graphql.server';
import { mcpTexts } from './mcp.texts';

/**
 * The page of an assistant's cart link (GET: what is in it, nothing changes). A made-up, expired or
 * used link answers 410 with the same page for all three; without a link, the page after adoption.
 */
export const assistantCartLoader: Loader<AssistantCartData> = async ({ c, params }) => {
  const head = { title: `${mcpTexts.page.title} – ${t.shopName}`, noindex: true };
  // where the link's POST leads: the cart is the shopper's now, and the page opens it
  if (params.token === undefined) return { data: { state: 'adopted' }, head };
  const record = await readLink(c.env.MCP_CARTS, params.token ?? '');
  const order = record ? (await shopClient(c.env, { token: record.token, kind: 'cart' }).request(mcpGetCart)).activeOrder : null;
  if (!order?.lines.length) return { data: { state: 'gone' }, head, status: 410 };
  return {
    data: {
      state: 'ready',
      lines: order.lines.map((l) => ({ name: l.productVariant.name, quantity: l.quantity, price: l.linePriceWithTax })),
      total: order.subTotalWithTax,
    },
    head,
  };
};

/**
 * `POST /asystent/koszyk/{link}`, the page's form: adopts the assistant's cart, then 303 to
 * `/asystent/koszyk`, which opens the cart (the shop has no cart page: /koszyk is a legacy redirect).
 * Same-origin only (a form of another site cannot push a cart into a shopper's session). A shopper
 * without a session takes the cart's session over (its cookie is set); a shopper with one (a cart
 * already, or signed in) keeps it, and the assistant's lines are added to their cart. The link and
 * the assistant's handle are forgotten once the cart is adopted, so the link works once.
 */
const ADOPTED = '/asystent/koszyk';

export const assistantCartAdopt = new Hono<AppEnv>().post('/:token', async (c) => {
  const facts = c.get('facts');
  if (facts) facts.route = 'assistant-cart-adopt';
  const token = c.req.param('token');
  const back = `/asystent/koszyk/${encodeURIComponent(token)}`;
  if (!isSameOrigin(c.req.header('Origin'), c.req.url)) {
    return c.text(mcpTexts.page.foreign, 403, { 'Cache-Control': 'no-store' });
  }
  const record = await readLink(c.env.MCP_CARTS, token);
  // the link's own page says it is used or expired
  if (!record) return safeRedirect(c, back, 303) ?? c.text(mcpTexts.page.gone, 410, { 'Cache-Control': 'no-store' });
  const shopper = readSessionToken(c);
  if (!shopper) {
    writeSessionToken(c, record.token);
  } else {
    const { activeOrder } = await shopClient(c.env, { token: record.token, kind: 'cart' }).request(mcpGetCart);
    // an expired session gets a new token on the first call: the next lines go to that one
    let current = shopper;
    const renewed = (fresh: string) => {
      current = fresh;
      writeSessionToken(c, fresh);
    };
    for (const line of activeOrder?.lines ?? []) {
      const client = shopClient(c.env, { token: current, kind: 'cart', onToken: renewed });
      const added = (await client.request(mcpAddToCart, { productVariantId: line.productVariant.id, quantity: line.quantity }))
        .addItemToOrder;
      if ('errorCode' in added) console.warn('Assistant cart line not merged', added.errorCode, added.message);
    }
  }
  await forgetLink(c.env.MCP_CARTS, token, record);
  c.header('Cache-Control', 'no-store');
  return safeRedirect(c, ADOPTED, 303)!;
});
