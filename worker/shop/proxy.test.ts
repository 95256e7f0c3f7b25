import { env } from 'cloudflare:workers';
import { describe, expect, inject, it } from 'vitest';
import {
  addToCart,
  applyCartCoupon,
  getCart,
  removeCartCoupon,
  removeFromCart,
  transitionOrderToState,
  updateCartQuantity,
} from '../../client/graphql/cart.graphql';
import {
  getCategory,
  getCollection,
  getProductsByIds,
  getRootCollections,
  getSidebarNavigation,
  getSlider,
  searchProducts,
} from '../../features/listing/catalogue.graphql.server';
import { getImageConfigBez, getImageConfigGuard } from '../../features/configurator/configurator.server';
import { shopClient } from './vendure';
import {
  getPaymentMethods,
  getShippingMethods,
  setBillingAddress,
  setCustomerForOrder,
  setPaymentMethod,
  setShippingAddress,
  setShippingMethod,
} from '../../features/checkout/checkout.graphql';
import { createCustomerAddress, deleteCustomerAddress, updateCustomerAddress } from '../../features/account/address.graphql';
import { login, logout, registerCustomerAccount, requestPasswordReset, resetPassword } from '../../client/graphql/auth.graphql';
import {
  getActiveCustomer,
  getCustomerOrders,
  updateCustomer,
  updateCustomerEmailAddress,
  updateCustomerPassword,
} from '../../features/account/customer.graphql';
import { ShopError, unwrap } from '../../client/graphql/errors';
import type { CardSource } from '../../features/listing/product-card.server';
import { app } from '../app';
import { MAX_BODY_BYTES } from './proxy';
import { SESSION_COOKIE } from './session';
import { ORIGIN, shopper } from './test-client';

const CATALOGUE_QUERY = '{ collection(slug: "szelki") { id name } }';
const post = (init: RequestInit) => app.request(`${ORIGIN}/api/shop`, { method: 'POST', ...init }, env);
const address = {
  fullName: 'Jan Nowak',
  streetLine1: 'Psia 5/2',
  city: 'Kraków',
  postalCode: '30-001',
  countryCode: 'PL',
  phoneNumber: '+48 600 700 800',
};

/** A product's variants as the worker reads them (cards as one JSON value: a field the proxy refuses to browsers). */
async function variantsOf(productId: string) {
  const { catalogueCardsJson: catalogueCards } = await shopClient(env).request(getProductsByIds, { ids: [productId] });
  return (catalogueCards as CardSource[])[0]!.variants;
}

describe('/api/shop proxy: what it lets through', () => {
  it('answers a catalogue query without a session and sets no cookie', async () => {
    const res = await post({ headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query: CATALOGUE_QUERY }) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { collection: { id: expect.any(String), name: 'Szelki' } } });
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('keeps the session in an HttpOnly cookie: addItemToOrder returns the line with its custom fields, the next request sees the same order', async () => {
    const s = shopper();
    const variant = (await variantsOf('1')).find((v) => v.stockLevel === 'IN_STOCK')!;
    const res = await s.call({
      query:
        'mutation($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 2, customFields: { customObwodSzyi: 42, kolorOkuc: "czarny" }) { ... on Order { code lines { quantity customFields { customObwodSzyi kolorOkuc } } } ... on ErrorResult { errorCode } } }',
      variables: { id: variant.id },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { addItemToOrder: { code: string; lines: unknown[] } } };
    expect(body.data.addItemToOrder.lines).toEqual([{ quantity: 2, customFields: { customObwodSzyi: 42, kolorOkuc: 'czarny' } }]);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(res.headers.get('vendure-auth-token')).toBeNull();
    const { activeOrder } = await s.op(getCart);
    expect(activeOrder?.code).toBe(body.data.addItemToOrder.code);
    expect(activeOrder?.lines[0]?.customFields).toMatchObject({ customObwodSzyi: 42, kolorOkuc: 'czarny' });
    expect(await shopper().op(getCart)).toEqual({ activeOrder: null });
  });

  it('marks the cookie Secure on https', async () => {
    const res = await app.request(
      'https://psiaki.pl/api/shop',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'https://psiaki.pl' },
        body: JSON.stringify({ query: 'mutation { logout { success } }' }),
      },
      env,
    );
    expect(res.status).toBe(200);
    for (const c of res.headers.getSetCookie().filter((c) => c.startsWith(SESSION_COOKIE))) expect(c).toMatch(/Secure/);
  });
});

