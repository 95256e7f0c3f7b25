import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { app } from '../app';
import { HSTS } from '../middleware/security-headers';
import { MAX_BODY_BYTES } from '../shop/proxy';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../shop/session';
import { chainedFragments, fanOut } from './hostile-documents';
import { allowedRedirectHosts } from './redirect';

/**
 * The hostile-input suite (docs/decisions/024-hostile-input-suite.md): every entry point of the
 * worker fed what an attacker sends. Each row is a request and, where it matters, the outcome
 * it must have; EVERY row is also checked for the four things no answer may ever do:
 *   1. a 5xx;
 *   2. a Location off the allow-list (a path must start with exactly one "/" followed by
 *      something other than "/" or "\"; an absolute URL must name an allowed host);
 *   3. a header carrying the injected marker (header injection);
 *   4. HTML that contains the raw attack markup (reflected, unescaped input).
 * A new entry point (route, /api endpoint) adds its rows to ROWS.
 */

const BASE = 'http://127.0.0.1:8787';
const XSS = '<script>alert(1)</script>';
const SVG = '"><svg onload=alert(1)>';
const MARKER = 'injected-by-test';

interface Row {
  name: string;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Full URL instead of BASE + path (other hosts, https). */
  url?: string;
  env?: Partial<typeof env>;
  /** Expected status, or a list of acceptable ones. */
  status?: number | number[];
  /** Expected Location (exact), or null for "no Location". */
  location?: string | null;
}

const json = { 'Content-Type': 'application/json', Origin: BASE };
/** The development backend's ShipX webhook secret (backend/src/env.ts DEV_INPOST). */
const INPOST_SECRET = 'dev-only-inpost-webhook-secret-not-for-production';
const gql = (query: string, extra: Record<string, string> = {}): Pick<Row, 'method' | 'headers' | 'body'> => ({
  method: 'POST',
  headers: { ...json, ...extra },
  body: JSON.stringify({ query }),
});
/** An MCP JSON-RPC POST as a non-browser assistant sends it (no Origin). */
const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
const mcp = (body: unknown, extra: Record<string, string> = {}): Pick<Row, 'method' | 'headers' | 'body'> => ({
  method: 'POST',
  headers: { ...MCP_HEADERS, ...extra },
  body: JSON.stringify(body),
});
const mcpCall = (name: string, args: unknown) => ({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: args } });
const nested = (depth: number) =>
  `{ ${'activeOrder { lines { productVariant { product { collections { parent { '.repeat(1)}${'children { '.repeat(depth)}id${' }'.repeat(depth)} } } } } } } }`;

/**
 * The search term (`q`, and `phrase`, the old shop's name for it) on a listing (issue 23): LIKE wildcards,
 * SQL, markup, control characters, very long terms. Also timed: each answers in under a second.
 */
const SEARCH_ROWS: Row[] = [
  ...(['q', 'phrase'] as const).flatMap((p): Row[] => [
    { name: `search ${p}: percent wildcard`, path: `/c/dla-psa?${p}=%25`, status: 200 },
    { name: `search ${p}: underscore wildcards`, path: `/c/dla-psa?${p}=___`, status: 200 },
    { name: `search ${p}: wildcard around a word`, path: `/c/dla-psa?${p}=%25obroza%25_`, status: 200 },
    { name: `search ${p}: SQL`, path: `/c/dla-psa?${p}=${encodeURIComponent("smycz' OR 1=1; DROP TABLE product; --")}`, status: 200 },
    { name: `search ${p}: script markup`, path: `/c/dla-psa?${p}=${encodeURIComponent(XSS)}`, status: 200 },
    { name: `search ${p}: attribute breakout`, path: `/c/dla-psa?${p}=${encodeURIComponent(SVG)}`, status: 200 },
    { name: `search ${p}: 200 characters`, path: `/c/dla-psa?${p}=${encodeURIComponent('obroża '.repeat(29))}`, status: 200 },
    { name: `search ${p}: 5000 characters`, path: `/c/dla-psa?${p}=${'szelki'.repeat(833)}`, status: 200 },
    { name: `search ${p}: control characters`, path: `/c/dla-psa?${p}=smycz%00%01%1b%7f%0d%0a${MARKER}:1`, status: 200 },
    { name: `search ${p}: only diacritics`, path: `/c/dla-psa?${p}=${encodeURIComponent('ąęłńóśźż')}`, status: 200 },
    { name: `search ${p}: emoji`, path: `/c/dla-psa?${p}=${encodeURIComponent('🐶🦴🐕')}`, status: 200 },
    {
      name: `search ${p}: many words`,
      path: `/c/dla-psa?${p}=${encodeURIComponent(Array.from({ length: 60 }, (_, i) => `slowo${i}`).join(' '))}`,
      status: 200,
    },
    { name: `search ${p}: repeated`, path: `/c/dla-psa?${p}=smycz&${p}=${encodeURIComponent(XSS)}`, status: 200 },
    { name: `search ${p}: subcategory`, path: `/c/dla-psa/akcesoria?${p}=${encodeURIComponent('%_<b>')}`, status: [200, 404] },
  ]),
];

