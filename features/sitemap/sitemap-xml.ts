/**
 * The sitemaps' XML (sitemaps.org protocol 0.9, Google's image extension 1.1): pure functions, so
 * a unit test can validate what they write against the schemas kept in features/sitemap/schemas/.
 * Every value is escaped; a location longer than the protocol allows is left out, never cut.
 */

import { xmlText } from '../../client/lib/xml';

/** The protocol's limits of one file: 50,000 URLs and 50 MB (52,428,800 bytes) uncompressed. */
export interface SitemapLimits {
  maxUrls: number;
  maxBytes: number;
}
export const PROTOCOL_LIMITS: SitemapLimits = { maxUrls: 50_000, maxBytes: 50 * 1024 * 1024 };

/** A location may have at most 2,048 characters (sitemaps.org, "XML tag definitions"). */
export const MAX_LOC = 2048;
/** Pictures listed per page: the product page's first ones (Google takes up to 1,000; a product has a handful). */
export const MAX_IMAGES = 20;

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN =
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n';
const URLSET_CLOSE = '</urlset>\n';
const INDEX_OPEN = '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const INDEX_CLOSE = '</sitemapindex>\n';

/** Bytes of a file around its entries. */
const ENVELOPE_BYTES = XML_DECLARATION.length + URLSET_OPEN.length + URLSET_CLOSE.length;
/** Bytes of an entry around its location and date: `<url><loc></loc><lastmod>…</lastmod></url>` and line ends. */
const ENTRY_BYTES = 80;
/** Bytes of a picture around its location. */
const IMAGE_BYTES = 50;

/** One page of a sitemap. `loc` is absolute; `lastmod` an ISO time, or none when unknown. */
export interface SitemapEntry {
  loc: string;
  lastmod?: string | null;
  images?: readonly string[];
}

/**
 * A location as the protocol wants it: an absolute http(s) URL, percent-encoded (ASCII only, so
 * its length in characters is its length in bytes), escaped, at most MAX_LOC characters; null
 * when it is none of these.
 */
export function sitemapLoc(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const loc = xmlText(parsed.href);
  return loc.length <= MAX_LOC ? loc : null;
}

/** A time in the W3C Datetime form the protocol takes (`2026-11-26T06:44:19Z`), or null. */
export function w3cDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * How many entries one file of this kind holds: the URL limit, or fewer, so that even entries of
 * the largest size possible (every location MAX_LOC long, MAX_IMAGES pictures) stay under the
 * byte limit, without measuring them first: the index tells how many files there are before any
 * is written. With the protocol's limits: 1,189 entries with pictures (44,088 bytes each at
 * most), 24,637 without (2,128 bytes).
 */
export function entriesPerFile(limits: SitemapLimits, withImages: boolean): number {
  const largest = ENTRY_BYTES + MAX_LOC + (withImages ? MAX_IMAGES * (IMAGE_BYTES + MAX_LOC) : 0);
  const bytesAllow = Math.floor((limits.maxBytes - ENVELOPE_BYTES) / largest);
  const n = Math.min(limits.maxUrls, bytesAllow);
  if (n < 1) throw new Error(`sitemap limits too small: ${limits.maxBytes} bytes hold no entry of ${largest} bytes`);
  return n;
}

/** A `urlset` of these entries (entries whose location is not valid left out). */
export function urlset(entries: readonly SitemapEntry[]): string {
  const parts = [XML_DECLARATION, URLSET_OPEN];
  for (const entry of entries) {
    const loc = sitemapLoc(entry.loc);
    if (!loc) continue;
    const lastmod = w3cDate(entry.lastmod);
    parts.push(`<url><loc>${loc}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}`);
    const images = (entry.images ?? []).map(sitemapLoc).filter((l): l is string => l !== null);
    for (const imageLoc of images.slice(0, MAX_IMAGES)) parts.push(`<image:image><image:loc>${imageLoc}</image:loc></image:image>`);
    parts.push('</url>\n');
  }
  parts.push(URLSET_CLOSE);
  return parts.join('');
}

/** A `sitemapindex` of these sitemaps' locations (with their last change where known). */
export function sitemapIndex(sitemaps: ReadonlyArray<{ loc: string; lastmod?: string | null }>): string {
  const parts = [XML_DECLARATION, INDEX_OPEN];
  for (const sitemap of sitemaps) {
    const loc = sitemapLoc(sitemap.loc);
    if (!loc) continue;
    const lastmod = w3cDate(sitemap.lastmod);
    parts.push(`<sitemap><loc>${loc}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</sitemap>\n`);
  }
  parts.push(INDEX_CLOSE);
  return parts.join('');
}
