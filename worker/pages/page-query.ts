import { type RouteFacts, TRACKING_PARAM } from '../../client/router/route-facts';

type Query = RouteFacts['query'];

/** Whether a route whose facts declare `query` reads the parameter `name`. */
function reads(query: Query, name: string): boolean {
  return query === '*' ? !TRACKING_PARAM.test(name) : !!query?.includes(name);
}

/**
 * A page's URL as the server sees it (docs/architecture.md, "Caching"): only the query parameters
 * its route reads (`query` of its route facts; none when it declares none), without empty values
 * (every reader takes one as absent), sorted by name with the values of one name in their order,
 * so `?sort=X&page=2` and `?page=2&sort=X&fbclid=…` are one URL. The loader, the server render and
 * the edge cache key see this URL; ad click ids, campaign tags and junk stay in the browser's.
 *
 * @example pageUrl(new URL('https://s.test/c/x?utm_source=a&sort=NAME_ASC&a=3&a=1'), { query: ['a', 'sort'] }).search
 *          // '?a=3&a=1&sort=NAME_ASC'
 */
export function pageUrl(url: URL, route: Pick<RouteFacts, 'query'> | undefined): URL {
  const kept = new URLSearchParams();
  for (const [name, value] of url.searchParams) if (value !== '' && reads(route?.query, name)) kept.append(name, value);
  kept.sort();
  const out = new URL(url);
  out.search = kept.toString();
  out.hash = '';
  return out;
}

/** The parameters of `url` the route does not read (the ones pageUrl leaves out), in their order. */
export function unreadParams(url: URL, route: Pick<RouteFacts, 'query'>): URLSearchParams {
  const unread = new URLSearchParams();
  for (const [name, value] of url.searchParams) if (!reads(route.query, name)) unread.append(name, value);
  return unread;
}
