/**
 * References check, part of `npm run lint` (issue 37: no comment or document points at a file that
 * is not in the repository). Exits 1 with one line `file:line: missing path` per problem when
 * - a comment of a source file (ts, tsx, cjs, css, sh in SOURCE_DIRS below, and the root's config
 *   files) or a Markdown file (README.md, the docs folder, the backend's own Markdown files) names
 *   a repo-relative path that does not exist: a path starting with a top-level folder (TOP_FOLDERS,
 *   e.g. `scripts/lint/…`), a root file (package.json, wrangler.toml, …) or, in Markdown, a link
 *   with a relative target (a path in a Markdown file may also be relative to its own folder);
 * - any source text or document names one of the two design documents kept outside the
 *   repository (a newcomer who clones the repository does not have them).
 *
 * Placeholders and patterns are checked up to where they start: `scripts/lint/<name>.ts` and
 * `scripts/lint/*.ts` check `scripts/lint/`, `scripts/{lint,node}` checks `scripts/`, and
 * `scripts/lint/struct*.ts` asks for a file of `scripts/lint/` whose name starts with `struct`.
 * URLs, relative imports (`../client/…`), `node_modules` paths and git-ignored build outputs
 * (plain entries of `.gitignore`) are not checked, nor, in a Markdown file, the paths of a worked
 * example it declares in an HTML comment `<!-- example paths: … -->` (each
 * a path or a folder ending in `/`). A decision record is dated history: one that carries
 * `<!-- paths as of YYYY-MM-DD -->` names files as the tree had them on that date, so only its links
 * and the outside documents are checked (mark a record so when a move leaves its paths behind,
 * rather than rewriting it).
 *
 * Usage: tsx scripts/lint/references.ts
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

export interface Finding {
  file: string;
  line: number;
  message: string;
}

/** Top-level folders whose paths are checked wherever a comment or document names them. */
export const TOP_FOLDERS = ['client', 'features', 'worker', 'backend', 'scripts', 'e2e', 'docs', 'redirects', 'content', 'types'];
/** Where source comments are read. */
export const SOURCE_DIRS = ['client', 'features', 'worker', 'backend/src', 'scripts', 'e2e', 'redirects'];
const SOURCE_FILE = /\.(ts|tsx|mts|cts|cjs|mjs|css|sh)$/;
/** Config files at the root (eslint.config.js, vitest.*.config.ts): read like source files. */
const ROOT_CONFIG = /\.config\.(js|cjs|mjs|ts|mts)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.wrangler', 'data']);

const OUTSIDE = ['DESIGN', 'CONVENTIONS'].map((name) => `${name}.md`);
const OUTSIDE_PATTERN = new RegExp(`(?<![\\w./-])(${OUTSIDE.map((n) => n.replace('.', '\\.')).join('|')})(?![\\w-])`, 'g');

