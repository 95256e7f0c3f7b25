// Default import: the named FilterXSS export is undefined under vitest's CJS interop in workerd.
import xss, { type IFilterXSSOptions } from 'xss';
import { z } from 'zod';
import type { BlogPost } from '../home/home-types';
import type { Bindings } from '../../worker/env';

/** The blog must never slow the home page down by more than this (issue 5: ≤ 1.5 s). */
export const BLOG_TIMEOUT_MS = 1500;

const titleOptions: IFilterXSSOptions = { whiteList: {}, stripIgnoreTag: true, stripIgnoreTagBody: ['script', 'style'] };
const excerptOptions: IFilterXSSOptions = {
  whiteList: { p: [], br: [], strong: [], em: [], b: [], i: [] },
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style'],
};

/** WordPress post HTML → safe HTML: titles keep no tags, excerpts only paragraphs and emphasis (no links inside a card link). */
export function sanitisePostHtml(html: string, kind: 'title' | 'excerpt'): string {
  return xss(html, kind === 'title' ? titleOptions : excerptOptions).trim();
}

const httpUrl = z.string().refine((u) => /^https?:\/\//i.test(u), 'http(s) URL');

/** The fields of the WordPress REST shape we use (`/wp/v2/posts?_embed`). Anything else is ignored. */
const postSchema = z.object({
  id: z.number(),
  date: z.string(),
  link: httpUrl,
  title: z.object({ rendered: z.string() }),
  excerpt: z.object({ rendered: z.string() }),
  _embedded: z
    .object({
      'wp:featuredmedia': z
        .array(
          z.object({
            source_url: httpUrl.optional(),
            media_details: z.object({ width: z.number().optional(), height: z.number().optional() }).partial().optional(),
          }),
        )
        .optional(),
    })
    .optional(),
});

interface BlogOptions {
  timeoutMs?: number;
  /** For tests of a blog that misbehaves; defaults to the global fetch. */
  fetch?: typeof fetch;
}

/**
 * getLastPosts: the newest `count` posts of the WordPress REST API at
 * BLOG_API_URL, sanitised. Returns null when the blog is down, slow (over
 * BLOG_TIMEOUT_MS) or answers something that is not a post list, so the page
 * renders without the section; a single malformed post is skipped.
 */
export async function getLastPosts(env: Pick<Bindings, 'BLOG_API_URL'>, count = 3, options: BlogOptions = {}): Promise<BlogPost[] | null> {
  const url = `${env.BLOG_API_URL.replace(/\/$/, '')}/posts?per_page=${count}&_embed=wp:featuredmedia&_fields=id,date,link,title,excerpt,_links,_embedded`;
  try {
    const res = await (options.fetch ?? fetch)(url, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs ?? BLOG_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`blog answered ${res.status}`);
    const body: unknown = await res.json();
    if (!Array.isArray(body)) throw new Error('blog answered something that is not a post list');
    return body.flatMap((raw) => {
      const parsed = postSchema.safeParse(raw);
      if (!parsed.success) return [];
      const post = parsed.data;
      const media = post._embedded?.['wp:featuredmedia']?.[0];
      return [
        {
          id: post.id,
          date: post.date,
          link: post.link,
          titleHtml: sanitisePostHtml(post.title.rendered, 'title'),
          excerptHtml: sanitisePostHtml(post.excerpt.rendered, 'excerpt'),
          image: media?.source_url
            ? { url: media.source_url, width: media.media_details?.width ?? 1200, height: media.media_details?.height ?? 675 }
            : null,
        },
      ];
    });
  } catch (error) {
    console.warn('Blog unavailable, rendering without posts', error instanceof Error ? error.message : error);
    return null;
  }
}
