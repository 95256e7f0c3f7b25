/**
 * Live paths whose page can still be missing: a `/c/…`, `/p/…` or `/kolekcje/…` URL matches
 * its route pattern whatever the slug, and only the loader knows whether the category,
 * product or collection exists. Such paths may be legacy sources (`/c/dla-psa/smycze`), so
 * the lookup asks KV for them. Every other live route answers its path itself, so the
 * table may not contain it and the lookup never spends a KV read on it.
 */
export const CATALOGUE_SEGMENTS: readonly string[] = ['c', 'p', 'kolekcje'];

export function isCataloguePath(pathname: string): boolean {
  const segment = pathname.split('/')[1] ?? '';
  return CATALOGUE_SEGMENTS.includes(segment.toLowerCase());
}