const ROWS: Row[] = [
  // ── 1. canonical step: protocol-relative and backslash paths (the open redirect) ──
  { name: 'protocol-relative with slash', path: '//evil.com/', status: [301, 404], location: '/evil.com' },
  { name: 'backslash host', path: '/\\evil.com/', status: [301, 404], location: '/evil.com' },
  { name: 'three slashes', path: '///evil.com/', status: [301, 404], location: '/evil.com' },
  { name: 'protocol-relative before a live path', path: '//evil.com/c/dla-psa/', status: [301, 404], location: '/evil.com/c/dla-psa' },
  { name: 'protocol-relative without trailing slash', path: '//evil.com', status: 404, location: null },
  { name: 'backslash without trailing slash', path: '/\\evil.com', status: 404, location: null },
  { name: 'slash backslash slash', path: '/\\/evil.com/', status: [301, 404] },
  { name: 'four slashes with query', path: '////evil.com/?next=//evil.com', status: [301, 404] },
  { name: 'encoded slashes %2F', path: '/%2F%2Fevil.com/', status: [301, 404] },
  { name: 'encoded slashes %2f', path: '/%2f%2fevil.com/', status: [301, 404] },
  { name: 'encoded slash after slash', path: '/%2Fevil.com/', status: [301, 404] },
  { name: 'encoded backslash %5C', path: '/%5Cevil.com/', status: [301, 404] },
  { name: 'encoded backslash %5c', path: '/%5cevil.com/', status: [301, 404] },
  { name: 'two encoded backslashes', path: '/%5C%5Cevil.com/', status: [301, 404] },
  { name: 'mixed-case encoded slash and backslash', path: '/%2f%5Cevil.com/', status: [301, 404] },
  { name: 'encoded tab before host', path: '/%09/evil.com/', status: [301, 404] },
  { name: 'encoded CRLF header injection', path: `/x%0d%0aSet-Cookie:%20${MARKER}=1/`, status: [301, 404] },
  { name: 'encoded CRLF Location injection', path: '/x%0D%0ALocation:%20http://evil.com/', status: [301, 404] },
  { name: 'encoded NUL', path: '/kontakt%00/', status: [301, 404] },
  { name: 'fullwidth solidus look-alike', path: '/\uFF0F\uFF0Fevil.com/', status: [301, 404] },
  { name: 'division slash look-alike', path: '/\u2215\u2215evil.com/', status: [301, 404] },
  { name: 'right-to-left override', path: '/%E2%80%AEmoc.live/', status: [301, 404] },
  { name: 'at-sign credentials shape', path: '//user@evil.com/', status: [301, 404] },
  { name: 'trailing dots and slashes', path: '/kontakt/./', status: [200, 301, 404] },
  { name: 'dot segments', path: '/c/../../evil.com/', status: [301, 404] },
  { name: 'encoded dot segments', path: '/%2e%2e/%2e%2e/evil.com/', status: [301, 404] },
  { name: 'overlong UTF-8 slash', path: '/%C0%AF%C0%AFevil.com/', status: [301, 404] },
  { name: 'invalid percent-encoding', path: '/c/%E0%A4%A/', status: [301, 404] },
  { name: 'invalid percent-encoding, bare', path: '/%ZZ%', status: [400, 404] },
  { name: 'overlong path', path: `/${'a'.repeat(8000)}/`, status: [301, 404, 414] },
  { name: 'overlong query', path: `/kontakt?q=${'x'.repeat(16000)}`, status: [200, 404, 414] },
  {
    name: 'query with protocol-relative value on slash rule',
    path: '/kontakt/?next=//evil.com',
    status: 301,
    location: '/kontakt?next=//evil.com',
  },
  // ── 1b. host rules ──
  { name: 'ebook host', url: 'http://ebook.psiaki.pl//evil.com/', path: '', status: 301 },
  { name: 'ebook host with backslash path', url: 'http://ebook.psiaki.pl/\\evil.com', path: '', status: 301 },
  { name: 'foreign Host on a slash redirect', url: 'http://evil.com/kontakt/', path: '', status: 301, location: '/kontakt' },
  { name: 'foreign Host on a legacy-style path', url: 'http://evil.com/Kontakt', path: '', status: [301, 404] },
  { name: 'foreign Host on a page', url: 'http://evil.com/kontakt', path: '', status: 200 },
  { name: 'foreign Host with port', url: 'http://127.0.0.1:9999/kontakt/', path: '', status: 301, location: '/kontakt' },
  // ── 2. static assets ──
  { name: 'asset path traversal', path: '/assets/../wrangler.toml', status: 404 },
  { name: 'asset encoded traversal', path: '/assets/%2e%2e/%2e%2e/package.json', status: [400, 404] },
  { name: 'asset encoded slash', path: '/assets/..%2fwrangler.toml', status: [400, 404] },
  { name: 'asset backslash traversal', path: '/assets/..\\..\\package.json', status: [400, 404] },
  { name: 'asset with trailing slash', path: '/assets/entry.js/', status: [301, 404] },
  { name: 'asset with CRLF query', path: `/assets/x.js?v=%0d%0a${MARKER}:1`, status: 404 },
  { name: 'PDF traversal', path: '/pliki/../../etc/passwd', status: 404 },
  { name: 'service worker with query', path: '/sw.js?x=<script>', status: [200, 404] },
  { name: 'favicon with trailing slash', path: '/favicon.ico/', status: [301, 404] },
  { name: 'POST to an asset', path: '/assets/entry.js', method: 'POST', status: [404, 405] },
  // ── 3. /api/shop ──
  { name: 'GET /api/shop', path: '/api/shop', status: 405 },
  { name: 'PUT /api/shop', path: '/api/shop', method: 'PUT', status: 405 },
  { name: 'DELETE /api/shop', path: '/api/shop', method: 'DELETE', status: 405 },
  { name: 'OPTIONS /api/shop', path: '/api/shop', method: 'OPTIONS', status: 405 },
  {
    name: 'text/plain body',
    path: '/api/shop',
    method: 'POST',
    headers: { 'Content-Type': 'text/plain', Origin: BASE },
    body: '{"query":"{ activeOrder { id } }"}',
    status: 415,
  },
  {
    name: 'form body',
    path: '/api/shop',
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: BASE },
    body: 'query=x',
    status: 415,
  },
  { name: 'no content type', path: '/api/shop', method: 'POST', headers: { Origin: BASE }, body: '{}', status: 415 },
  { name: 'invalid JSON', path: '/api/shop', method: 'POST', headers: json, body: '{"query":', status: 400 },
  {
    name: 'JSON array (batch)',
    path: '/api/shop',
    method: 'POST',
    headers: json,
    body: '[{"query":"{ activeOrder { id } }"}]',
    status: 400,
  },
  { name: 'JSON null', path: '/api/shop', method: 'POST', headers: json, body: 'null', status: 400 },
  { name: 'query not a string', path: '/api/shop', method: 'POST', headers: json, body: '{"query":{"a":1}}', status: 400 },
  { name: 'empty query', ...gql(''), path: '/api/shop', status: 400 },
  { name: 'unparsable query', ...gql('{ activeOrder { '), path: '/api/shop', status: 400 },
  { name: 'fragment only', ...gql('fragment F on Order { id }'), path: '/api/shop', status: 400 },
  { name: 'subscription', ...gql('subscription { x }'), path: '/api/shop', status: 400 },
  // fields only the worker asks for (a catalogue per call): never through /api/shop
  {
    name: 'feed page from a browser',
    ...gql('{ a: catalogueFeed(after: 0) { next } b: catalogueFeed(after: 0) { next } }'),
    path: '/api/shop',
    status: 403,
  },
  { name: 'sitemap page from a browser', ...gql('{ catalogueSitemap { productCount } }'), path: '/api/shop', status: 403 },
  {
    name: 'cards JSON behind a fragment',
    ...gql('query Q { ...F } fragment F on Query { catalogueCardsJson(ids: ["1"]) }'),
    path: '/api/shop',
    status: 403,
  },
  { name: 'deeply nested document', ...gql(nested(40)), path: '/api/shop', status: 400 },
  // ── issue 44: what a document may cost, fragments followed (worker/shop/query-limits.ts) ──
  { name: 'deep query split into four chained fragments', ...gql(chainedFragments(17, 4)), path: '/api/shop', status: 400 },
  { name: 'six chained fragments over facets', ...gql(chainedFragments(24, 6)), path: '/api/shop', status: 400 },
  { name: 'fragments spread four times a level', ...gql(fanOut(8, 4)), path: '/api/shop', status: 400 },
  {
    name: 'eleven aliases',
    ...gql(`{ ${Array.from({ length: 11 }, (_, i) => `a${i}: activeChannel { code }`).join(' ')} }`),
    path: '/api/shop',
    status: 400,
  },
  { name: 'eleven directives', ...gql(`{ activeChannel { code ${'@include(if: true) '.repeat(11)} } }`), path: '/api/shop', status: 400 },
  {
    name: 'a fragment that spreads itself',
    ...gql('{ activeChannel { ...A } } fragment A on Channel { ...A }'),
    path: '/api/shop',
    status: 400,
  },
  {
    name: 'two operations, no operationName',
    ...gql('query A { activeChannel { code } } query B { activeOrder { id } }'),
    path: '/api/shop',
    status: 400,
  },
  {
    name: 'operationName of no operation',
    path: '/api/shop',
    method: 'POST',
    headers: json,
    body: JSON.stringify({ query: 'query A { activeChannel { code } }', operationName: 'B' }),
    status: 400,
  },
  {
    name: 'operationName not a string',
    path: '/api/shop',
    method: 'POST',
    headers: json,
    body: JSON.stringify({ query: 'query A { activeChannel { code } }', operationName: { $ne: 1 } }),
    status: 400,
  },
  {
    name: 'huge document of aliases',
    ...gql(`{ ${Array.from({ length: 1500 }, (_, i) => `a${i}: activeOrder { id }`).join(' ')} }`),
    path: '/api/shop',
    status: [200, 400, 413],
  },
  {
    name: 'oversized body',
    path: '/api/shop',
    method: 'POST',
    headers: json,
    body: JSON.stringify({ query: `{ activeOrder { id } } #${'x'.repeat(MAX_BODY_BYTES)}` }),
    status: 413,
  },
  {
    name: 'oversized declared length',
    path: '/api/shop',
    method: 'POST',
    headers: { ...json, 'Content-Length': String(MAX_BODY_BYTES * 10) },
    body: '{"query":"{ activeOrder { id } }"}',
    status: 413,
  },
  { name: 'foreign Origin on a query', ...gql('{ activeOrder { id } }', { Origin: 'https://evil.com' }), path: '/api/shop', status: 403 },
  {
    name: 'foreign Origin on a mutation',
    ...gql('mutation { logout { success } }', { Origin: 'https://evil.com' }),
    path: '/api/shop',
    status: 403,
  },
  { name: 'null Origin on a mutation', ...gql('mutation { logout { success } }', { Origin: 'null' }), path: '/api/shop', status: 403 },
  {
    name: 'missing Origin on a mutation',
    path: '/api/shop',
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: 'mutation { logout { success } }' }),
    status: 403,
  },
  {
    name: 'look-alike Origin',
    ...gql('mutation { logout { success } }', { Origin: 'http://127.0.0.1:8787.evil.com' }),
    path: '/api/shop',
    status: 403,
  },
  {
    name: 'introspection in production',
    ...gql('{ __schema { types { name } } }'),
    path: '/api/shop',
    env: { ENVIRONMENT: 'production' },
    status: 403,
  },
  {
    name: 'introspection __type in production',
    ...gql('{ __type(name: "Order") { name } }'),
    path: '/api/shop',
    env: { ENVIRONMENT: 'production' },
    status: 403,
  },
  {
    name: 'introspection hidden in a fragment',
    ...gql('query { ...F } fragment F on Query { __schema { queryType { name } } }'),
    path: '/api/shop',
    env: { ENVIRONMENT: 'production' },
    status: 403,
  },
  {
    name: '__typename is not introspection',
    ...gql('{ activeOrder { __typename } }'),
    path: '/api/shop',
    env: { ENVIRONMENT: 'production' },
    status: 200,
  },
  {
    name: 'XSS in variables',
    path: '/api/shop',
    method: 'POST',
    headers: json,
    body: JSON.stringify({ query: 'query($t: String!) { search(input: { term: $t }) { totalItems } }', variables: { t: XSS } }),
    status: 200,
  },
  {
    name: 'CRLF in a cookie',
    ...gql('{ activeOrder { id } }', { Cookie: `${SESSION_COOKIE}=a%0d%0a${MARKER}` }),
    path: '/api/shop',
    status: 200,
  },
  {
    name: 'overlong session cookie',
    ...gql('{ activeOrder { id } }', { Cookie: `${SESSION_COOKIE}=${'a'.repeat(5000)}` }),
    path: '/api/shop',
    status: 200,
  },
  // ── 3b. rate limits, request ids (issue 26): the limiter on, hostile keys and arguments ──
  { name: 'cf-ray with markup and the marker', path: '/', headers: { 'cf-ray': `${MARKER}<script>` }, status: 200 },
  { name: 'cf-ray overlong', path: '/c/dla-psa', headers: { 'cf-ray': 'a'.repeat(8000) }, status: 200 },
  {
    name: 'CF-Connecting-IP with the marker on a login',
    ...gql('mutation { login(username: "a@b.pl", password: "x") { __typename } }', { 'CF-Connecting-IP': `${MARKER}<svg>` }),
    path: '/api/shop',
    env: { RATE_LIMITS: 'on' },
    status: 200,
  },
  {
    name: 'CF-Connecting-IP overlong on a coupon',
    ...gql('mutation { applyCouponCode(couponCode: "X") { __typename } }', { 'CF-Connecting-IP': '1'.repeat(8000) }),
    path: '/api/shop',
    env: { RATE_LIMITS: 'on' },
    status: 200,
  },
  {
    name: 'login username as an object (a key that is not a string)',
    path: '/api/shop',
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      query: 'mutation($u: String!) { login(username: $u, password: "x") { __typename } }',
      variables: { u: { $gt: '' } },
    }),
    env: { RATE_LIMITS: 'on' },
    status: 200,
  },
  {
    name: 'login username overlong',
    path: '/api/shop',
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      query: 'mutation($u: String!) { login(username: $u, password: "x") { __typename } }',
      variables: { u: `${'a'.repeat(20000)}@b.pl` },
    }),
    env: { RATE_LIMITS: 'on' },
    status: 200,
  },
  {
    name: 'register with markup in the e-mail',
    path: '/api/shop',
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      query: 'mutation($i: RegisterCustomerInput!) { registerCustomerAccount(input: $i) { __typename } }',
      variables: { i: { emailAddress: `${XSS}@x.pl`, password: 'x' } },
    }),
    env: { RATE_LIMITS: 'on' },
    status: 200,
  },
  {
    name: 'coupon code with markup and CRLF',
    path: '/api/shop',
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      query: 'mutation($c: String!) { applyCouponCode(couponCode: $c) { __typename } }',
      variables: { c: `${XSS}\r\n${MARKER}` },
    }),
    env: { RATE_LIMITS: 'on' },
    status: 200,
  },
  {
    name: '40 aliased logins in one document',
    ...gql(
      `mutation { ${Array.from({ length: 40 }, (_, i) => `l${i}: login(username: "u${i}@b.pl", password: "p") { __typename }`).join(' ')} }`,
      {
        'CF-Connecting-IP': '203.0.113.40',
      },
    ),
    path: '/api/shop',
    env: { RATE_LIMITS: 'on' },
    // over the query limits' ten aliases: refused before anything counts (worker/shop/query-limits.ts)
    status: 400,
  },
  {
    name: 'newsletter from a hostile address',
    path: '/api/newsletter',
    method: 'POST',
    headers: { ...json, 'CF-Connecting-IP': `${MARKER}, 10.0.0.1` },
    body: JSON.stringify({ email: 'anna@example.pl', consent: true }),
    env: { RATE_LIMITS: 'on' },
    status: [200, 429],
  },
  { name: 'unknown /api path', path: '/api/shop/../admin-api', status: [404, 405] },
  {
    name: 'admin API through the proxy path',
    path: '/api/admin',
    method: 'POST',
    headers: json,
    body: '{"query":"{ me { id } }"}',
    status: 404,
  },
  // ── 4. page routes and their parameters ──
  { name: 'product id with markup', path: `/p/${encodeURIComponent(XSS)}`, status: [301, 404] },
  { name: 'product slug with markup', path: `/p/1/${encodeURIComponent(SVG)}`, status: [200, 301, 404] },
  { name: 'product id out of range', path: '/p/99999999999999999999999', status: 404 },
  { name: 'product negative id', path: '/p/-1/x', status: 404 },
  { name: 'product exponent id', path: '/p/1e3', status: [301, 404] },
  { name: 'product id with CRLF', path: `/p/1%0d%0a${MARKER}:1/x`, status: [301, 404] },
  { name: 'category with markup', path: `/c/${encodeURIComponent(SVG)}`, status: [301, 404] },
  { name: 'category page parameter with markup', path: `/c/dla-psa?page=${encodeURIComponent(XSS)}`, status: [200, 301] },
  { name: 'category negative page', path: '/c/dla-psa?page=-1', status: [200, 301, 404] },
  { name: 'category huge page', path: '/c/dla-psa?page=999999999999', status: [200, 302] },
  { name: 'category sort with markup', path: `/c/dla-psa?sort=${encodeURIComponent(XSS)}`, status: [200, 301] },
  { name: 'category items per page CRLF', path: `/c/dla-psa?itemsPerPage=%0d%0a${MARKER}`, status: [200, 301] },
  { name: 'category search term with markup', path: `/c/dla-psa?q=${encodeURIComponent(XSS)}`, status: [200, 301] },
  { name: 'category duplicate parameters', path: '/c/dla-psa?page=1&page=2&sort=NAME_ASC&sort=PRICE_DESC', status: [200, 301] },
  { name: 'category array-style parameters', path: '/c/dla-psa?page[]=1&a[]=x&a[0]=y', status: [200, 301] },
  { name: 'category facet values with markup', path: `/c/dla-psa?a=${encodeURIComponent(SVG)}`, status: [200, 301] },
  { name: 'category tab in query', path: '/c/dla-psa?q=%09%09', status: [200, 301] },
  ...SEARCH_ROWS,
  { name: 'collections id with markup', path: `/kolekcje/${encodeURIComponent(XSS)}`, status: [301, 404] },
  { name: 'collection negative id', path: '/kolekcje/-1/x', status: 404 },
  { name: 'static page traversal', path: '/pomoc/..%2f..%2fetc', status: 404 },
  { name: 'static page with markup', path: `/o-produkcie/${encodeURIComponent(XSS)}`, status: 404 },
  { name: 'legacy static alias with markup query', path: `/FAQ?x=${encodeURIComponent(XSS)}`, status: 200 },
  { name: 'home with markup query', path: `/?q=${encodeURIComponent(SVG)}&blackweek=${encodeURIComponent(XSS)}`, status: 200 },
  {
    name: 'JSON navigation with markup',
    path: `/c/${encodeURIComponent(XSS)}`,
    headers: { Accept: 'application/json' },
    status: [301, 404],
  },
  { name: 'POST to a page', path: '/kontakt', method: 'POST', status: 404 },
  { name: 'PUT to a page', path: '/c/dla-psa', method: 'PUT', status: 404 },
  { name: 'DELETE to home', path: '/', method: 'DELETE', status: 404 },
  // Account area, /verify, /password-reset (issue 12): without a session every account path goes home.
  { name: 'account page with markup', path: `/my-account/${encodeURIComponent(XSS)}`, status: 302, location: '/' },
  { name: 'legacy account page with CRLF', path: `/MyAccount/x%0d%0a${MARKER}:1`, status: 302, location: '/' },
  { name: 'account orders page with markup', path: `/my-account/orders?page=${encodeURIComponent(XSS)}`, status: 302, location: '/' },
  {
    name: 'account with a forged session cookie',
    path: '/my-account',
    headers: { Cookie: `psiaki_session=${encodeURIComponent(XSS)}` },
    status: 302,
    location: '/',
  },
  { name: 'verify token with markup', path: `/verify?token=${encodeURIComponent(XSS)}&change=${encodeURIComponent(SVG)}`, status: 200 },
  { name: 'password reset token with CRLF', path: `/password-reset?token=%0d%0a${MARKER}:1`, status: 200 },
  // The withdrawal form (issue 24): the order code of the link is only ever a filled-in value
  { name: 'withdrawal order with markup', path: `/odstapienie-od-umowy?order=${encodeURIComponent(XSS)}`, status: 200 },
  { name: 'withdrawal order with attribute breakout', path: `/odstapienie-od-umowy?order=${encodeURIComponent(SVG)}`, status: 200 },
  { name: 'withdrawal order with CRLF', path: `/odstapienie-od-umowy?order=%0d%0a${MARKER}:1`, status: 200 },
  { name: 'withdrawal order 5000 characters', path: `/odstapienie-od-umowy?order=${'A'.repeat(5000)}`, status: 200 },
  { name: 'withdrawal order repeated', path: `/odstapienie-od-umowy?order=A&order=${encodeURIComponent(XSS)}`, status: 200 },
  {
    name: 'withdrawal via JSON with markup',
    path: `/odstapienie-od-umowy?order=${encodeURIComponent(SVG)}`,
    headers: { Accept: 'application/json' },
    status: 200,
  },
  // A guest's order status page (issue 28): code and key are looked up only when well-formed
  { name: 'order status code with markup', path: `/status-zamowienia?order=${encodeURIComponent(XSS)}`, status: 200 },
  {
    name: 'order status key with markup',
    path: `/status-zamowienia?order=ABCD1234&key=${encodeURIComponent(SVG)}`,
    status: 200,
  },
  { name: 'order status with CRLF', path: `/status-zamowienia?order=%0d%0a${MARKER}:1&key=%0d%0a${MARKER}:2`, status: 200 },
  { name: 'order status 5000 characters', path: `/status-zamowienia?order=${'A'.repeat(5000)}&key=${'k'.repeat(5000)}`, status: 200 },
  {
    name: 'order status SQL in the code',
    path: `/status-zamowienia?order=${encodeURIComponent("' OR 1=1 --")}&key=AAAAAAAAAAAAAAAAAAAAAA`,
    status: 200,
  },
  {
    name: 'order status well-formed but forged key',
    path: '/status-zamowienia?order=AAAA1111BBBB2222&key=AAAAAAAAAAAAAAAAAAAAAA',
    status: 200,
  },
  { name: 'order status repeated', path: `/status-zamowienia?order=A&order=${encodeURIComponent(XSS)}&key=x&key=y`, status: 200 },
  {
    name: 'order status via JSON with markup',
    path: `/status-zamowienia?order=${encodeURIComponent(SVG)}&key=${encodeURIComponent(XSS)}`,
    headers: { Accept: 'application/json' },
    status: 200,
  },
  {
    name: 'verify via JSON with markup',
    path: `/verify?token=${encodeURIComponent(SVG)}`,
    headers: { Accept: 'application/json' },
    status: 200,
  },
  {
    name: 'login with aliases batch',
    ...gql('mutation { a: login(username: "x", password: "y") { __typename } b: resetPassword(token: "t", password: "p") { __typename } }'),
    path: '/api/shop',
    status: 200,
  },
  // ── 5. redirect hook (legacy URLs) ──
  { name: 'legacy path with markup', path: `/sklep/${encodeURIComponent(XSS)}`, status: [301, 404] },
  { name: 'legacy path with CRLF', path: `/produkt/x%0d%0a${MARKER}:1`, status: [301, 404] },
  { name: 'legacy path with protocol-relative tail', path: '/kategoria-produktu//evil.com', status: [301, 404] },
  { name: 'legacy path with encoded slashes', path: '/kategoria-produktu/%2F%2Fevil.com', status: [301, 404] },
  { name: 'legacy paging with markup', path: `/sklep/page/${encodeURIComponent(XSS)}`, status: [301, 404] },
  { name: 'legacy listing parameters with markup', path: `/c/dla-psa?attributes=${encodeURIComponent(XSS)}`, status: [200, 301] },
  { name: 'legacy upper-case path with backslash', path: '/Kontakt\\', status: [301, 404] },
  { name: 'random unknown path', path: '/to-nie-istnieje-123', status: 404 },
  { name: 'unknown path with markup', path: `/${encodeURIComponent(SVG)}`, status: 404 },
  // ── 6. /api/lockers (InPost points for the checkout) ──
  { name: 'lockers without q', path: '/api/lockers', status: 400 },
  { name: 'lockers with markup', path: `/api/lockers?q=${encodeURIComponent(XSS)}`, status: 400 },
  { name: 'lockers with CRLF', path: `/api/lockers?q=Pozna%C5%84%0d%0a${MARKER}:1`, status: 400 },
  { name: 'lockers overlong q', path: `/api/lockers?q=${'a'.repeat(5000)}`, status: 400 },
  { name: 'lockers duplicate q', path: '/api/lockers?q=61-131&q=Warszawa', status: [200, 400, 503] },
  { name: 'lockers array-style q', path: '/api/lockers?q[]=Warszawa', status: 400 },
  { name: 'lockers SQL-ish q', path: `/api/lockers?q=${encodeURIComponent("' OR 1=1 --")}`, status: 400 },
  { name: 'lockers POST', path: '/api/lockers?q=Warszawa', method: 'POST', status: 405 },
  { name: 'lockers with a path tail', path: '/api/lockers/../shop', status: [404, 405] },
  // ── 6b. the sitemaps and robots.txt (features/sitemap/, issue 39) ──
  { name: 'sitemap past the last', path: '/sitemap-products-999.xml', status: 404 },
  { name: 'sitemap number zero', path: '/sitemap-products-0.xml', status: 404 },
  { name: 'sitemap number with a leading zero', path: '/sitemap-products-01.xml', status: 404 },
  { name: 'sitemap overlong number', path: `/sitemap-products-${'9'.repeat(400)}.xml`, status: 404 },
  { name: 'sitemap of an unknown kind', path: '/sitemap-orders-1.xml', status: 404 },
  { name: 'sitemap with markup in its name', path: `/sitemap-${encodeURIComponent(XSS)}.xml`, status: 404 },
  { name: 'sitemap with markup in the query', path: `/sitemap.xml?x=${encodeURIComponent(XSS)}`, status: 200 },
  { name: 'sitemap POST', path: '/sitemap.xml', method: 'POST', status: [404, 405] },
  { name: 'sitemap with a path tail', path: '/sitemap-products-1.xml/../../api/shop', status: [301, 400, 404, 405] },
  { name: 'robots.txt with junk', path: `/robots.txt?${encodeURIComponent(XSS)}`, status: 200 },
  // ── 7. /api/payments/notify (Przelewy24 → backend) ──
  { name: 'notify GET', path: '/api/payments/notify', status: 405 },
  {
    name: 'notify without sign',
    path: '/api/payments/notify',
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{"merchantId":100001,"posId":100001,"sessionId":"x","amount":1,"originAmount":1,"currency":"PLN","orderId":1,"methodId":25,"statement":"s"}',
    status: 400,
  },
  {
    name: 'notify forged sign',
    path: '/api/payments/notify',
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: `{"merchantId":100001,"posId":100001,"sessionId":"x","amount":1,"originAmount":1,"currency":"PLN","orderId":1,"methodId":25,"statement":"s","sign":"${'ab'.repeat(48)}"}`,
    status: 401,
  },
  {
    name: 'notify non-JSON body',
    path: '/api/payments/notify',
    method: 'POST',
    headers: { 'Content-Type': 'text/plain' },
    body: `${XSS}`,
    status: [400, 401, 415],
  },
  {
    name: 'notify oversized body',
    path: '/api/payments/notify',
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: `{"x":"${'a'.repeat(200_000)}"}`,
    status: 413,
  },
  {
    name: 'notify BLIK result with a forged sign',
    path: '/api/payments/notify',
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: `{"data":{"orderId":1,"sessionId":"x","method":181,"result":{"status":"error","errorCode":"USER_DECLINED"},"sign":"${'ab'.repeat(48)}"}}`,
    status: 401,
  },
  {
    name: 'notify refund result with a forged sign',
    path: '/api/payments/notify',
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: `{"orderId":1,"sessionId":"x","merchantId":100001,"requestId":"r","refundsUuid":"u","amount":1,"currency":"PLN","timestamp":1,"status":0,"sign":"${'ab'.repeat(48)}"}`,
    status: 401,
  },
  {
    name: 'notify BLIK result of the wrong shape',
    path: '/api/payments/notify',
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{"data":{"orderId":"1","sessionId":{"$ne":null},"result":[]}}',
    status: 400,
  },
  // ── /api/inpost/webhook/<secret> (InPost ShipX → backend, decision 113): the backend re-reads ShipX before anything ──
  { name: 'InPost webhook with a wrong secret', path: `/api/inpost/webhook/${'w'.repeat(40)}`, status: 404 },
  { name: 'InPost webhook with markup as its secret', path: `/api/inpost/webhook/${encodeURIComponent(XSS)}`, status: 404 },
  { name: 'InPost webhook with a path tail', path: '/api/inpost/webhook/../../admin-api', status: [301, 400, 404] },
  { name: 'InPost webhook PUT', path: `/api/inpost/webhook/${INPOST_SECRET}`, method: 'PUT', status: 405 },
  {
    name: 'InPost webhook not JSON',
    path: `/api/inpost/webhook/${INPOST_SECRET}`,
    method: 'POST',
    headers: { 'Content-Type': 'text/plain' },
    body: XSS,
    status: 400,
  },
  {
    name: 'InPost webhook oversized',
    path: `/api/inpost/webhook/${INPOST_SECRET}`,
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: `{"x":"${'a'.repeat(200_000)}"}`,
    status: 413,
  },
  {
    name: 'InPost webhook forged for a shipment the shop never created',
    path: `/api/inpost/webhook/${INPOST_SECRET}`,
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{"event":"shipment_status_changed","organization_id":4321,"payload":{"shipment_id":1,"status":"delivered"}}',
    status: 404,
  },
  {
    name: 'InPost webhook of another organisation',
    path: `/api/inpost/webhook/${INPOST_SECRET}`,
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{"event":"shipment_status_changed","organization_id":1,"payload":{"shipment_id":1,"status":"delivered"}}',
    status: 400,
  },
  {
    name: 'InPost webhook with an injection as the shipment id',
    path: `/api/inpost/webhook/${INPOST_SECRET}`,
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{"event":"shipment_status_changed","organization_id":4321,"payload":{"shipment_id":"1 OR 1=1"}}',
    status: 400,
  },
  // ── /faktury/<handle>.pdf (an invoice's PDF by its owner's handle → backend, decision 119): never the PDF, never cached ──
  { name: 'invoice PDF with a forged key', path: `/faktury/1-${'A'.repeat(22)}.pdf`, status: 404 },
  { name: 'invoice PDF by its guessed number', path: `/faktury/${encodeURIComponent('FV/2026/000001')}.pdf`, status: 404 },
  { name: 'invoice PDF by a bare id', path: '/faktury/1.pdf', status: 404 },
  { name: 'invoice PDF without .pdf', path: `/faktury/1-${'A'.repeat(22)}`, status: 404 },
  { name: 'invoice PDF with markup as its handle', path: `/faktury/${encodeURIComponent(XSS)}.pdf`, status: 404 },
  { name: 'invoice PDF with an SQL handle', path: `/faktury/${encodeURIComponent("1' OR '1'='1")}.pdf`, status: 404 },
  { name: 'invoice PDF with a path tail', path: '/faktury/..%2F..%2Finvoices%2Fpdf%2F1.pdf', status: [301, 400, 404] },
  { name: 'invoice PDF with a huge id', path: `/faktury/${'9'.repeat(5000)}-${'A'.repeat(22)}.pdf`, status: 404 },
  { name: 'invoice PDF POST', path: `/faktury/1-${'A'.repeat(22)}.pdf`, method: 'POST', body: '{}', status: [404, 405] },
  // BLIK on the payment step: a code with markup or of any size is a Polish BlikCodeError (or no order), never a 5xx
  {
    name: 'startBlikPayment with markup',
    ...gql(`mutation { startBlikPayment(blikCode: "${XSS.replace(/"/g, "'")}") { __typename } }`),
    path: '/api/shop',
    status: 200,
  },
  {
    name: 'startBlikPayment with an oversized code',
    ...gql(`mutation { startBlikPayment(blikCode: "${'7'.repeat(20_000)}") { __typename } }`),
    path: '/api/shop',
    status: [200, 400, 413],
  },
  {
    name: 'notify unknown path',
    path: '/api/payments/refund',
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
    status: [404, 405],
  },
  // ── 8. /api/newsletter and its confirmation page ──
  { name: 'newsletter GET', path: '/api/newsletter', status: 405 },
  {
    name: 'newsletter foreign Origin',
    path: '/api/newsletter',
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'https://evil.com' },
    body: '{"email":"a@b.pl","consent":true}',
    status: 403,
  },
  {
    name: 'newsletter missing Origin',
    path: '/api/newsletter',
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{"email":"a@b.pl","consent":true}',
    status: 403,
  },
  { name: 'newsletter invalid JSON', path: '/api/newsletter', method: 'POST', headers: json, body: '{"email":', status: 400 },
  {
    name: 'newsletter e-mail with markup',
    path: '/api/newsletter',
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: `${XSS}@x.pl`, consent: true }),
    status: 400,
  },
  {
    name: 'newsletter e-mail with CRLF',
    path: '/api/newsletter',
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: `a@b.pl\r\nBcc: ${MARKER}@x.pl`, consent: true }),
    status: 400,
  },
  { name: 'newsletter array body', path: '/api/newsletter', method: 'POST', headers: json, body: '[{"email":"a@b.pl"}]', status: 400 },
  {
    name: 'newsletter oversized body',
    path: '/api/newsletter',
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: `${'a'.repeat(100_000)}@b.pl`, consent: true }),
    status: [400, 413],
  },
  {
    name: 'newsletter confirmation with markup token',
    path: `/newsletter/potwierdz?token=${encodeURIComponent(XSS)}`,
    status: [200, 400, 404],
  },
  // ── 9. checkout steps and payment return pages (no session: home) ──
  { name: 'checkout without a session', path: '/checkout', status: 302, location: '/' },
  { name: 'checkout step with markup query', path: `/checkout/shipping?x=${encodeURIComponent(XSS)}`, status: 302, location: '/' },
  { name: 'capitalised checkout alias', path: '/Checkout/Payment', status: 302, location: '/' },
  { name: 'checkout unknown step with markup', path: `/checkout/${encodeURIComponent(SVG)}`, status: [302, 404] },
  { name: 'payment check with markup order code', path: `/payment-check?order=${encodeURIComponent(XSS)}`, status: [200, 302] },
  { name: 'payment cancel with CRLF order code', path: `/payment-cancel?order=%0d%0a${MARKER}:1`, status: [200, 302] },
  { name: 'thank-you with forged order code', path: '/checkout/thank-you?order=../../admin', status: [200, 302] },
  // ── 10. Pro-Fit Studio (design in the query) ──
  {
    name: 'configurator with markup parameters',
    path: `/pro-fit-studio/guard?model=${encodeURIComponent(XSS)}&szyja=${encodeURIComponent(SVG)}`,
    status: 200,
  },
  {
    name: 'configurator with duplicate and array parameters',
    path: '/pro-fit-studio/bezuciski?model=1&model=2&szyja[]=x&qty=-5',
    status: 200,
  },
  { name: 'configurator with CRLF parameter', path: `/pro-fit-studio/guard?okucia=%0d%0a${MARKER}:1`, status: 200 },
  { name: 'unknown configurator with markup', path: `/pro-fit-studio/${encodeURIComponent(XSS)}`, status: 404 },
  // ── 11. /api/catalogue/changed (the backend's signed catalogue change call, issue 38) ──
  { name: 'catalogue hook GET', path: '/api/catalogue/changed', status: 405 },
  {
    name: 'catalogue hook unsigned',
    path: '/api/catalogue/changed',
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{"products":["1"]}',
    status: 401,
  },
  {
    name: 'catalogue hook forged signature with markup',
    path: '/api/catalogue/changed',
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-catalogue-signature': XSS },
    body: `{"products":["${MARKER}"]}`,
    status: 401,
  },
  {
    name: 'catalogue hook oversized body',
    path: '/api/catalogue/changed',
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-catalogue-signature': 'ab'.repeat(32) },
    body: `{"products":["${'1'.repeat(200_000)}"]}`,
    status: 413,
  },
  { name: 'catalogue hook unknown path', path: '/api/catalogue/flush', method: 'POST', body: '{}', status: [404, 405] },
  // ── 12. /api/mcp (AI assistants, features/mcp/, decision 112) and the assistant cart link ──
  { name: 'mcp GET (no SSE stream)', path: '/api/mcp', status: 405 },
  { name: 'mcp DELETE (no session)', path: '/api/mcp', method: 'DELETE', status: 405 },
  {
    name: 'mcp huge body',
    path: '/api/mcp',
    ...mcp({ jsonrpc: '2.0', id: 1, method: 'ping', params: { x: 'a'.repeat(100_000) } }),
    status: 413,
  },
  { name: 'mcp malformed JSON', path: '/api/mcp', method: 'POST', headers: MCP_HEADERS, body: '{"jsonrpc":"2.0","id":', status: 400 },
  { name: 'mcp not JSON-RPC', path: '/api/mcp', ...mcp({ query: '{ activeOrder { id } }' }), status: 400 },
  { name: 'mcp empty batch', path: '/api/mcp', ...mcp([]), status: 400 },
  { name: 'mcp unknown method', path: '/api/mcp', ...mcp({ jsonrpc: '2.0', id: 1, method: `${XSS}/x` }), status: [200, 400] },
  { name: 'mcp unknown tool', path: '/api/mcp', ...mcp(mcpCall('drop_database', {})), status: [200, 400] },
  { name: 'mcp tool with markup arguments', path: '/api/mcp', ...mcp(mcpCall('get_product', { productId: XSS })), status: 200 },
  { name: 'mcp tool with arguments not an object', path: '/api/mcp', ...mcp(mcpCall('get_cart', 'x')), status: [200, 400] },
  { name: 'mcp search with SQL', path: '/api/mcp', ...mcp(mcpCall('search_products', { query: "obroza' OR 1=1 --" })), status: 200 },
  { name: 'mcp made-up cart handle', path: '/api/mcp', ...mcp(mcpCall('get_cart', { cartHandle: 'A'.repeat(43) })), status: 200 },
  { name: 'mcp cart handle with CRLF', path: '/api/mcp', ...mcp(mcpCall('get_cart', { cartHandle: `a\r\n${MARKER}: 1` })), status: 200 },
  { name: 'mcp foreign Origin', path: '/api/mcp', ...mcp(mcpCall('create_cart', {}), { Origin: 'https://evil.example' }), status: 403 },
  {
    name: 'mcp unsupported protocol version header',
    path: '/api/mcp',
    ...mcp(mcpCall('get_shop_policies', {}), { 'MCP-Protocol-Version': '1999-01-01' }),
    status: [200, 400],
  },
  { name: 'assistant cart link made up', path: `/asystent/koszyk/${'A'.repeat(43)}`, status: 410 },
  { name: 'assistant cart link with markup', path: `/asystent/koszyk/${encodeURIComponent(XSS)}`, status: 410 },
  {
    name: 'assistant cart link POST from another site',
    path: `/asystent/koszyk/${'A'.repeat(43)}`,
    method: 'POST',
    headers: { Origin: 'https://evil.example' },
    status: 403,
  },
  { name: 'assistant cart link POST without Origin', path: `/asystent/koszyk/${'A'.repeat(43)}`, method: 'POST', status: 403 },
  {
    name: 'assistant cart link POST made up',
    path: `/asystent/koszyk/${encodeURIComponent(SVG)}`,
    method: 'POST',
    headers: { Origin: BASE },
    status: 303,
  },
  // ── 13. product feeds (issue 39): the query string plays no part, only two names exist ──
  { name: 'google feed with markup in the query', path: `/feeds/google.xml?x=${encodeURIComponent(XSS)}`, status: 200 },
  { name: 'ceneo feed with markup in the query', path: `/feeds/ceneo.xml?after=-1&take=99999&${encodeURIComponent(SVG)}=1`, status: 200 },
  { name: 'unknown feed', path: '/feeds/unknown.xml', status: 404 },
  { name: 'feed name with markup', path: `/feeds/${encodeURIComponent(XSS)}.xml`, status: 404 },
  { name: 'feed path traversal', path: '/feeds/..%2f..%2fwrangler.toml', status: 404 },
  { name: 'feed very long name', path: `/feeds/${'g'.repeat(10_000)}.xml`, status: 404 },
  { name: 'feed POST', path: '/feeds/google.xml', method: 'POST', body: XSS, status: 405 },
];

