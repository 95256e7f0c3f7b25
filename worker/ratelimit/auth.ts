import { type DocumentNode, Kind, parse, type SelectionSetNode } from '@0no-co/graphql.web';
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { SlidingWindow } from './sliding-window';

/**
 * Shop API mutations that guess or spend something per attempt (spec §2, DESIGN.md "Abuse"):
 * passwords (login), accounts and e-mails (register, password reset, new activation link),
 * reset tokens (resetPassword), opt-in e-mails (subscribeToNewsletter, which /api/newsletter limits on its own). Each occurrence counts, so aliases in one document cannot
 * batch many attempts into one request.
 */
export const LIMITED_MUTATIONS: ReadonlySet<string> = new Set([
  'login',
  'registerCustomerAccount',
  'requestPasswordReset',
  'resetPassword',
  'refreshCustomerVerification',
  'subscribeToNewsletter',
  // the withdrawal form: each submit spends an e-mail and a record (issue 24)
  'requestWithdrawal',
]);

/**
 * Shop API queries that guess something per attempt: the withdrawal form's lookup of an order by
 * its code and e-mail address (issue 24), which must not become a way to try codes.
 */
export const LIMITED_QUERIES: ReadonlySet<string> = new Set(['withdrawalOrder']);

export const DEFAULT_LIMIT = 10;
export const DEFAULT_WINDOW_SECONDS = 60;

/**
 * Attempts per client address in this isolate. Deliberately module state (CONVENTIONS habit 4
 * excepted, as the edge cache's revalidation set is): a counter must outlive the request.
 * Best-effort: Cloudflare may serve one address from several isolates and locations, each
 * counting on its own, so an attacker gets at most limit × isolates tries; the Workers Rate
 * Limiting binding has the same per-location scope and a fixed window (docs/decisions/040-auth-rate-limit-a-sliding-window-per-isolate-not-the-workers-rate-limiting-binding.md).
 */
const attempts = new SlidingWindow();

/** How many limited mutations and queries a GraphQL document carries (0 for any other operation). */
export function limitedAttempts(document: DocumentNode): number {
  const fragments = new Map<string, SelectionSetNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d.selectionSet);
  const seen = new Set<string>();
  const count = (set: SelectionSetNode, limited: ReadonlySet<string>): number => {
    let n = 0;
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) n += limited.has(s.name.value) ? 1 : 0;
      else if (s.kind === Kind.INLINE_FRAGMENT) n += count(s.selectionSet, limited);
      else if (s.kind === Kind.FRAGMENT_SPREAD && !seen.has(s.name.value)) {
        seen.add(s.name.value);
        const fragment = fragments.get(s.name.value);
        if (fragment) n += count(fragment, limited);
      }
    }
    return n;
  };
  return document.definitions.reduce((n, d) => {
    if (d.kind !== Kind.OPERATION_DEFINITION) return n;
    if (d.operation === 'mutation') return n + count(d.selectionSet, LIMITED_MUTATIONS);
    if (d.operation === 'query') return n + count(d.selectionSet, LIMITED_QUERIES);
    return n;
  }, 0);
}

function positive(raw: string | undefined, fallback: number): number {
  const n = Number(raw);
  return raw && Number.isInteger(n) && n > 0 ? n : fallback;
}

/** The client's address: Cloudflare's `CF-Connecting-IP`; one shared bucket where there is none (local tools). */
export function clientKey(c: Context<AppEnv>): string {
  return c.req.header('CF-Connecting-IP') ?? 'local';
}

/**
 * Pipeline step 3, before the backend call: a request whose mutations would take the client
 * over `AUTH_RATE_LIMIT` attempts in `AUTH_RATE_WINDOW_SECONDS` is answered 429 with a Polish
 * message and `Retry-After`; Vendure never sees it. Returns null when the request may go on.
 */
export function authRateLimit(c: Context<AppEnv>, query: string, now = Date.now()): Response | null {
  let document: DocumentNode;
  try {
    document = parse(query, { noLocation: true });
  } catch {
    return null; // The proxy has refused unparsable documents already.
  }
  const count = limitedAttempts(document);
  if (count === 0) return null;
  const limit = positive(c.env.AUTH_RATE_LIMIT, DEFAULT_LIMIT);
  const windowSeconds = positive(c.env.AUTH_RATE_WINDOW_SECONDS, DEFAULT_WINDOW_SECONDS);
  const verdict = attempts.hit(clientKey(c), count, limit, windowSeconds * 1000, now);
  if (verdict.ok) return null;
  const seconds = verdict.retryAfterSeconds;
  return Response.json(
    {
      errors: [
        {
          message: `Zbyt wiele prób. Odczekaj ${seconds} s i spróbuj ponownie.`,
          extensions: { code: 'RATE_LIMITED', retryAfter: seconds },
        },
      ],
    },
    { status: 429, headers: { 'Retry-After': String(seconds), 'Cache-Control': 'no-store' } },
  );
}
