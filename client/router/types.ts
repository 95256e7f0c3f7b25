import type { LayoutName } from './route-facts';
import type { ComponentType } from 'react';

/** Document head of a page, rendered by the worker and applied on client navigation. */
export interface Head {
  title: string;
  description?: string;
  /** Absolute canonical URL. */
  canonical?: string;
  ogImage?: string;
  /** JSON-LD objects, serialised safely into `<script type="application/ld+json">`. */
  jsonLd?: unknown[];
  noindex?: boolean;
}

/**
 * What a page request yields, as JSON (client navigation, `Accept: application/json`)
 * or embedded once in the HTML for hydration.
 */
export interface PagePayload<D = unknown> {
  /** Route id from the route table, or `error` for the error screen. */
  route: string;
  /** The route's page (its module's name: generated/pages.ts), or null on the error screen. */
  page: string | null;
  /** The route's layout (spec §2 "Layouts and shell"). */
  layout: LayoutName;
  params: Record<string, string>;
  status: number;
  head: Head;
  data: D;
  /** Public configuration the browser needs (explicit whitelist, see worker/env.ts). */
  config: PublicConfig;
  /** Header category navigation from the backend (worker/pages/nav.ts); empty when the backend cannot answer. */
  nav?: NavItem[];
  /** Top bar promo (worker/pages/top-bar.ts); absent when the backend has none or cannot answer. */
  topBar?: TopBarData;
}

/** Spec §3 top-bar content: the promo title (sanitised HTML) and the countdown target. */
export interface TopBarData {
  /** HTML sanitised by the worker to a small inline allow-list; empty when there is no promo. */
  titleHtml: string;
  /** ISO date of the countdown target, or null (then no countdown). */
  date: string | null;
}

/** Category tree item (spec §3): name, slug, link and nested items. */
export interface NavItem {
  name: string;
  slug: string;
  link: string;
  items: NavItem[];
}

export interface PublicConfig {
  assetUrl: string;
  /** Product slugs suggested in the cart sidebar (`CART_ADDON_SLUGS`). */
  cartAddonSlugs: string[];
  /** Bank transfer details shown in the footer and the checkout's transfer instructions (`BANK_TRANSFER_*`). */
  bankTransfer: BankTransferDetails;
  /** External addresses of the footer (`HARNESS_CREATOR_URL`, `BLOG_URL`, `DOG_BREEDS_URL`, `SOCIAL_LINKS`). */
  links: ShopLinks;
}

export interface BankTransferDetails {
  recipient: string;
  /** Account number (IBAN, spaced for reading). */
  account: string;
  bank: string;
}

export interface ShopLinks {
  harnessCreator: string;
  blog: string;
  dogBreeds: string;
  social: Array<{ name: string; url: string }>;
}

export interface PageProps<D> {
  data: D;
  params: Record<string, string>;
  /** Current URL search string (without `?`), so pages can read listing parameters. */
  search: string;
}

/** Data of the error screen (spec §2: 404 and any other status). */
export interface ErrorData {
  status: number;
}

/**
 * Reads a page payload that came as JSON (embedded in the HTML or from a client navigation):
 * checks the envelope the router relies on and returns it, or throws. The page's `data` is
 * the loader's, typed by the page the route id names.
 */
export function readPayload(value: unknown): PagePayload {
  const p = value as Partial<PagePayload> | null;
  const ok =
    !!p &&
    typeof p === 'object' &&
    typeof p.route === 'string' &&
    (p.page === null || typeof p.page === 'string') &&
    typeof p.layout === 'string' &&
    typeof p.status === 'number' &&
    !!p.params &&
    typeof p.params === 'object' &&
    !!p.head &&
    typeof p.head.title === 'string' &&
    !!p.config &&
    typeof p.config === 'object' &&
    'data' in p;
  if (!ok) throw new TypeError('Not a page payload');
  return p as PagePayload;
}

/** A page component as the router holds it and the worker renders it (`LoadedPage` in client/page-modules.ts). */
export type PageComponent = ComponentType<PageProps<unknown>>;

export interface RouterState {
  payload: PagePayload;
  Page: PageComponent | null;
  /** Path and query of the page shown. */
  url: string;
  /** Navigation in flight (the loading bar decides when to show it). */
  pending: boolean;
  /** The last navigation failed (loading bar "failed" style). */
  failed: boolean;
  /** Increments on every completed navigation, for effects that reset per page. */
  navigationId: number;
}

export interface Router {
  getState(): RouterState;
  subscribe(listener: () => void): () => void;
  navigate(href: string, options?: { replace?: boolean; pop?: boolean }): Promise<void>;
  prefetch(href: string, what?: 'data' | 'code'): void;
}
