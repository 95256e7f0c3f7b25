import { type Match, buildBuckets, lookupKey, resolveTarget } from './lookup';
import { canonicalPath, normaliseKey } from './normalise';
import { type RedirectEntry, type TableError, fillTokens, sourceIdentity, targetKind } from './table';

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

/** The source path a request would have: `from`, with any `{token}` filled with a sample value. */
export function sampleSource(entry: Pick<RedirectEntry, 'from'>): string {
  return fillTokens(entry.from, () => SAMPLE_TOKEN);
}

/** The path a match sends to, or null when it leaves the shop (blog, other hosts). */
function internalPath(match: Match): string | null {
  const url = new URL(resolveTarget(match, { origin: ORIGIN, blogUrl: 'https://blog.invalid' }));
  return url.origin === ORIGIN ? url.pathname : null;
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
    const identity = sourceIdentity(entry);
    const seen = firstLine.get(identity);
    if (seen !== undefined) {
      errors.push({
        line: entry.line,
        message: `duplicate source ${entry.from}: line ${seen} has the same path after normalisation (${entry.key})`,
      });
    } else {
      firstLine.set(identity, entry.line);
    }
    const source = sampleSource(entry);
    const route = live.routeServing(canonicalPath(source)) ?? live.routeServing(normaliseKey(source));
    if (route) {
      errors.push({ line: entry.line, message: `source ${entry.from} is a live page (route ${route}); the worker never looks it up` });
    }
  }

  const buckets = buildBuckets(entries);
  for (const entry of entries) {
    const kind = targetKind(entry.to);
    if (kind === 'blog' || kind === 'external') continue;
    const requestKey = normaliseKey(sampleSource(entry));
    const match = lookupKey(buckets, requestKey);
    const target = match && internalPath(match);
    if (!target) continue;
    const targetKey = normaliseKey(target);
    if (targetKey === requestKey) {
      errors.push({ line: entry.line, message: `loop: ${entry.from} redirects to itself (${entry.to})` });
      continue;
    }
    const chained = lookupKey(buckets, targetKey);
    if (chained) {
      const at = firstLine.get(chained.base);
      const back = internalPath(chained);
      errors.push({
        line: entry.line,
        message:
          `${back && normaliseKey(back) === requestKey ? 'loop' : 'chain'}: target ${target} is itself a source` +
          `${at !== undefined ? ` (line ${at})` : ''}; point ${entry.from} straight at the final target`,
      });
      continue;
    }
    const problem = live.targetProblem(target);
    if (problem) errors.push({ line: entry.line, message: `target ${entry.to}: ${problem}` });
  }
  return errors.sort((a, b) => a.line - b.line);
}