describe('/api/shop proxy: what it refuses', () => {
  it('refuses a mutation from another site with 403', async () => {
    const res = await shopper('https://zly-sklep.example').call({ query: 'mutation { logout { success } }' });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]!.extensions.code).toBe('FORBIDDEN_ORIGIN');
  });

  it('refuses a mutation without an Origin header with 403', async () => {
    const res = await post({
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: 'mutation { logout { success } }' }),
    });
    expect(res.status).toBe(403);
  });

  it('refuses a cross-site query too', async () => {
    expect((await shopper('https://zly-sklep.example').call({ query: CATALOGUE_QUERY })).status).toBe(403);
  });

  it('refuses a form-encoded POST with 415 and a GET with 405', async () => {
    const form = await post({
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN },
      body: 'query=mutation%7Blogout%7Bsuccess%7D%7D',
    });
    expect(form.status).toBe(415);
    const get = await app.request(`${ORIGIN}/api/shop?query=${encodeURIComponent(CATALOGUE_QUERY)}`, {}, env);
    expect(get.status).toBe(405);
  });

  it('refuses bodies over the limit (413), bad JSON and non-GraphQL (400)', async () => {
    const big = JSON.stringify({ query: CATALOGUE_QUERY, variables: { pad: 'x'.repeat(MAX_BODY_BYTES) } });
    expect((await shopper().call(big)).status).toBe(413);
    expect((await shopper().call('{not json')).status).toBe(400);
    expect((await shopper().call({ query: 'this is not graphql' })).status).toBe(400);
    expect((await shopper().call({ variables: {} })).status).toBe(400);
  });

  it('never reaches the Admin API', async () => {
    expect((await app.request(`${ORIGIN}/api/shop/admin-api`, { method: 'POST' }, env)).status).toBe(404);
    expect((await app.request(`${ORIGIN}/admin-api`, { method: 'POST' }, env)).status).toBe(404);
    const res = await shopper().call({ query: '{ administrators { items { emailAddress } } }' });
    const body = (await res.json()) as { data?: unknown; errors?: unknown[] };
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.length).toBeGreaterThan(0);
  });

  it('answers 503 quickly when the backend is down, never hangs', async () => {
    const res = await app.request(
      `${ORIGIN}/api/shop`,
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query: CATALOGUE_QUERY }) },
      { ...env, VENDURE_SHOP_API: 'http://127.0.0.1:9/shop-api' },
    );
    expect(res.status).toBe(503);
    expect(((await res.json()) as { errors: Array<{ message: string }> }).errors[0]!.message).toContain('chwilowo niedostępny');
  });
});

