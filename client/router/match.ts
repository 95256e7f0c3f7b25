/**
 * Path patterns of the route table: literal segments, `:name` (required) and
 * `:name?` (optional, only at the end). One matcher for the worker and the
 * browser, so both resolve a URL to the same route.
 *
 * @example
 *   compilePattern('/p/:id/:slug').match('/p/12/szelki') // { id: '12', slug: 'szelki' }
 */
interface CompiledPattern {
  pattern: string;
  match(pathname: string): Record<string, string> | null;
}

const cache = new Map<string, CompiledPattern>();

export function compilePattern(pattern: string): CompiledPattern {
  const hit = cache.get(pattern);
  if (hit) return hit;
  const names: string[] = [];
  let source = '^';
  for (const segment of pattern.split('/').filter(Boolean)) {
    if (segment.startsWith(':')) {
      const optional = segment.endsWith('?');
      names.push(segment.slice(1, optional ? -1 : undefined));
      source += optional ? '(?:/([^/]+))?' : '/([^/]+)';
    } else {
      source += '/' + segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  source += pattern === '/' ? '/$' : '$';
  const regex = new RegExp(source);
  const compiled: CompiledPattern = {
    pattern,
    match(pathname) {
      const m = regex.exec(pathname);
      if (!m) return null;
      const params: Record<string, string> = {};
      names.forEach((name, i) => {
        const raw = m[i + 1];
        if (raw === undefined) return;
        try {
          params[name] = decodeURIComponent(raw);
        } catch {
          params[name] = raw;
        }
      });
      return params;
    },
  };
  cache.set(pattern, compiled);
  return compiled;
}