const allowed = allowedRedirectHosts(env);

function locationProblem(location: string): string | null {
  if (location.startsWith('/')) return location === '/' || /^\/(?![/\\])/.test(location) ? null : `unsafe path ${location}`;
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    return `not a URL ${location}`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `bad protocol ${location}`;
  return allowed.includes(url.host) ? null : `host not allowed ${location}`;
}

async function send(row: Row): Promise<Response> {
  const url = row.url ?? `${BASE}${row.path}`;
  return app.request(
    url,
    { method: row.method ?? 'GET', headers: row.headers, body: row.body, redirect: 'manual' },
    { ...env, ...row.env },
  );
}

/** The four things no answer may do (see the top of this file). */
async function expectHarmless(res: Response, label: string) {
  expect(res.status, `${label}: status`).toBeLessThan(500);
  const location = res.headers.get('Location');
  if (location !== null) expect(locationProblem(location), `${label}: Location`).toBeNull();
  for (const [name, value] of res.headers) {
    // Header injection: raw control characters in a value, or the marker anywhere but in the
    // (percent-encoded) Location, which may echo the requested path.
    expect(/[\r\n\0]/.test(value), `${label}: raw control character in ${name}`).toBe(false);
    if (name !== 'location') expect(`${name}: ${value}`.toLowerCase(), `${label}: header injection`).not.toContain(MARKER);
  }
  expect(res.headers.get(MARKER), `${label}: injected header`).toBeNull();
  if ((res.headers.get('Content-Type') ?? '').includes('text/html')) {
    const html = await res.text();
    expect(html, `${label}: reflected markup`).not.toContain(XSS);
    expect(html, `${label}: reflected markup`).not.toContain('<svg onload');
  } else {
    await res.arrayBuffer();
  }
}

