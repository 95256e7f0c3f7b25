import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { ProductData } from './product-data';
import type { PagePayload } from '../../client/router/types';
import { app } from '../../worker/app';
import { forgetPage } from '../../worker/cache/test-cache';

const BASE = 'http://127.0.0.1:8787';
const GUARD = '/p/1/szelki-typu-guard-classic';
let n = 0;
/** The page rendered now, its copies in the edge cache forgotten first: these tests change reviews between requests. */
const fresh = async (path: string) => {
  await forgetPage(`${BASE}${path}`);
  return `${BASE}${path}`;
};
const page = async (path: string) => (await app.request(await fresh(path), { redirect: 'manual' }, env)).text();
const payload = async (path: string) =>
  (await (await app.request(await fresh(path), { headers: { Accept: 'application/json' } }, env)).json()) as PagePayload<ProductData>;

type Json = Record<string, any>;
function productJsonLd(html: string): Json {
  const all = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Json);
  return all.find((j) => j['@type'] === 'Product' || j['@type'] === 'ProductGroup')!;
}

/** GraphQL against the throwaway backend with a bearer session (Shop API or Admin API). */
class Session {
  token: string | null = null;
  constructor(private url: string) {}
  async q<T = Json>(query: string, variables: Json = {}): Promise<T> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(this.token ? { Authorization: `Bearer ${this.token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    this.token = res.headers.get('vendure-auth-token') ?? this.token;
    const body = (await res.json()) as { data: T; errors?: Array<{ message: string }> };
    if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '));
    return body.data;
  }
}
const shopUrl = () => env.VENDURE_SHOP_API;
const adminUrl = () => env.VENDURE_SHOP_API.replace(/\/shop-api$/, '/admin-api');

async function customerReview(productId: string, rating: number, text: string): Promise<string> {
  const s = new Session(shopUrl());
  const email = `worker-review-${Date.now()}-${++n}@psiaki.test`;
  await s.q(`mutation($i: RegisterCustomerInput!) { registerCustomerAccount(input: $i) { ... on Success { success } } }`, {
    i: { emailAddress: email, firstName: 'Test', lastName: 'Recenzent', password: 'Haslo1234!' },
  });
  await s.q(`mutation($u: String!) { login(username: $u, password: "Haslo1234!") { ... on CurrentUser { id } } }`, { u: email });
  const r = await s.q<{ submitProductReview: { id: string } }>(
    `mutation($i: SubmitProductReviewInput!) { submitProductReview(input: $i) { ... on ProductReview { id } ... on ErrorResult { errorCode } } }`,
    { i: { productId, rating, text } },
  );
  return r.submitProductReview.id;
}

async function admin(): Promise<Session> {
  const a = new Session(adminUrl());
  await a.q(`mutation { login(username: "superadmin", password: "superadmin") { ... on CurrentUser { id } } }`);
  return a;
}

describe('product reviews on the product page', () => {
  it('gives the JSON-LD an aggregateRating and the first page of reviews that match the approved reviews', async () => {
    const { productReviews } = await new Session(shopUrl()).q<{ productReviews: { totalItems: number; items: Json[] } }>(
      `{ productReviews(productId: "1", options: { take: 20 }) { totalItems items { authorName rating title text createdAt } } }`,
    );
    expect(productReviews.totalItems).toBeGreaterThan(0);
    const ratings = productReviews.items.map((r) => r.rating as number);
    const average = ratings.reduce((a, b) => a + b, 0) / ratings.length;

    const ld = productJsonLd(await page(GUARD));
    expect(ld.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: Number(average.toFixed(1)),
      reviewCount: productReviews.totalItems,
      bestRating: 5,
      worstRating: 1,
    });
    expect(ld.review).toHaveLength(Math.min(5, productReviews.totalItems));
    ld.review.forEach((r: Json, i: number) => {
      const source = productReviews.items[i]!;
      expect(r).toMatchObject({
        '@type': 'Review',
        author: { '@type': 'Person', name: source.authorName },
        reviewBody: source.text,
        reviewRating: { ratingValue: source.rating },
      });
      expect(r.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });
  });

  it('counts only approved reviews: pending and rejected ones are not in the JSON-LD, the summary or the page', async () => {
    // product 3 has no seeded reviews (a third of the products have them: ids 1, 4, 7, …)
    const path = '/p/3/szelki-typu-guard-softshell';
    const before = await payload(path);
    expect(before.status).toBe(200);
    expect(before.data.reviews.count).toBe(0);
    expect(productJsonLd(await page(path)).aggregateRating).toBeUndefined();

    const approvedText = 'Zatwierdzona opinia o szelkach – trzymają się świetnie.';
    const pendingText = 'Opinia czekająca na moderację, nie powinna być widoczna.';
    const rejectedText = 'Odrzucona opinia, nie powinna być widoczna nigdzie.';
    const a = await admin();
    const approved = await customerReview('3', 2, approvedText);
    await customerReview('3', 5, pendingText);
    const rejected = await customerReview('3', 1, rejectedText);
    await a.q(`mutation($id: ID!) { approveProductReview(id: $id) { id } }`, { id: approved });
    await a.q(`mutation($id: ID!) { rejectProductReview(id: $id) { id } }`, { id: rejected });

    // the summary comes from the catalogue read model, rebuilt through the job queue: within seconds
    await expect
      .poll(async () => productJsonLd(await page(path)).aggregateRating, { timeout: 5000 })
      .toMatchObject({ ratingValue: 2, reviewCount: 1 });
    const html = await page(path);
    const ld = productJsonLd(html);
    expect(ld.review.map((r: Json) => r.reviewBody)).toEqual([approvedText]);
    expect(html).toContain(approvedText);
    expect(html).not.toContain(pendingText);
    expect(html).not.toContain(rejectedText);
    const after = await payload(path);
    expect(after.data.reviews).toMatchObject({ count: 1, average: 2, totalItems: 1 });
    expect(after.data.reviews.histogram).toEqual([5, 4, 3, 2, 1].map((rating) => ({ rating, count: rating === 2 ? 1 : 0 })));
  });

  it('server-renders the reviews section with the Omnibus disclosure, the first page and a Polish date; markup in a review is text', async () => {
    const hostile = '<script>alert("opinia")</script> <b>pogrubienie</b> i tak dalej';
    const a = await admin();
    await a.q(`mutation($id: ID!) { approveProductReview(id: $id) { id } }`, { id: await customerReview('2', 4, hostile) });
    const html = await page('/p/2/szelki-typu-guard-odblaskowe');
    expect(html).toContain('<h2 id="reviews-heading">Opinie klientów</h2>');
    expect(html).toContain(
      'Opinie oznaczone „Zweryfikowany zakup” pochodzą od klientów, którzy kupili ten produkt w naszym sklepie; pozostałe nie są weryfikowane.',
    );
    expect(html).toContain('&lt;script&gt;alert(&quot;opinia&quot;)&lt;/script&gt; &lt;b&gt;pogrubienie&lt;/b&gt;');
    expect(html).not.toContain('<script>alert("opinia")');
    expect(html).toMatch(
      /<time dateTime="\d{4}-\d{2}-\d{2}">\d{1,2} (stycznia|lutego|marca|kwietnia|maja|czerwca|lipca|sierpnia|września|października|listopada|grudnia) \d{4}<\/time>/,
    );
    // a product with six seeded reviews shows the first five and offers more; one with five does not
    const leash = await page('/p/34/smycz-miejska-odblaskowa');
    expect(leash.match(/<article class="review"/g)).toHaveLength(5);
    // The section (a Suspense boundary, hydrated from its own chunk) is rendered in place: no
    // pending boundary moved to the end of a long page with an inline script the CSP would block.
    expect(leash).not.toContain('<!--$?-->');
    expect(leash).not.toMatch(/<script>/);
    expect(leash).toContain('Pokaż więcej opinii');
    expect(await page(GUARD)).not.toContain('Pokaż więcej opinii');
  });
});
