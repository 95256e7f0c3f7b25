/**
 * No regular expression of ours runs on unbounded input (issue 44; decision 104). Finds every
 * call that applies a regex (`re.test(s)`, `re.exec(s)`, `s.match(re)`, `s.matchAll(re)`,
 * `s.replace(re, …)`, `s.replaceAll(re, …)`, `s.split(re)`, `s.search(re)`) where the regex is a
 * literal or a constant of the scanned files, and accepts it when either
 * - the pattern is linear by construction: no unbounded quantifier (`+`, `*`, `{n,}`), or exactly
 *   one that is either the pattern's last token or in a pattern anchored at its start (`^`), so
 *   no two quantifiers can trade characters and no match attempt backtracks more than once; or
 * - the call carries a comment `// bounded: <why>` on its line or one of the three lines above,
 *   naming the bound of the value (input-bounds.ts, a length checked before, a fixed-size value).
 * Anything else is reported, e.g. the e-mail pattern `^[^\s@]+@[^\s@]+\.[^\s@]+$` (three
 * quantifiers that trade characters) applied to an address of any length.
 *
 * Usage: tsx scripts/lint/regex-bounds.ts [dir …]  (default: backend/src); exits 1 on findings.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

export interface Finding {
  file: string;
  line: number;
  call: string;
  pattern: string;
}

const ON_REGEX = new Set(['test', 'exec']);
const ON_STRING = new Set(['match', 'matchAll', 'replace', 'replaceAll', 'split', 'search']);
const BOUNDED_COMMENT = /\/\/\s*bounded:\s*\S/;

/** The number of unbounded quantifiers of a pattern's source, and whether one is its last token. */
function quantifiers(source: string): { unbounded: number; lastIsQuantifier: boolean } {
  let unbounded = 0;
  let inClass = false;
  let lastIsQuantifier = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    lastIsQuantifier = false;
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '+' || c === '*') {
      unbounded++;
      if (source[i + 1] === '?') i++; // lazy
      lastIsQuantifier = true;
    } else if (c === '{') {
      const m = /^\{\d+(,(\d*))?\}/.exec(source.slice(i, i + 12));
      if (m) {
        if (m[1] && !m[2]) {
          unbounded++;
          lastIsQuantifier = true;
        }
        i += m[0].length - 1;
        if (source[i + 1] === '?') i++;
      }
    }
  }
  // a trailing `$` or `)` does not change much: only a quantifier as the very last token counts
  return { unbounded, lastIsQuantifier };
}

/** Whether a pattern cannot backtrack more than linearly, by the rules above. */
export function linearByConstruction(source: string): boolean {
  const { unbounded, lastIsQuantifier } = quantifiers(source);
  if (unbounded === 0) return true;
  return unbounded === 1 && (source.startsWith('^') || lastIsQuantifier);
}

/** Regex constants of a file: `const NAME = /…/` (top level or local). */
function regexConstants(sf: ts.SourceFile, into: Map<string, string>) {
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const init = node.initializer;
      if (ts.isRegularExpressionLiteral(init)) into.set(node.name.text, init.text);
      else if (ts.isNewExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === 'RegExp')
        into.set(node.name.text, '/(built at run time)/');
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

/** The pattern of an expression: a literal, or a constant by name (null: not a regex we know). */
function patternOf(expr: ts.Expression, constants: Map<string, string>): string | null {
  if (ts.isRegularExpressionLiteral(expr)) return expr.text;
  if (ts.isIdentifier(expr)) return constants.get(expr.text) ?? null;
  if (ts.isPropertyAccessExpression(expr)) return constants.get(expr.name.text) ?? null;
  return null;
}

/** The source of a regex literal's text ('/a+/g' → 'a+'). */
const sourceOf = (literal: string) => literal.slice(1, literal.lastIndexOf('/'));

/** Findings of some files (paths → contents). Constants are shared across the files (imports). */
export function scan(files: Array<{ path: string; text: string }>): Finding[] {
  const parsed = files.map((f) => ({ ...f, sf: ts.createSourceFile(f.path, f.text, ts.ScriptTarget.Latest, true) }));
  const constants = new Map<string, string>();
  for (const f of parsed) regexConstants(f.sf, constants);
  const findings: Finding[] = [];
  for (const { path, text, sf } of parsed) {
    const lines = text.split('\n');
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const name = node.expression.name.text;
        let pattern: string | null = null;
        let subject: ts.Expression | undefined;
        if (ON_REGEX.has(name)) {
          pattern = patternOf(node.expression.expression, constants);
          subject = node.arguments[0];
        } else if (ON_STRING.has(name) && node.arguments[0]) {
          pattern = patternOf(node.arguments[0], constants);
          subject = node.expression.expression;
        }
        const literalSubject = subject && (ts.isStringLiteral(subject) || ts.isNoSubstitutionTemplateLiteral(subject));
        if (pattern && !literalSubject && !linearByConstruction(sourceOf(pattern))) {
          const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
          const near = lines.slice(Math.max(0, line - 3), line + 1);
          if (!near.some((l) => BOUNDED_COMMENT.test(l)))
            findings.push({ file: path, line: line + 1, call: node.getText(sf).slice(0, 100), pattern });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return findings;
}

/** The .ts/.tsx files under a directory, without tests, generated files and dependencies. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name) && !name.includes('graphql-env')) out.push(path);
  }
  return out;
}

/** Findings under the given directories (relative to the repository). */
export function scanDirs(root: string, dirs: string[]): Finding[] {
  const files = dirs.flatMap((d) => sourceFiles(resolve(root, d))).map((p) => ({ path: relative(root, p), text: readFileSync(p, 'utf8') }));
  return scan(files);
}

export const DEFAULT_DIRS = ['backend/src'];

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const root = resolve(import.meta.dirname, '../..');
  const dirs = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT_DIRS;
  const findings = scanDirs(root, dirs);
  for (const f of findings) console.error(`${f.file}:${f.line}: ${f.pattern} applied without a bound: ${f.call}`);
  if (findings.length) {
    console.error(
      `\n${findings.length} regex call(s) on values without a bound: check the length first and say so (// bounded: <why>), or make the pattern linear.`,
    );
    process.exit(1);
  }
}
