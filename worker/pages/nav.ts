import type { Context } from 'hono';
import { getHeaderNavigation } from '../../features/listing/catalogue.graphql.server';
import type { NavItem } from '../../client/router/types';
import { cachedJson } from '../cache/data-cache';
import type { AppEnv } from '../env';
import { shopClient } from '../shop/vendure';

/** How long the header navigation is kept in the edge cache (it changes when the category tree does). */
const NAV_TTL_SECONDS = 300;

interface RawCollection {
  name: string;
  slug: string;
  position: number;
  children?: RawCollection[] | null;
}

/** Category tree items (spec §3) with links that append each slug to the parent path (`/c/dla-psa/akcesoria`). */
function toNavItems(collections: readonly RawCollection[], parentLink = '/c'): NavItem[] {
  return [...collections]
    .sort((a, b) => a.position - b.position)
    .map((col) => {
      const link = `${parentLink}/${col.slug}`;
      return { name: col.name, slug: col.slug, link, items: toNavItems(col.children ?? [], link) };
    });
}

/**
 * The header navigation (getheadernavigation): top categories and two levels
 * below, embedded in every page payload so the menu is server-rendered, works
 * without JavaScript and needs no request of its own. Cached for
 * NAV_TTL_SECONDS; a backend failure gives an empty list (and is not cached).
 */
export async function loadNav(c: Context<AppEnv>): Promise<NavItem[]> {
  try {
    return await cachedJson(c, 'nav', NAV_TTL_SECONDS, async () => {
      const { collections } = await shopClient(c.env, { kind: 'shell' }).request(getHeaderNavigation);
      return toNavItems(collections.items);
    });
  } catch (error) {
    console.error('Header navigation unavailable', error);
    return [];
  }
}
