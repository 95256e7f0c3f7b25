import { createElement, type ReactNode, useEffect } from 'react';
import { expect, vi } from 'vitest';
import type { Cart, CartLine } from './stores/cart.store';
import { StoresProvider, type Stores, useStores } from './stores/StoresProvider';
import { RouterContext } from './router/context';
import type { PagePayload, Router, RouterState } from './router/types';

/**
 * Shared pieces of the component tests (features/**\/*.test.tsx): a fake `/api/shop` that answers
 * the GraphQL documents by operation name and records what was sent, the real stores and a
 * router context holding a page payload, and realistic cart data.
 */

interface ShopCall {
  operation: string;
  variables: Record<string, unknown>;
  headers: Record<string, string>;
}

/** An answer: `data` of the operation, or `{ errors: [...] }` (sent as the worker sends a GraphQL error). */
type ShopAnswer = unknown | { errors: Array<{ message: string; extensions?: Record<string, unknown> }> };
export type ShopHandler = (variables: Record<string, unknown>, call: ShopCall) => ShopAnswer | Promise<ShopAnswer>;

/**
 * Stubs `fetch` with a Shop API answering each operation by its name (`query getCart` → `getCart`).
 * Unknown operations fail the request loudly (status 500), so a test notices a call it did not expect.
 * `getCart` and `getActiveCustomer` answer an empty cart and a guest unless given.
 */
export function fakeShop(handlers: Record<string, ShopHandler> = {}) {
  const calls: ShopCall[] = [];
  const all: Record<string, ShopHandler> = {
    getCart: () => ({ activeOrder: null }),
    getActiveCustomer: () => ({ activeCustomer: null }),
    ...handlers,
  };
  const fetchMock = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as { query: string; variables: Record<string, unknown> };
    const operation = /\b(?:query|mutation)\s+(\w+)/.exec(body.query)?.[1] ?? '?';
    const call: ShopCall = { operation, variables: body.variables, headers: { ...(init?.headers as Record<string, string>) } };
    calls.push(call);
    const handler = all[operation];
    if (!handler) return Response.json({ errors: [{ message: `unexpected operation ${operation}` }] }, { status: 500 });
    const answer = (await handler(body.variables, call)) as { errors?: unknown };
    if (answer && typeof answer === 'object' && 'errors' in answer) return Response.json(answer, { status: 200 });
    return Response.json({ data: answer });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetch: fetchMock,
    /** The calls of one operation, in order. */
    of: (operation: string) => calls.filter((c) => c.operation === operation),
  };
}

/** A page payload with the public configuration the components read. */
function payload(overrides: Partial<PagePayload> = {}): PagePayload {
  return {
    route: 'home',
    page: 'HomePage',
    layout: 'default',
    params: {},
    status: 200,
    head: { title: 'Psi Sklep' },
    data: null,
    config: {
      assetUrl: 'https://assets.example.test',
      cartAddonSlugs: [],
      bankTransfer: { recipient: 'Psi Sklep sp. z o.o.', account: 'PL61 1090 1014 0000 0712 1981 2874', bank: 'Santander' },
      links: { harnessCreator: '/kreator', blog: '/blog', dogBreeds: '/rasy', social: [] },
    },
    ...overrides,
  };
}

/** A router holding one page; `navigate` records where it was sent and counts a navigation. */
export function fakeRouter(page: PagePayload = payload()) {
  let state: RouterState = { payload: page, Page: null, url: '/', pending: false, failed: false, navigationId: 0 };
  const listeners = new Set<() => void>();
  const navigate = vi.fn(async (href: string) => {
    state = { ...state, url: href, navigationId: state.navigationId + 1 };
    for (const l of listeners) l();
  });
  const router: Router = {
    getState: () => state,
    subscribe: (l) => (listeners.add(l), () => listeners.delete(l)),
    navigate,
    prefetch: vi.fn(),
  };
  return { router, navigate };
}

/** Hands the real stores of the StoresProvider to the test. */
function StoresProbe({ onStores }: { onStores(stores: Stores): void }) {
  const stores = useStores();
  useEffect(() => {
    onStores(stores);
  }, [stores, onStores]);
  return null;
}

/**
 * The component inside the real StoresProvider (which loads the cart and the session through the
 * stubbed fetch) and a router context. `holder.stores` is set once mounted.
 */
export function withApp(ui: ReactNode, router: Router = fakeRouter().router) {
  const holder: { stores: Stores | null } = { stores: null };
  const onStores = (stores: Stores) => {
    holder.stores = stores;
  };
  const tree = createElement(
    RouterContext.Provider,
    { value: router },
    createElement(StoresProvider, null, createElement(StoresProbe, { onStores }), ui),
  );
  return {
    tree,
    get stores(): Stores {
      if (!holder.stores) throw new Error('stores not mounted yet');
      return holder.stores;
    },
  };
}

/** A cart line as the Cart fragment returns it: 'Szelki Guard', 20 mm / M, 149 zł. */
export function cartLine(overrides: Partial<CartLine> & { productName?: string } = {}): CartLine {
  const { productName = 'Szelki Guard', ...rest } = overrides;
  const quantity = rest.quantity ?? 1;
  return {
    id: '11',
    quantity,
    unitPriceWithTax: 14900,
    linePriceWithTax: 14900 * quantity,
    discountedLinePriceWithTax: 14900 * quantity,
    featuredAsset: { preview: '/assets/szelki-guard.jpg' },
    productVariant: {
      id: '501',
      name: `${productName} – 20 mm, M`,
      sku: 'PS-001-20-M',
      priceWithTax: 14900,
      customFields: { staracena: null },
    },
    catalogue: {
      product: { id: '1', slug: 'szelki-guard', name: productName, facetValues: [] },
      options: [
        { id: '1', code: '20-mm', name: '20 mm', group: { code: 'szerokosc-tasmy', name: 'Szerokość taśmy' } },
        { id: '2', code: 'm', name: 'M', group: { code: 'rozmiar', name: 'Rozmiar' } },
      ],
    },
    customFields: {
      configurator: null,
      customObwodKlatki: null,
      customObwodSzyi: null,
      dodatkowyMetr: null,
      kolorOkuc: null,
      odblaski: null,
      podszycie: null,
      raczka: null,
      dopasowanieRozmiaru: null,
    },
    ...rest,
  } as CartLine;
}

/** An active order holding the lines (totals computed from them). */
export function cartOf(lines: CartLine[], overrides: Partial<Cart> = {}): Cart {
  const subtotal = lines.reduce((s, l) => s + l.linePriceWithTax, 0);
  return {
    id: '7',
    code: 'ZAM7XK',
    state: 'AddingItems',
    active: true,
    totalQuantity: lines.reduce((s, l) => s + l.quantity, 0),
    subTotalWithTax: subtotal,
    totalWithTax: subtotal,
    shippingWithTax: 0,
    couponCodes: [],
    discounts: [],
    shippingLines: [],
    customer: null,
    lines,
    ...overrides,
  } as Cart;
}

/** Answers an ErrorResult the way Vendure does (a union member with errorCode and message). */
export const errorResult = (errorCode: string, message = errorCode) => ({ errorCode, message });

/** The field is marked invalid and described by an element saying `message`. */
export function expectInvalid(field: HTMLElement, message: string) {
  expect(field.getAttribute('aria-invalid'), `${field.id} aria-invalid`).toBe('true');
  const described = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const texts = described.map((id) => document.getElementById(id)?.textContent);
  expect(texts, `${field.id} described by`).toContain(message);
}
