import xss, { type IFilterXSSOptions } from 'xss';

/**
 * HTML that comes from the backend (collection and product descriptions): the one
 * sanitiser for it, and the one way to turn it into plain text (meta descriptions,
 * JSON-LD, teasers). Blog posts have their own, stricter profiles (features/content/wordpress.server.ts).
 */

const descriptionOptions: IFilterXSSOptions = {
  whiteList: { p: [], br: [], strong: [], em: [], ul: [], ol: [], li: [], h2: [], h3: [], a: ['href', 'title'] },
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style'],
};

/** Sanitises a description from the backend to a small allow-list of tags. */
export function sanitiseHtml(html: string | null | undefined): string {
  return xss(html ?? '', descriptionOptions);
}

const inlineOptions: IFilterXSSOptions = {
  whiteList: { strong: [], b: [], em: [], i: [], br: [], span: [], a: ['href', 'title'] },
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style'],
};

/** Sanitises a one-line text with a little markup (the top-bar promo title) to inline tags only. */
export function sanitiseInlineHtml(html: string | null | undefined): string {
  return xss(html ?? '', inlineOptions).trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Plain text of HTML: tags removed, entities decoded, whitespace collapsed. */
export function htmlToText(html: string | null | undefined): string {
  return (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** Plain text cut to `max` characters, ending with an ellipsis when cut. */
export function textExcerpt(html: string | null | undefined, max: number): string {
  const text = htmlToText(html);
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
