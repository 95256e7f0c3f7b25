import { type RedirectEntry, buildBuckets, lookupKey, normaliseKey, resolveTarget, sampleSource, tokensOf } from '../../redirects';

export interface CheckOptions {
  /** The running stack, e.g. http://127.0.0.1:8787. */
  baseUrl: string;
  /** BLOG_URL of that stack: blog targets are expected there. */
  blogUrl: string;
  /** Requests in flight at once (at most 8). */
  concurrency?: number;
  /** Time limit for the whole check. */
  timeoutMs?: number;
  /** Every n-th entry is also requested with the trailing slash toggled and with a query string. */
  variantsEvery?: number;
  fetch?: typeof fetch;
  log?: (line: string) => void;
}

export interface CheckResult {
  requests: number;
  failures: string[];
  /** Targets off the shop (blog, other hosts): their Location is checked, not their status. */
  externalTargets: number;
}

interface Probe {
  url: string;
  expect: { status: number; location?: string };
  line?: number;
}

/** Old query parameters a real visitor brings: ignored, except the listing ones, which are translated. */
const VARIANT_QUERY = 'orderby=price&attributes=27&utm_source=newsletter&fbclid=IwAR0x';

/**
 * Requests every source path of the table (patterns with a sample token) against a running
 * stack with `redirect: 'manual'`: each must answer 301 with the table's target, in one hop.
 * Then every internal target must answer 200.
 */
export async function runCheck(entries: readonly RedirectEntry[], options: CheckOptions): Promise<CheckResult> {
  const base = new URL(options.baseUrl);
  const doFetch = options.fetch ?? fetch;
  const log = options.log ?? (() => {});
  const concurrency = Math.max(1, Math.min(options.concurrency ?? 8, 8));
  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  const every = options.variantsEvery ?? 10;
  const buckets = buildBuckets(entries);

  const expected = (path: string, search: string) => {
    const match = lookupKey(buckets, normaliseKey(path));
    if (!match) throw new Error(`no entry matches ${path}`);
    return resolveTarget(match, { origin: base.origin, blogUrl: options.blogUrl, search: new URLSearchParams(search) });
  };

  const probes: Probe[] = [];
  const targets = new Set<string>();
  let externalTargets = 0;
  entries.forEach((entry, i) => {
    const path = sampleSource(entry);
    const variants = [[path, '']];
    if (i % every === 0) {
      variants.push([path.endsWith('/') ? path.replace(/\/+$/, '') : `${path}/`, '']);
      variants.push([path, VARIANT_QUERY]);
    }
    for (const [p, search] of variants) {
      const url = new URL(p!, base);
      url.search = search!;
      const location = expected(p!, search!);
      probes.push({ url: url.href, expect: { status: 301, location }, line: entry.line });
    }
    const target = new URL(expected(path, ''));
    if (target.origin === base.origin) {
      // A target carrying a {token} got the sample value: only its Location is meaningful.
      if (tokensOf(entry.to).length === 0) targets.add(target.href);
    } else {
      externalTargets++;
    }
  });
  for (const href of targets) probes.push({ url: href, expect: { status: 200 } });

  const failures: string[] = [];
  let done = 0;
  let next = 0;
  const total = probes.length;
  const worker = async () => {
    while (next < probes.length) {
      const probe = probes[next++]!;
      const where = probe.line ? ` (line ${probe.line})` : '';
      const remaining = deadline - Date.now();
      if (remaining <= 0) {
        failures.push(`${probe.url}${where}: not checked, time limit reached`);
        continue;
      }
      try {
        const res = await doFetch(probe.url, { redirect: 'manual', signal: AbortSignal.timeout(Math.min(15_000, remaining)) });
        await res.body?.cancel();
        const location = res.headers.get('location');
        const got = location ? new URL(location, probe.url).href : null;
        if (res.status !== probe.expect.status) {
          failures.push(
            `${probe.url}${where}: ${res.status}${got ? ` → ${got}` : ''}, expected ${probe.expect.status}${probe.expect.location ? ` → ${probe.expect.location}` : ''}`,
          );
        } else if (probe.expect.location && got !== probe.expect.location) {
          failures.push(`${probe.url}${where}: 301 → ${got}, expected → ${probe.expect.location}`);
        }
      } catch (error) {
        failures.push(`${probe.url}${where}: ${error instanceof Error ? error.message : String(error)}`);
      }
      done++;
      if (done % 100 === 0 || done === total) log(`  checked ${done}/${total}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { requests: probes.length, failures, externalTargets };
}
