import type { Context } from 'hono';
import { getSlider } from '../../features/listing/catalogue.graphql.server';
import type { TopBarData } from '../../client/router/types';
import { cachedJson } from '../cache/data-cache';
import type { AppEnv } from '../env';
import { sanitiseInlineHtml } from '../render/html';
import { shopClient } from '../shop/vendure';

/** How long the top-bar promo is kept in the edge cache: an editor's change shows within a few minutes. */
const TOP_BAR_TTL_SECONDS = 300;

/**
 * The top bar's promo (spec §3, getSlider: Channel custom fields topBarTitle and
 * topBarDate) for every page payload. The title may carry markup, so it is
 * sanitised here to inline tags; a date that is not a date becomes null (no
 * countdown). Absent title and date, or a failing backend, give undefined: the
 * top bar then shows its links and badge only.
 */
export async function loadTopBar(c: Context<AppEnv>): Promise<TopBarData | undefined> {
  try {
    const data = await cachedJson(c, 'top-bar', TOP_BAR_TTL_SECONDS, async () => {
      const { activeChannel } = await shopClient(c.env, { kind: 'shell' }).request(getSlider);
      return toTopBar(activeChannel.customFields?.topBarTitle, activeChannel.customFields?.topBarDate);
    });
    return data ?? undefined;
  } catch (error) {
    console.error('Top bar unavailable', error);
    return undefined;
  }
}

/** The payload shape of the raw channel fields, or null when there is nothing to show. */
export function toTopBar(title: string | null | undefined, date: unknown): TopBarData | null {
  const titleHtml = sanitiseInlineHtml(title);
  const ms = typeof date === 'string' ? Date.parse(date) : Number.NaN;
  const iso = Number.isFinite(ms) ? new Date(ms).toISOString() : null;
  return titleHtml || iso ? { titleHtml, date: iso } : null;
}
