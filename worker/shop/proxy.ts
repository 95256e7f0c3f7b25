import { type DocumentNode, parse, visit } from '@0no-co/graphql.web';
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { authRateLimit, limitedFields, recordLoginOutcomes } from '../ratelimit/auth';
import { tooManyAttempts } from '../ratelimit/limiter';
import { BackendUnavailable, backendFetch, type CallKind } from './backend';
import { readSessionToken, writeSessionToken } from './session';
import { isSameOrigin } from '../security/origin';

/** Largest GraphQL request body the proxy forwards. */
export const MAX_BODY_BYTES = 32 * 1024;

/** Mutations that place or pay for the order: they get the longest timeout (worker/shop/backend.ts). */
const CHECKOUT_MUTATIONS: ReadonlySet<string> = new Set(['addPaymentToOrder', 'transitionOrderToState', 'startOnlinePayment']);

interface GraphQLBody {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

function problem(status: number, message: string, code: string) {
  return Response.json({ errors: [{ message, extensions: { code } }] }, { status, headers: { 'Cache-Control': 'no-store' } });
}

/** Deepest selection-set nesting a document may have; our own documents stay under 8. */
export const MAX_DEPTH = 15;

interface DocumentFacts {
  document: DocumentNode;
  operations: Array<'query' | 'mutation' | 'subscription'>;
  /** places or pays for the order (CHECKOUT_MUTATIONS) */
  checkout: boolean;
  /** Asks for `__schema` or `__type` (schema introspection; `__typename` is fine). */
  introspection: boolean;
  depth: number;
}

/** What the proxy needs to know of a document, or null when it does not parse. */
function inspect(query: string): DocumentFacts | null {
  try {
    const document = parse(query, { noLocation: true });
    const facts: DocumentFacts = { document, operations: [], checkout: false, introspection: false, depth: 0 };
    let depth = 0;
    visit(document, {
      OperationDefinition(node) {
        facts.operations.push(node.operation);
      },
      Field(node) {
        if (node.name.value === '__schema' || node.name.value === '__type') facts.introspection = true;
        if (CHECKOUT_MUTATIONS.has(node.name.value)) facts.checkout = true;
      },
      SelectionSet: {
        enter() {
          depth += 1;
          facts.depth = Math.max(facts.depth, depth);
        },
        leave() {
          depth -= 1;
        },
      },
    });
    return facts;
  } catch {
    return null;
  }
}

/**
 * Pipeline step 3: `/api/shop`, the browser's only way to the Vendure Shop API.
 * POST with a JSON body, size-limited; mutations need a same-origin `Origin`;
 * the session token travels as an HttpOnly cookie here and as a Bearer header
 * upstream; the Admin API is never reachable (the upstream URL is fixed).
 */
export const shopProxy = new Hono<AppEnv>().all('/', async (c) => {
  const requestFacts = c.get('facts');
  if (requestFacts) requestFacts.route = 'api/shop';
  if (c.req.method !== 'POST') {
    return problem(405, 'Dozwolona jest tylko metoda POST.', 'METHOD_NOT_ALLOWED');
  }
  const type = c.req.header('Content-Type') ?? '';
  if (!type.toLowerCase().startsWith('application/json')) {
    return problem(415, 'Treść żądania musi być w formacie JSON.', 'UNSUPPORTED_MEDIA_TYPE');
  }
  const declared = Number(c.req.header('Content-Length') ?? 0);
  if (declared > MAX_BODY_BYTES) return problem(413, 'Żądanie jest zbyt duże.', 'PAYLOAD_TOO_LARGE');
  const raw = await c.req.text();
  if (new TextEncoder().encode(raw).byteLength > MAX_BODY_BYTES) return problem(413, 'Żądanie jest zbyt duże.', 'PAYLOAD_TOO_LARGE');

  let body: GraphQLBody;
  try {
    body = JSON.parse(raw) as GraphQLBody;
  } catch {
    return problem(400, 'Niepoprawny JSON.', 'BAD_REQUEST');
  }
  if (!body || typeof body.query !== 'string') return problem(400, 'Brak zapytania GraphQL (pole "query").', 'BAD_REQUEST');
  const facts = inspect(body.query);
  if (!facts || facts.operations.length === 0) return problem(400, 'Niepoprawne zapytanie GraphQL.', 'BAD_REQUEST');
  const { operations } = facts;
  if (facts.depth > MAX_DEPTH) return problem(400, 'Zapytanie jest zbyt złożone.', 'QUERY_TOO_DEEP');
  if (facts.introspection && c.env.ENVIRONMENT !== 'development') {
    return problem(403, 'Introspekcja schematu jest wyłączona.', 'INTROSPECTION_DISABLED');
  }
  if (operations.includes('subscription')) return problem(400, 'Subskrypcje nie są obsługiwane.', 'BAD_REQUEST');
  const origin = c.req.header('Origin');
  if (origin && !isSameOrigin(origin, c.req.url)) return problem(403, 'Żądanie z innej domeny zostało odrzucone.', 'FORBIDDEN_ORIGIN');
  if (operations.includes('mutation') && !isSameOrigin(origin, c.req.url)) {
    return problem(403, 'Zmiany wymagają żądania z tej samej domeny.', 'FORBIDDEN_ORIGIN');
  }
  // Logins, registrations, password resets, coupon codes, newsletter and withdrawal attempts
  // (worker/ratelimit/auth.ts), before any backend call.
  const token = readSessionToken(c);
  const limited = limitedFields(facts.document, body.variables && typeof body.variables === 'object' ? body.variables : {});
  if (limited.length) {
    const refusal = await authRateLimit(c, limited, token);
    if (refusal) {
      if (requestFacts) requestFacts.rateLimited = refusal.limiter;
      return tooManyAttempts(refusal);
    }
  }

  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const kind: CallKind = facts.checkout ? 'checkout' : operations.includes('mutation') ? 'cart' : 'read';
  let upstream: Response;
  try {
    upstream = await backendFetch(
      c.env.VENDURE_SHOP_API,
      {
        method: 'POST',
        headers,
        body: JSON.stringify({ query: body.query, variables: body.variables ?? {}, operationName: body.operationName }),
      },
      kind,
    );
  } catch (error) {
    if (!(error instanceof BackendUnavailable)) throw error;
    return unavailable(error.retryAfterSeconds);
  }
  if (upstream.status >= 500) {
    await upstream.body?.cancel();
    return unavailable(5);
  }
  const fresh = upstream.headers.get('vendure-auth-token');
  if (fresh) writeSessionToken(c, fresh);
  const answer = await upstream.text();
  if (limited.length) await recordLoginOutcomes(c, limited, answer);
  c.header('Cache-Control', 'private, no-store');
  return c.body(answer, upstream.status as 200, { 'Content-Type': 'application/json; charset=utf-8' });
});

/** The backend is down or its circuit breaker open: a JSON 503 the client shows as "try again". */
function unavailable(retryAfterSeconds: number): Response {
  const res = problem(503, 'Sklep jest chwilowo niedostępny. Spróbuj ponownie za chwilę.', 'BACKEND_UNAVAILABLE');
  res.headers.set('Retry-After', String(retryAfterSeconds));
  return res;
}
