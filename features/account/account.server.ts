import { accountPageOf, accountPath } from './account-pages';
import { getActiveCustomer, getOrderHistory } from './customer.graphql';
import type { AccountData } from './types';
import type { PasswordResetData } from './PasswordResetPage';
import type { VerifyData } from './VerifyPage';
import { t } from '../../client/texts';
import { accountMenuTexts } from './account-menu.texts';
import { accountTexts } from './account.texts';
import { readSessionToken } from '../../worker/shop/session';
import { shopClient } from '../../worker/shop/vendure';
import { absoluteUrl, type Loader } from '../../worker/pages/loader';

/** Orders per page of the order history. */
const ORDERS_PER_PAGE = 10;

/**
 * `/my-account/{pageName?}` and its `/MyAccount/*` aliases (spec §2). The `is-authenticated`
 * guard has already sent visitors without a customer session home; this reads the customer
 * (and on the order history a page of orders) with the shopper's own session, so the page
 * renders server-side. Never cached (route `cache: 'none'`, guards set `no-store`), never
 * indexed. A customer gone between guard and loader (session expired) also goes home.
 */
export const accountLoader: Loader<AccountData> = async (ctx) => {
  const page = accountPageOf(ctx.params.pageName);
  if (!page) return null;
  const token = readSessionToken(ctx.c);
  if (!token) return { redirect: '/', status: 302 };
  const client = shopClient(ctx.c.env, { token });
  const pageNumber = page === 'orders' ? pageParam(ctx.url.searchParams.get('page')) : 1;
  const [{ activeCustomer }, history] = await Promise.all([
    client.request(getActiveCustomer),
    page === 'orders'
      ? client.request(getOrderHistory, { take: ORDERS_PER_PAGE, skip: (pageNumber - 1) * ORDERS_PER_PAGE })
      : Promise.resolve(null),
  ]);
  if (!activeCustomer) return { redirect: '/', status: 302 };
  const orders = history?.activeCustomer?.orders;
  return {
    data: {
      page,
      customer: activeCustomer,
      orders: orders
        ? {
            items: orders.items,
            totalItems: orders.totalItems,
            page: pageNumber,
            pages: Math.max(1, Math.ceil(orders.totalItems / ORDERS_PER_PAGE)),
          }
        : null,
    },
    head: {
      title: `${accountMenuTexts.pages[page]} – ${accountTexts.area.title} – ${t.shopName}`,
      canonical: absoluteUrl(ctx, accountPath(page)),
      noindex: true,
    },
  };
};

function pageParam(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

/**
 * `/verify?token=…` (account activation and e-mail change links of the backend's e-mails) and
 * `/password-reset?token=…`. The page does the work in the browser after hydration (a GET
 * must not spend the token: link scanners and prefetching open links too).
 */
export const verifyLoader: Loader<VerifyData> = async (ctx) => ({
  data: { token: ctx.url.searchParams.get('token') ?? '', emailChange: ctx.url.searchParams.get('change') === '1' },
  head: { title: `${accountTexts.verify.title} – ${t.shopName}`, noindex: true },
});

export const passwordResetLoader: Loader<PasswordResetData> = async (ctx) => ({
  data: { token: ctx.url.searchParams.get('token') ?? '' },
  head: { title: `${accountTexts.reset.title} – ${t.shopName}`, noindex: true },
});
