import { parse, visit } from '@0no-co/graphql.web';
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { authRateLimit } from '../ratelimit/auth';
import { readSessionToken, writeSessionToken } from './session';
import { isSameOrigin } from '../security/origin';

/** Largest GraphQL request body the proxy forwards. */
export const MAX_BODY_BYTES = 32 * 1024;
const UPSTREAM_TIMEOUT_MS = 10_000;

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
  operations: Array<'query' | 'mutation' | 'subscription'>;
  /** Asks for `__schema` or `__type` (schema introspection; `__typename` is fine). */
  introspection: boolean;
  depth: number;
}

/** What the proxy needs to know of a document, or null when it does not parse. */
function inspect(query: string): DocumentFacts | null {
  try {
    const document = parse(query, { noLocation: true });
    const facts: DocumentFacts = { operations: [], introspection: false, depth: 0 };
    let depth = 0;
    visit(document, {
      OperationDefinition(node) {
        facts.operations.push(node.operation);
      },
      Field(node) {
        if (node.name.value === '__schema' || node.name.value === '__type') facts.introspection = true;
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
  // Login, register, password-reset and withdrawal attempts per client address, before any backend
  // call (the withdrawal form's order lookup is a query: a cheap text test spares other queries a parse).
  if (operations.includes('mutation') || body.query.includes('withdrawalOrder')) {
    const limited = authRateLimit(c, body.query);
    if (limited) return limited;
  }

  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const token = readSessionToken(c);
  if (token) headers.Authorization = `Bearer ${token}`;
  let upstream: Response;
  try {
    upstream = await fetch(c.env.VENDURE_SHOP_API, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query: body.query, variables: body.variables ?? {}, operationName: body.operationName }),
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
  } catch (error) {
    console.error('Shop API unreachable', error);
    return problem(503, 'Sklep jest chwilowo niedostępny. Spróbuj ponownie za chwilę.', 'BACKEND_UNAVAILABLE');
  }
  if (upstream.status >= 500) {
    return problem(503, 'Sklep jest chwilowo niedostępny. Spróbuj ponownie za chwilę.', 'BACKEND_UNAVAILABLE');
  }
  const fresh = upstream.headers.get('vendure-auth-token');
  if (fresh) writeSessionToken(c, fresh);
  c.header('Cache-Control', 'private, no-store');
  return c.body(await upstream.text(), upstream.status as 200, { 'Content-Type': 'application/json; charset=utf-8' });
});
