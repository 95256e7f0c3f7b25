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
  params: Record<string, string>;
  status: number;
  head: Head;
  data: D;
  /** Public configuration the browser needs (explicit whitelist, see worker/env.ts). */
  config: PublicConfig;
  /** Header category navigation from the backend (worker/loaders/nav.ts); empty when the backend cannot answer. */
  nav?: NavItem[];
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
}

export interface PageProps<D> {
  data: D;
  params: Record<string, string>;
  /** Current URL search string (without `?`), so pages can read listing parameters. */
  search: string;
}

export interface PageModule<D> {
  default: ComponentType<PageProps<D>>;
}

/** Data of the error screen (spec §2: 404 and any other status). */
export interface ErrorData {
  status: number;
}
