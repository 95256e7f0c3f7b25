import { buildBuckets, kvKeyFor, matchBucket, resolveTarget } from './lookup';
import { canonicalPath, normaliseKey } from './normalise';
import { type RedirectEntry, type TableError, targetKind, tokensOf } from './table';

/**
 * What the validator needs to know about the live site. `redirects/` imports nothing
 * from the app, so the caller (the seeding script) passes these in.
 */
export interface LiveSite {
  /** Why an internal target path is not a page the shop serves, or null when it is. */
  targetProblem(pathname: string): string | null;
  /**
   * The live route that answers this source path itself, or null. The worker never asks
   * the table for such a path, so an entry there would be dead.
   */
  routeServing(pathname: string): string | null;
}

/** Origin used only to resolve targets while validating. */
const ORIGIN = 'https://shop.invalid';
/** Value put into `{tokens}` while validating a pattern's target. */
export const SAMPLE_TOKEN = 'przyklad';

/** A pattern entry with its tokens filled: the source path a request would have. */
export function sampleSource(entry: Pick<RedirectEntry, 'from'>): string {
  return entry.from.replace(/\{[a-z][a-z0-9_]*\}/g, SAMPLE_TOKEN);
}

/**
 * Cross-row rules over the parsed table: no two rows with the same normalised source, no
 * source a live page already answers, internal targets are live pages, and no target is
 * itself a source (no chains, no loops) — checked with the worker's own lookup.
 */
export function validateEntries(entries: readonly RedirectEntry[], live: LiveSite): TableError[] {
  const errors: TableError[] = [];
  const firstLine = new Map<string, number>();
  for (const entry of entries) {
    // Patterns compare by shape: /a/{x} and /a/{y} are the same source.
    const identity = entry.pattern ? entry.key.replace(/\{[a-z][a-z0-9_]*\}/g, '{}') : entry.key;
    const seen = firstLine.get(identity);
    if (seen !== undefined) {
      errors.push({ line: entry.line, message: `duplicate source ${entry.from}: line ${seen} has the same path after normalisation (${entry.key})` });
    } else {
      firstLine.set(identity, entry.line);
    }
    const source = entry.pattern ? sampleSource(entry) : entry.from;
    const route = live.routeServing(canonicalPath(source)) ?? live.routeServing(normaliseKey(source));
    if (route) {
      errors.push({ line: entry.line, message: `source ${entry.from} is a live page (route ${route}); the worker never looks it up` });
    }
  }

  const buckets = buildBuckets(entries);
  const lineOf = new Map<string, number>();
  for (const e of entries) if (!lineOf.has(e.key)) lineOf.set(e.key, e.line);
  for (const entry of entries) {
    const kind = targetKind(entry.to);
    if (kind === 'blog' || kind === 'external') continue;
    const requestKey = normaliseKey(entry.pattern ? sampleSource(entry) : entry.from);
    const match = matchBucket(buckets.get(kvKeyFor(requestKey)) ?? null, requestKey);
    if (!match) continue; // cannot happen: an entry always matches its own source
    const target = new URL(resolveTarget(match, { origin: ORIGIN, blogUrl: ORIGIN }));
    if (target.origin !== ORIGIN) continue;
    const targetKey = normaliseKey(target.pathname);
    if (targetKey === requestKey) {
      errors.push({ line: entry.line, message: `loop: ${entry.from} redirects to itself (${entry.to})` });
      continue;
    }
    const chained = matchBucket(buckets.get(kvKeyFor(targetKey)) ?? null, targetKey);
    if (chained) {
      const at = lineOf.get(chained.base) ?? lineOf.get(targetKey);
      const where = at !== undefined ? ` (line ${at})` : '';
      const kindOf = normaliseKey(new URL(resolveTarget(chained, { origin: ORIGIN, blogUrl: ORIGIN })).pathname) === requestKey ? 'loop' : 'chain';
      errors.push({
        line: entry.line,
        message: `${kindOf}: target ${target.pathname} is itself a source${where}; point ${entry.from} straight at the final target`,
      });
      continue;
    }
    const problem = live.targetProblem(target.pathname);
    if (problem) errors.push({ line: entry.line, message: `target ${entry.to}: ${problem}` });
    if (tokensOf(entry.to).length > 0 && kind === 'relative') {
      errors.push({ line: entry.line, message: 'a relative target cannot carry {tokens}; write it from the root (/…)' });
    }
  }
  return errors.sort((a, b) => a.line - b.line);
}
