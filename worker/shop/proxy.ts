import { type DocumentNode, visit } from 'graphql';
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { authRateLimit, limitedFields, recordLoginOutcomes } from '../ratelimit/auth';
import { challengeRequired, tooManyAttempts } from '../ratelimit/limiter';
import { BackendUnavailable, backendFetch, type CallKind } from './backend';
import { executedOperation, fieldsOf } from './operation';
import { checkQuery } from './query-limits';
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

/** Whether a document asks for `__schema` or `__type` anywhere (schema introspection; `__typename` is fine). */
function asksForSchema(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Field(node) {
      if (node.name.value === '__schema' || node.name.value === '__type') found = true;
    },
  });
  return found;
}

/** Why graphql-js would not execute a document, in Polish (the backend refuses the same ones). */
const NO_OPERATION: Record<'no-operation' | 'operation-name-required' | 'unknown-operation-name', string> = {
  'no-operation': 'Niepoprawne zapytanie GraphQL.',
  'operation-name-required': 'Dokument ma kilka operacji: wskaż jedną w polu "operationName".',
  'unknown-operation-name': 'Dokument nie ma operacji o nazwie podanej w polu "operationName".',
};

/**
 * Shop API fields only the worker asks for, each a whole catalogue or a large part of it in one
 * call (the product feeds' pages of 200 products, the sitemaps' pages of 1000, up to 100 cards as
 * one JSON value): a browser never needs them, and through `/api/shop` they would let anyone pull
 * megabytes per request (ten aliases of a feed page are 18 MB). Refused before the backend.
 */
const WORKER_ONLY_FIELDS = new Set(['catalogueFeed', 'catalogueSitemap', 'catalogueCardsJson', 'catalogueFamilyJson']);

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
  if (!body || typeof body !== 'object' || typeof body.query !== 'string') {
    return problem(400, 'Brak zapytania GraphQL (pole "query").', 'BAD_REQUEST');
  }
  const variables = body.variables && typeof body.variables === 'object' && !Array.isArray(body.variables) ? body.variables : {};
  if (body.operationName != null && typeof body.operationName !== 'string') {
    return problem(400, 'Pole "operationName" musi być tekstem.', 'BAD_REQUEST');
  }
  // Cost first (worker/shop/query-limits.ts): tokens while parsing, then depth, aliases,
  // directives and cost with fragments followed; nothing else reads a document over them.
  const checked = checkQuery(body.query);
  if ('problem' in checked) {
    if (requestFacts && checked.problem.limit) requestFacts.queryLimit = checked.problem.limit;
    return problem(400, checked.problem.message, checked.problem.code);
  }
  const { document } = checked;
  const executed = executedOperation(document, variables, body.operationName);
  if ('problem' in executed) return problem(400, NO_OPERATION[executed.problem], 'BAD_REQUEST');
  const { operation } = executed;
  if (asksForSchema(document) && c.env.ENVIRONMENT !== 'development') {
    return problem(403, 'Introspekcja schematu jest wyłączona.', 'INTROSPECTION_DISABLED');
  }
  if (operation.operation === 'subscription') return problem(400, 'Subskrypcje nie są obsługiwane.', 'BAD_REQUEST');
  const rootFields = fieldsOf(operation.selectionSet, executed.fragments, executed.variables);
  if (rootFields.some((f) => WORKER_ONLY_FIELDS.has(f.name.value))) {
    return problem(403, 'To zapytanie jest dostępne tylko dla serwera sklepu.', 'FORBIDDEN_FIELD');
  }
  const origin = c.req.header('Origin');
  if (origin && !isSameOrigin(origin, c.req.url)) return problem(403, 'Żądanie z innej domeny zostało odrzucone.', 'FORBIDDEN_ORIGIN');
  if (operation.operation === 'mutation' && !isSameOrigin(origin, c.req.url)) {
    return problem(403, 'Zmiany wymagają żądania z tej samej domeny.', 'FORBIDDEN_ORIGIN');
  }
  // Logins, registrations, password resets, coupon codes, newsletter and withdrawal attempts
  // (worker/ratelimit/auth.ts), keyed on the executed operation's resolved arguments, before any backend call.
  const token = readSessionToken(c);
  const limited = limitedFields(executed);
  if (limited.length) {
    const refusal = await authRateLimit(c, limited, token);
    if (refusal) {
      if (requestFacts) requestFacts.rateLimited = refusal.limiter;
      return refusal.challenge ? challengeRequired(refusal, c.env) : tooManyAttempts(refusal);
    }
  }
  const checkout = operation.operation === 'mutation' && rootFields.some((f) => CHECKOUT_MUTATIONS.has(f.name.value));

  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const kind: CallKind = checkout ? 'checkout' : operation.operation === 'mutation' ? 'cart' : 'read';
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