describe('hostile-input suite: every entry point', () => {
  it('has at least 100 rows', () => expect(ROWS.length).toBeGreaterThanOrEqual(100));

  it.each(ROWS.map((row) => [row.name, row] as const))('%s', async (name, row) => {
    const res = await send(row);
    if (row.status !== undefined) {
      const statuses = Array.isArray(row.status) ? row.status : [row.status];
      expect(statuses, `${name}: status ${res.status}`).toContain(res.status);
    }
    if (row.location !== undefined) expect(res.headers.get('Location'), `${name}: Location`).toBe(row.location);
    await expectHarmless(res, name);
  });
});

describe('issue 44: a costly document is refused in milliseconds, and the backend keeps serving', () => {
  it.each([
    ['four chained fragments, 17 deep', chainedFragments(17, 4)],
    ['six chained fragments, 24 deep', chainedFragments(24, 6)],
    ['fragments spread four times a level', fanOut(8, 4)],
  ])('%s: 400 QUERY_TOO_COMPLEX under 200 ms, then a normal query answers', async (_, query) => {
    const started = Date.now();
    const res = await send({ name: '', path: '/api/shop', ...gql(query) });
    const ms = Date.now() - started;
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]!.extensions.code).toBe(
      'QUERY_TOO_COMPLEX',
    );
    expect(ms).toBeLessThan(200);
    const normal = await send({ name: '', path: '/api/shop', ...gql('{ facets { items { values { facet { code } } } } }') });
    expect(normal.status).toBe(200);
    expect(((await normal.json()) as { data: { facets: { items: unknown[] } } }).data.facets.items.length).toBeGreaterThan(0);
  });
});

