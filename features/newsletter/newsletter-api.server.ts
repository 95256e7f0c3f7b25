import { Hono } from 'hono';
import { subscribeToNewsletter } from './newsletter.graphql.server';
import type { NewsletterAnswer, NewsletterStatus } from '../../client/lib/newsletter/newsletter-api';
import { email as emailRule } from '../../client/lib/forms/validation';
import { modalTexts } from '../../client/texts/shell-modals';
import type { AppEnv } from '../../worker/env';
import { clientAddress, consume } from '../../worker/ratelimit/limiter';
import { readSessionToken } from '../../worker/shop/session';
import { shopClient } from '../../worker/shop/vendure';
import { isSameOrigin } from '../../worker/security/origin';

/**
 * Sign-ups per client address and minute (docs/architecture.md "Security and limits": rate limited at the worker): the
 * NEWSLETTER_LIMITER binding's `simple.limit` in wrangler.toml, repeated here for the tests.
 */
export const NEWSLETTER_LIMIT = 5;
const MAX_BODY_BYTES = 2048;

const STATUS: Record<string, NewsletterStatus> = {
  CONFIRMATION_SENT: 'confirmation-sent',
  SUBSCRIBED: 'subscribed',
  ALREADY_SUBSCRIBED: 'already-subscribed',
};
const nt = modalTexts.newsletter;

const answer = (body: NewsletterAnswer & { error?: string }, status: number, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } });

/**
 * `POST /api/newsletter` `{ email, consent }`: the newsletter modal's sign-up. Same-origin
 * only, validated with the shop's e-mail rule (400 with the field and a Polish reason), rate
 * limited per client (429), then `subscribeToNewsletter` with the shopper's session, so a
 * signed-in customer's own address is subscribed at once and flagged on their account.
 */
export const newsletterApi = new Hono<AppEnv>().all('/', async (c) => {
  if (c.req.method !== 'POST') return answer({ error: 'Dozwolona jest tylko metoda POST.' }, 405, { Allow: 'POST' });
  if (!isSameOrigin(c.req.header('Origin'), c.req.url)) return answer({ error: 'Żądanie z innej domeny zostało odrzucone.' }, 403);
  const raw = await c.req.text();
  if (raw.length > MAX_BODY_BYTES) return answer({ error: 'Żądanie jest zbyt duże.' }, 413);
  let body: { email?: unknown; consent?: unknown };
  try {
    body = JSON.parse(raw) as typeof body;
  } catch {
    return answer({ error: 'Niepoprawny JSON.' }, 400);
  }
  const email = typeof body?.email === 'string' ? body.email.trim() : '';
  const emailError = email ? emailRule(email) : nt.emailRequired;
  if (emailError) return answer({ field: 'email', message: emailError }, 400);
  if (body.consent !== true) return answer({ field: 'consent', message: nt.consentRequired }, 400);

  const refusal = await consume(c, 'NEWSLETTER_LIMITER', clientAddress(c));
  if (refusal) return answer({ error: nt.tooMany }, 429, { 'Retry-After': String(refusal.retryAfterSeconds) });

  try {
    const result = await shopClient(c.env, { token: readSessionToken(c), kind: 'cart' }).request(subscribeToNewsletter, {
      email,
      consent: true,
    });
    const status = STATUS[result.subscribeToNewsletter.status];
    if (!status) throw new Error(`Unknown newsletter status ${result.subscribeToNewsletter.status}`);
    return answer({ status }, 200);
  } catch (error) {
    console.error('Newsletter sign-up failed', error);
    return answer({ error: nt.failed }, 502);
  }
});