describe('every spec operation against the real backend (spec §7)', () => {
  it('catalogue calls: getcollection, getrootcollections, getCategory, getsidebarnavigation, getImageConfig(Bez), searchproducts, getproductsids, getSlider', async () => {
    const s = shopper();
    expect((await s.op(getCollection, { slug: 'obroze' })).collection?.breadcrumbs.map((b) => b.slug)).toEqual([
      '__root_collection__',
      'dla-psa',
      'akcesoria',
      'obroze',
    ]);
    const roots = (await s.op(getRootCollections)).collections.items.map((c) => c.slug);
    expect(roots).toEqual(expect.arrayContaining(['dla-psa', 'dla-czlowieka']));
    const search = await s.op(searchProducts, { input: { collectionSlug: 'smycze', groupByProduct: true, take: 5 } });
    expect(search.search.totalItems).toBeGreaterThan(5);
    const ids = search.search.items.map((i) => i.productId);
    // getproductsids is the worker's (cards as one JSON value): the proxy refuses it to a browser
    const cards = await shopClient(env).request(getProductsByIds, { ids });
    expect((cards.catalogueCardsJson as CardSource[]).map((p) => p.id)).toEqual(ids);
    await expect(s.op(getProductsByIds, { ids })).rejects.toThrow('To zapytanie jest dostępne tylko dla serwera sklepu.');
    const children = await s.op(getCategory, {
      options: { filter: { parentId: { eq: (await s.op(getCollection, { slug: 'szelki' })).collection!.id } }, sort: { position: 'ASC' } },
    });
    expect(children.collections.items.map((c) => c.slug)).toEqual([
      'szelki-typu-guard',
      'szelki-bezuciskowe-pro-fit',
      'szelki-bezuciskowe-pro-active',
    ]);
    const sidebar = (await s.op(getSidebarNavigation, { slug: 'szelki-typu-guard' })).collection!;
    expect(sidebar.parent?.children?.map((c) => c.slug)).toContain('szelki-bezuciskowe-pro-active');
    const request = <R, V>(doc: Parameters<typeof s.op<R, V>>[0], vars?: V) => s.op(doc, vars);
    const guard = await getImageConfigGuard(request);
    const bez = await getImageConfigBez(request);
    expect(guard.size).toBeGreaterThan(2);
    expect(bez.size).toBeGreaterThan(2);
    expect(guard.get('1')?.get('granatowy')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/assets\/preview\/.+-granatowy__preview\.jpg$/);
    const slider = await s.op(getSlider);
    expect(slider.activeChannel.currencyCode).toBe('PLN');
    expect(slider.activeChannel.customFields?.topBarTitle).toContain('BLACKWEEK24');
  });

  it('cart: addToCart, updateCartQuantity, applyCartCoupon (invalid and DP10), removeCartCoupon, removeFromCart', async () => {
    const s = shopper();
    const variant = (await variantsOf('56'))[0]!;
    const added = unwrap((await s.op(addToCart, { productVariantId: variant.id, quantity: 1 })).addItemToOrder);
    expect(added.lines).toHaveLength(1);
    expect(added.subTotalWithTax).toBe(1470);
    const line = added.lines[0]!;
    const updated = unwrap((await s.op(updateCartQuantity, { orderLineId: line.id, quantity: 3 })).adjustOrderLine);
    expect(updated.totalQuantity).toBe(3);
    expect(updated.subTotalWithTax).toBe(4410);
    const invalid = (await s.op(applyCartCoupon, { couponCode: 'NIEMA' })).applyCouponCode;
    expect(() => unwrap(invalid)).toThrow(ShopError);
    expect(invalid).toMatchObject({ errorCode: 'COUPON_CODE_INVALID_ERROR' });
    const withCoupon = unwrap((await s.op(applyCartCoupon, { couponCode: 'DP10' })).applyCouponCode);
    expect(withCoupon.couponCodes).toEqual(['DP10']);
    expect(withCoupon.discounts[0]?.amountWithTax).toBe(-441);
    const without = (await s.op(removeCartCoupon, { couponCode: 'DP10' })).removeCouponCode;
    expect(without?.couponCodes).toEqual([]);
    const removed = unwrap((await s.op(removeFromCart, { orderLineId: line.id })).removeOrderLine);
    expect(removed.lines).toEqual([]);
  });

  it('addToCart beyond the stock gives INSUFFICIENT_STOCK_ERROR', async () => {
    const s = shopper();
    const variant = (await variantsOf('24'))[0]!;
    const result = (await s.op(addToCart, { productVariantId: variant.id, quantity: 5 })).addItemToOrder;
    expect(result).toMatchObject({ errorCode: 'INSUFFICIENT_STOCK_ERROR' });
  });

  it('login with a wrong password gives INVALID_CREDENTIALS_ERROR; the demo customer logs in, edits profile and addresses, logs out', async () => {
    const s = shopper();
    const wrong = (await s.op(login, { username: 'demo@psiaki.test', password: 'zle-haslo' })).login;
    expect(wrong).toMatchObject({ errorCode: 'INVALID_CREDENTIALS_ERROR' });
    const ok = unwrap((await s.op(login, { username: 'demo@psiaki.test', password: 'Demo1234!' })).login);
    expect(ok.identifier).toBe('demo@psiaki.test');
    const me = (await s.op(getActiveCustomer)).activeCustomer!;
    expect(me.customFields?.imiepsa).toBeTruthy();
    expect(me.addresses?.length).toBeGreaterThanOrEqual(2);
    const orders = (await s.op(getCustomerOrders)).activeCustomer!.orders.items;
    expect(orders.length).toBeGreaterThanOrEqual(2);
    const renamed = (await s.op(updateCustomer, { input: { firstName: 'Anna', customFields: { imiepsa: 'Figa Druga' } } })).updateCustomer;
    expect(renamed.customFields?.imiepsa).toBe('Figa Druga');
    const created = (await s.op(createCustomerAddress, { input: { ...address, customFields: { paczkomat: 'KRA01M' } } }))
      .createCustomerAddress;
    expect(created.customFields?.paczkomat).toBe('KRA01M');
    const changed = (await s.op(updateCustomerAddress, { input: { id: created.id, city: 'Wieliczka' } })).updateCustomerAddress;
    expect(changed.city).toBe('Wieliczka');
    expect((await s.op(deleteCustomerAddress, { id: created.id })).deleteCustomerAddress.success).toBe(true);
    const badPassword = (await s.op(updateCustomerPassword, { currentPassword: 'zle', newPassword: 'Nowe1234!' })).updateCustomerPassword;
    expect(badPassword).toMatchObject({ errorCode: 'INVALID_CREDENTIALS_ERROR' });
    expect((await s.op(logout)).logout.success).toBe(true);
    expect((await s.op(getActiveCustomer)).activeCustomer).toBeNull();
  });

  it('register, password reset by token (success carries an id), password and e-mail change', async () => {
    const s = shopper();
    const emailAddress = `nowy-${crypto.randomUUID().slice(0, 8)}@psiaki.test`;
    const registered = (
      await s.op(registerCustomerAccount, { input: { emailAddress, password: 'Start1234!', firstName: 'Ola', lastName: 'Lis' } })
    ).registerCustomerAccount;
    expect(registered).toEqual({ success: true });
    expect((await s.op(requestPasswordReset, { emailAddress })).requestPasswordReset).toEqual({ success: true });
    // The backend sends mail from an event handler, after the mutation has answered: wait for it.
    let token = '';
    await expect
      .poll(
        async () => {
          const mail = (await (
            await fetch(`${inject('backendUrl')}/dev-mailbox?email=${encodeURIComponent(emailAddress)}`)
          ).json()) as Array<{ type: string; token: string }>;
          token = mail.find((m) => m.type === 'password-reset')?.token ?? '';
          return token;
        },
        { timeout: 10_000 },
      )
      .not.toBe('');
    const reset = (await s.op(resetPassword, { tokenValue: token, newPassword: 'Nowe1234!' })).resetPassword;
    expect(reset).toMatchObject({ id: expect.any(String), identifier: emailAddress });
    const changed = (await s.op(updateCustomerPassword, { currentPassword: 'Nowe1234!', newPassword: 'Kolejne1234!' }))
      .updateCustomerPassword;
    expect(changed).toEqual({ success: true });
    const newEmail = `zmieniony-${crypto.randomUUID().slice(0, 8)}@psiaki.test`;
    const email = (await s.op(updateCustomerEmailAddress, { newEmail, password: 'Kolejne1234!' })).requestUpdateCustomerEmailAddress;
    expect(email).toEqual({ success: true });
    const bad = (await s.op(resetPassword, { tokenValue: 'nie-ma-takiego', newPassword: 'x1234567!' })).resetPassword;
    expect(bad).toMatchObject({ errorCode: 'PASSWORD_RESET_TOKEN_INVALID_ERROR' });
  });

  it('checkout: customer, addresses (updateAddressDetails), shipping, transitionOrderToState, payment methods, setPaymentMethod', async () => {
    const s = shopper();
    const variant = (await variantsOf('56'))[0]!;
    unwrap((await s.op(addToCart, { productVariantId: variant.id, quantity: 2 })).addItemToOrder);
    unwrap(
      (
        await s.op(setCustomerForOrder, {
          input: { emailAddress: `gosc-${crypto.randomUUID().slice(0, 8)}@psiaki.test`, firstName: 'Ewa', lastName: 'Kot' },
        })
      ).setCustomerForOrder,
    );
    const shipped = unwrap(
      (await s.op(setShippingAddress, { input: { ...address, customFields: { paczkomat: 'KRA01M' } } })).setOrderShippingAddress,
    );
    expect(shipped.id).toBeTruthy();
    unwrap(
      (await s.op(setBillingAddress, { input: { ...address, customFields: { nip: '1234567883', fvat: true } } })).setOrderBillingAddress,
    );
    const methods = (await s.op(getShippingMethods)).eligibleShippingMethods;
    expect(methods.map((m) => m.code).sort()).toEqual(['inpost-paczkomat', 'kurier']);
    const withShipping = unwrap(
      (await s.op(setShippingMethod, { id: [methods.find((m) => m.code === 'inpost-paczkomat')!.id] })).setOrderShippingMethod,
    );
    expect(withShipping.shippingLines[0]?.shippingMethod.code).toBe('inpost-paczkomat');
    const arranging = unwrap((await s.op(transitionOrderToState, { state: 'ArrangingPayment' })).transitionOrderToState!);
    expect(arranging.state).toBe('ArrangingPayment');
    const payments = (await s.op(getPaymentMethods)).eligiblePaymentMethods.map((p) => p.code).sort();
    expect(payments).toEqual(['online', 'przelew']);
    const declined = (await s.op(setPaymentMethod, { method: 'online', metadata: { result: 'decline' } })).addPaymentToOrder;
    expect(declined).toMatchObject({ errorCode: 'PAYMENT_DECLINED_ERROR' });
    const paid = unwrap((await s.op(setPaymentMethod, { method: 'przelew', metadata: {} })).addPaymentToOrder);
    expect(paid.state).toBe('PaymentAuthorized');
    expect((await s.op(getCart)).activeOrder).toBeNull();
  });
});