describe('hostile search terms answer quickly', () => {
  it.each(SEARCH_ROWS.map((row) => [row.name, row] as const))('%s: under 1 s', async (name, row) => {
    const started = Date.now();
    const res = await send(row);
    await res.arrayBuffer();
    expect(res.status, name).toBeLessThan(500);
    expect(Date.now() - started, `${name}: ms`).toBeLessThan(1000);
  });
});

/** Deterministic pseudo-random numbers (mulberry32), so a failure names a reproducible seed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  '/',
  '//',
  '\\',
  '/\\',
  '%2F',
  '%2f',
  '%5C',
  '%5c',
  '%09',
  '%0d%0a',
  '%00',
  '.',
  '..',
  '%2e%2e',
  'evil.com',
  '@',
  ':',
  'c',
  'p',
  '1',
  'kontakt',
  'sklep',
  'page',
  'Kontakt',
  '\uFF0F',
  '%E2%80%AE',
  '%C0%AF',
  '?next=//evil.com',
  '&a=',
  '#x',
  'ł',
  '%',
];

describe('property: no redirect leaves the allow-list', () => {
  it('holds for 400 random paths through the canonical step and the redirect hook', async () => {
    const next = random(20261122);
    for (let i = 0; i < 400; i++) {
      let path = '/';
      const length = 1 + Math.floor(next() * 6);
      for (let j = 0; j < length; j++) path += PIECES[Math.floor(next() * PIECES.length)];
      if (next() < 0.5) path += '/';
      const res = await app.request(`${BASE}${path}`, { redirect: 'manual' }, env);
      await expectHarmless(res, `#${i} ${path}`);
    }
  }, 120_000);
});

/** A variant the seeded backend has in stock (the worker tests share one backend). */
async function inStockVariant(): Promise<string> {
  const res = await app.request(
    `${BASE}/api/shop`,
    {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ query: '{ products(options: { take: 20 }) { items { variants { id stockLevel } } } }' }),
    },
    env,
  );
  const body = (await res.json()) as { data: { products: { items: Array<{ variants: Array<{ id: string; stockLevel: string }> }> } } };
  return body.data.products.items.flatMap((p) => p.variants).find((v) => v.stockLevel === 'IN_STOCK')!.id;
}

