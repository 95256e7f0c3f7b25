import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BLOG_TIMEOUT_MS, getLastPosts, sanitisePostHtml } from './wordpress.server';

describe('blog client (getLastPosts, WordPress REST)', () => {
  it('reads the newest posts with title, excerpt, link and featured image', async () => {
    const posts = await getLastPosts(env, 3);
    expect(posts).toHaveLength(3);
    expect(posts![0]).toMatchObject({
      titleHtml: 'Jak dobrać szelki dla psa? Mierzymy krok po kroku',
      link: `${env.BLOG_URL}/w-psim-swiecie/jak-dobrac-szelki-dla-psa/`,
      image: { url: `${env.BLOG_URL}/wp-content/uploads/psiaki/jak-dobrac-szelki-dla-psa.jpg`, width: 1200, height: 675 },
    });
    expect(posts![0]!.excerptHtml).toMatch(/^<p>Dobrze dopasowane szelki/);
  });

  it('removes scripts and event handlers from post HTML (the fixture post about fireworks carries both)', async () => {
    const posts = await getLastPosts(env, 20);
    const post = posts!.find((p) => p.link.includes('sylwester-a-strach-przed-fajerwerkami'))!;
    expect(post).toBeDefined();
    expect(post.excerptHtml).not.toMatch(/<script|onerror|alert\(/i);
    expect(post.excerptHtml.length).toBeGreaterThan(20);
    expect(
      sanitisePostHtml('<p onclick="x()">Tekst <a href="javascript:alert(1)">link</a><img src=x onerror=alert(1)></p>', 'excerpt'),
    ).toBe('<p>Tekst link</p>');
    expect(sanitisePostHtml('Psy &amp; <em>koty</em><script>alert(1)</script>', 'title')).toBe('Psy &amp; koty');
  });

  it('gives up (null) when the blog is down, answers an error or something that is not a post list', async () => {
    expect(await getLastPosts({ BLOG_API_URL: 'http://127.0.0.1:9/wp-json/wp/v2' })).toBeNull();
    expect(await getLastPosts({ BLOG_API_URL: `${env.BLOG_URL}/wp-json/wp/v2/nie-ma` })).toBeNull();
    const notAList = async () => Response.json({ code: 'rest_no_route' });
    expect(await getLastPosts(env, 3, { fetch: notAList as typeof fetch })).toBeNull();
  });

  it(`gives up (null) when the blog is slower than ${BLOG_TIMEOUT_MS} ms`, async () => {
    expect(BLOG_TIMEOUT_MS).toBeLessThanOrEqual(1500);
    let aborted = false;
    const hangs = (_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => {
          aborted = true;
          reject(init.signal!.reason);
        });
      });
    expect(await getLastPosts(env, 3, { fetch: hangs as typeof fetch })).toBeNull();
    expect(aborted).toBe(true);
  });

  it('skips a malformed post and keeps only http(s) links', async () => {
    const mixed = async () =>
      Response.json([
        { id: 1, date: '2026-01-01', link: 'javascript:alert(1)', title: { rendered: 'Zły' }, excerpt: { rendered: '' } },
        {
          id: 2,
          date: '2026-01-02',
          link: 'https://blog.example/dobry/',
          title: { rendered: 'Dobry' },
          excerpt: { rendered: '<p>Tak</p>' },
        },
        { nonsense: true },
      ]);
    const posts = await getLastPosts(env, 3, { fetch: mixed as typeof fetch });
    expect(posts).toEqual([
      { id: 2, date: '2026-01-02', link: 'https://blog.example/dobry/', titleHtml: 'Dobry', excerptHtml: '<p>Tak</p>', image: null },
    ]);
  });
});