const BEFORE = String.raw`(?<![\w./\-@$~#:%])`;
/** `client/…`, `docs/decisions/`, `scripts/<name>.ts`, `scripts/{lint,node}`: up to a space, quote or bracket. */
const TOP_PATH = new RegExp(`${BEFORE}(?:${TOP_FOLDERS.join('|')})/[^\\s\`'"()\\],;|]*`, 'g');
const ROOT_FILE = new RegExp(
  `${BEFORE}(?:README\\.md|package(?:-lock)?\\.json|wrangler\\.toml|tsconfig(?:\\.\\w+)?\\.json|eslint\\.config\\.js|` +
    `vitest(?:\\.[\\w-]+)?\\.config\\.ts|\\.nvmrc|\\.prettierrc\\.json|\\.prettierignore|\\.gitignore)(?![\\w/-]|\\.\\w)`,
  'g',
);
/** A Markdown file whose bare paths describe the tree at a past date (a decision record). */
const HISTORY = /<!--\s*paths as of \d{4}-\d{2}-\d{2}\s*-->/;
/** Where a placeholder or pattern starts: the path is checked up to it. */
const PLACEHOLDER = /…|\.\.\.|<|\*|\{|\?|#|\$/;

/** Git-ignored locations (plain entries of `.gitignore`, no globs): build outputs, not checked. */
export function ignoredPrefixes(root: string): string[] {
  const file = join(root, '.gitignore');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim().replace(/^\//, ''))
    .filter((l) => l && !l.startsWith('#') && !l.startsWith('!') && !/[*?[]/.test(l));
}

function isIgnored(path: string, ignored: string[]): boolean {
  return ignored.some((entry) => {
    const base = entry.replace(/\/$/, '');
    return path === base || path.startsWith(`${base}/`);
  });
}

/**
 * Whether a repo-relative path (cut before any placeholder) exists: the file or folder itself,
 * or, when the cut fell inside a name (`scripts/lint/struct*`), a file of that folder whose name
 * starts with it.
 */
function exists(root: string, path: string, cut: boolean): boolean {
  if (path === '' || present(join(root, path))) return true;
  if (!cut || path.endsWith('/')) return false;
  const dir = join(root, dirname(path));
  const start = posix.basename(path);
  return existsSync(dir) && statSync(dir).isDirectory() && readdirSync(dir).some((name) => name.startsWith(start));
}

/** A file, or a folder holding one: an empty folder is not in git, so a fresh clone would not have it. */
function present(full: string): boolean {
  if (!existsSync(full)) return false;
  if (!statSync(full).isDirectory()) return true;
  return readdirSync(full).some((name) => present(join(full, name)));
}

/** A mention as written, trimmed of trailing punctuation and cut before a placeholder. */
function clean(raw: string): { path: string; cut: boolean } {
  const at = raw.search(PLACEHOLDER);
  const cut = at >= 0;
  let path = cut ? raw.slice(0, at) : raw;
  if (!cut) path = path.replace(/:\d+(:\d+)?$/, '').replace(/[.:!]+$/, '');
  return { path, cut };
}

/** The line (1-based) of an offset of a text. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

interface Span {
  start: number;
  text: string;
}

/** The comments of a TypeScript or JavaScript file, each with its offset. */
export function scriptComments(path: string, text: string): Span[] {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : /\.(c|m)?js$/.test(path) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, kind);
  const seen = new Set<number>();
  const spans: Span[] = [];
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) {
      if (seen.has(r.pos)) continue;
      seen.add(r.pos);
      spans.push({ start: r.pos, text: text.slice(r.pos, r.end) });
    }
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return spans.sort((a, b) => a.start - b.start);
}

/** The comments of a CSS file (`/* … *\/`) or a shell script (`# …` after a space or at a line's start). */
export function otherComments(path: string, text: string): Span[] {
  const pattern = path.endsWith('.css') ? /\/\*[\s\S]*?\*\//g : /(?<=^|\s)#(?!!).*$/gm;
  return [...text.matchAll(pattern)].map((m) => ({ start: m.index, text: m[0] }));
}

/** The paths a Markdown file declares as those of a worked example (`<!-- example paths: … -->`). */
function exampleOf(text: string): string[] {
  return [...text.matchAll(/<!--\s*example paths:([\s\S]*?)-->/g)].flatMap((m) => (m[1] ?? '').trim().split(/\s+/).filter(Boolean));
}

/** Markdown links `[text](target)` outside code, with the offset of their target. */
function markdownLinks(text: string): Array<Span & { end: number }> {
  const code = /```[\s\S]*?```|`[^`\n]*`/g;
  const masked = text.replace(code, (m) => ' '.repeat(m.length));
  return [...masked.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => {
    const target = m[1] ?? '';
    const start = m.index + 2;
    return { start, end: start + target.length, text: target };
  });
}

/**
 * Problems of one file. `spans` are the parts read for paths (a source file's comments, or a whole
 * Markdown file); the names of the documents outside the repository are looked for in all of `text`.
 */
export function checkText(root: string, file: string, text: string, spans: Span[], ignored: string[], markdown = false): Finding[] {
  const findings: Finding[] = [];
  const report = (offset: number, message: string) => findings.push({ file, line: lineAt(text, offset), message });
  const fileDir = posix.dirname(file);
  const packageDir = file.includes('/') ? (file.split('/')[0] ?? '.') : '.';
  /** Whether `raw`, written in this file, names something that exists, read from each of `bases` in turn. */
  const found = (raw: string, bases: string[]) => {
    if (raw.includes('node_modules')) return true;
    const { path: written, cut } = clean(raw);
    // "client/worker split", "worker/client": two top-level folder names in prose, not a path.
    const [first = '', second = '', ...rest] = written.split('/');
    if (rest.length === 0 && TOP_FOLDERS.includes(first) && TOP_FOLDERS.includes(second)) return true;
    return bases.some((base) => {
      const path = posix.normalize(posix.join(base, written)).replace(/^\.\//, '');
      return path.startsWith('../') || isIgnored(path, ignored) || isIgnored(path, examples) || exists(root, path, cut);
    });
  };
  const examples = markdown ? exampleOf(text) : [];
  const missing = (raw: string) => `missing ${raw.replace(/[.,:!]+$/, '')}`;

  for (const m of text.matchAll(OUTSIDE_PATTERN)) report(m.index, `missing ${m[0]} (a document outside the repository)`);
  for (const span of spans) {
    let body = span.text;
    if (markdown) {
      for (const link of markdownLinks(body)) {
        body = body.slice(0, link.start) + ' '.repeat(link.end - link.start) + body.slice(link.end);
        const target = link.text.replace(/#.*$/, '');
        if (!target || /^[a-z][\w+.-]*:/i.test(link.text) || link.text.startsWith('/')) continue;
        if (!found(decodeURI(target), [fileDir])) report(span.start + link.start, missing(target));
      }
    }
    if (markdown && HISTORY.test(text)) continue;
    const bases = markdown && fileDir !== '.' ? ['.', fileDir] : ['.'];
    for (const m of body.matchAll(TOP_PATH)) if (!found(m[0], bases)) report(span.start + m.index, missing(m[0]));
    for (const m of body.matchAll(ROOT_FILE)) {
      const name = m[0];
      const there = [root, join(root, fileDir), join(root, packageDir)].some((dir) => existsSync(join(dir, name)));
      if (!there) report(span.start + m.index, missing(name));
    }
  }
  return findings.sort((a, b) => a.line - b.line);
}

function walk(root: string, dir: string, accept: (name: string) => boolean, out: string[] = []): string[] {
  const full = join(root, dir);
  if (!existsSync(full)) return out;
  for (const name of readdirSync(full)) {
    if (SKIP_DIRS.has(name)) continue;
    const path = posix.join(dir, name);
    if (statSync(join(root, path)).isDirectory()) walk(root, path, accept, out);
    else if (accept(name)) out.push(path);
  }
  return out;
}

/** The files the check reads, repo-relative with `/`. */
export function filesToCheck(root: string): { sources: string[]; markdown: string[] } {
  const ignored = ignoredPrefixes(root);
  const rootConfigs = readdirSync(root).filter((n) => ROOT_CONFIG.test(n));
  const sources = [...rootConfigs, ...SOURCE_DIRS.flatMap((d) => walk(root, d, (n) => SOURCE_FILE.test(n)))].filter(
    (f) => !isIgnored(f, ignored),
  );
  const markdown = [
    ...(existsSync(join(root, 'README.md')) ? ['README.md'] : []),
    ...walk(root, 'docs', (n) => n.endsWith('.md')),
    ...(existsSync(join(root, 'backend'))
      ? readdirSync(join(root, 'backend'))
          .filter((n) => n.endsWith('.md'))
          .map((n) => `backend/${n}`)
      : []),
  ];
  return { sources, markdown };
}

/** Every problem of the repository at `root`. */
export function checkReferences(root: string): Finding[] {
  const ignored = ignoredPrefixes(root);
  const { sources, markdown } = filesToCheck(root);
  const findings: Finding[] = [];
  for (const file of sources) {
    const text = readFileSync(join(root, file), 'utf8');
    const spans = /\.(css|sh)$/.test(file) ? otherComments(file, text) : scriptComments(file, text);
    findings.push(...checkText(root, file, text, spans, ignored));
  }
  for (const file of markdown) {
    const text = readFileSync(join(root, file), 'utf8');
    findings.push(...checkText(root, file, text, [{ start: 0, text }], ignored, true));
  }
  return findings;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const root = resolve(import.meta.dirname, '../..');
  const findings = checkReferences(root);
  for (const f of findings) console.log(`${relative(root, join(root, f.file)).split(sep).join('/')}:${f.line}: ${f.message}`);
  if (findings.length) {
    console.log(`references: ${findings.length} path(s) named in comments or documents are not in the repository`);
    process.exit(1);
  }
}