describe('production headers on HTTPS', () => {
  it('sends Strict-Transport-Security on https and not on plain http', async () => {
    const secure = await app.request('https://psiaki.pl/kontakt', {}, { ...env, MAIN_HOST: 'psiaki.pl' });
    expect(secure.headers.get('Strict-Transport-Security')).toBe(HSTS);
    expect(HSTS).toBe('max-age=31536000; includeSubDomains');
    const plain = await app.request(`${BASE}/kontakt`, {}, env);
    expect(plain.headers.get('Strict-Transport-Security')).toBeNull();
  });

  it('names the session cookie __Host- on https and keeps the plain name on http://127.0.0.1', async () => {
    const variant = await inStockVariant();
    // A session-creating request: the backend answers with a token the worker stores.
    const secure = await app.request(
      'https://psiaki.pl/api/shop',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'https://psiaki.pl' },
        body: JSON.stringify({ query: `mutation { addItemToOrder(productVariantId: "${variant}", quantity: 1) { __typename } }` }),
      },
      env,
    );
    const secureCookies = secure.headers.getSetCookie();
    const hostCookie = secureCookies.find((c) => c.startsWith(`${SECURE_SESSION_COOKIE}=`));
    expect(hostCookie).toBeDefined();
    expect(hostCookie).toMatch(/; Secure/i);
    expect(hostCookie).toMatch(/; Path=\//i);
    expect(hostCookie).toMatch(/HttpOnly/i);
    expect(hostCookie).not.toMatch(/Domain=/i);
    expect(secureCookies.some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(false);

    const plain = await app.request(
      `${BASE}/api/shop`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: BASE },
        body: JSON.stringify({ query: `mutation { addItemToOrder(productVariantId: "${variant}", quantity: 1) { __typename } }` }),
      },
      env,
    );
    expect(plain.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`) && !/Secure/i.test(c))).toBe(true);
  });

  it('moves an existing plain-name session to the __Host- cookie on https, keeping the cart', async () => {
    const variant = await inStockVariant();
    const add = await app.request(
      `${BASE}/api/shop`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: BASE },
        body: JSON.stringify({
          query: `mutation { addItemToOrder(productVariantId: "${variant}", quantity: 2) { ... on Order { totalQuantity } } }`,
        }),
      },
      env,
    );
    const token = add.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${SESSION_COOKIE}=`))!
      .split(';')[0]!
      .split('=')[1]!;
    const res = await app.request(
      'https://psiaki.pl/api/shop',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'https://psiaki.pl', Cookie: `${SESSION_COOKIE}=${token}` },
        body: JSON.stringify({ query: '{ activeOrder { totalQuantity } }' }),
      },
      env,
    );
    const body = (await res.json()) as { data: { activeOrder: { totalQuantity: number } | null } };
    expect(body.data.activeOrder?.totalQuantity).toBe(2);
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith(`${SECURE_SESSION_COOKIE}=${token}`))).toBe(true);
    expect(cookies.some((c) => c.startsWith(`${SESSION_COOKIE}=;`) && /Max-Age=0/i.test(c))).toBe(true);
  });

  it('refuses introspection with the production configuration and allows it in development', async () => {
    const ask = (environment: string) =>
      app.request(
        `${BASE}/api/shop`,
        { method: 'POST', headers: json, body: JSON.stringify({ query: '{ __schema { queryType { name } } }' }) },
        { ...env, ENVIRONMENT: environment },
      );
    const production = await ask('production');
    expect(production.status).toBe(403);
    expect(((await production.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]!.extensions.code).toBe(
      'INTROSPECTION_DISABLED',
    );
    expect((await ask('development')).status).toBe(200);
  });
});
