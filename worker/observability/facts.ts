/**
 * What the request log line and `Server-Timing` tell about one request (c.var.facts). Numbers
 * and names only: never a URL, a header, a cookie or anything the shopper typed.
 */
export interface RequestFacts {
  /** `cf-ray` when Cloudflare sent a well-formed one, else generated; also sent as `X-Request-Id`. */
  id: string;
  started: number;
  /** route id of the route table, or the pipeline step that answered (`api/shop`, `static`, …) */
  route?: string;
  backendMs: number;
  backendCalls: number;
  /** `open` when a backend call of this request was refused by the circuit breaker */
  breaker?: 'open';
  /** what the rate limiter did, when it refused */
  rateLimited?: string;
  /** which limit of worker/shop/query-limits.ts refused the request's GraphQL document */
  queryLimit?: string;
}
