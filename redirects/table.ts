import { z } from 'zod';
import { normaliseKey } from './normalise';

/**
 * The source file that ops edit (`redirects/table.tsv`): tab-separated, a header row
 * `from	to	status	comment`, then one redirect per row. `#` lines and blank lines are
 * ignored. `status` and `comment` may be left empty.
 */
export const TABLE_COLUMNS = ['from', 'to', 'status', 'comment'] as const;

/** `to` values starting with this are on the blog host (`BLOG_URL`, configuration). */
export const BLOG_PLACEHOLDER = '{blog}';

/** A `{token}` in `from` matches one path segment and is carried into `to`. */
const TOKEN = /\{([a-z][a-z0-9_]*)\}/g;
const WHOLE_SEGMENT_TOKEN = /^\{[a-z][a-z0-9_]*\}$/;

export function tokensOf(text: string): string[] {
  return [...text.matchAll(TOKEN)].map((m) => m[1]!);
}

/** Replaces each `{name}` with `value(name)`; a name it returns undefined for stays as written. */
export function fillTokens(text: string, value: (name: string) => string | undefined): string {
  return text.replace(TOKEN, (whole, name: string) => value(name) ?? whole);
}

/** What makes two sources the same: the key, with patterns compared by shape (`/a/{x}` = `/a/{y}`). */
export function sourceIdentity(entry: { key: string; pattern: boolean }): string {
  return entry.pattern ? fillTokens(entry.key, () => '{}') : entry.key;
}

/** How a `to` value is resolved at lookup time. */
export type TargetKind = 'internal' | 'relative' | 'blog' | 'external';

export function targetKind(to: string): TargetKind {
  if (to.startsWith(BLOG_PLACEHOLDER)) return 'blog';
  if (/^https?:\/\//i.test(to)) return 'external';
  if (to.startsWith('/')) return 'internal';
  return 'relative';
}

const fromSchema = z
  .string()
  .min(1, { message: 'missing field "from"', abort: true })
  .refine((s) => s.startsWith('/'), '"from" must be a path starting with /')
  .refine((s) => !/[\s?#]/.test(s), '"from" must be a bare path: no spaces, query string or fragment (queries are ignored by the lookup)')
  .refine((s) => !s.includes(BLOG_PLACEHOLDER), '"from" cannot use {blog}')
  .refine(
    (s) =>
      s
        .split('/')
        .filter(Boolean)
        .every((seg) => !seg.includes('{') || WHOLE_SEGMENT_TOKEN.test(seg)),
    'a {token} must be a whole path segment with a lower-case name, e.g. /psia-baza-wiedzy/{breed}',
  )
  .refine((s) => !WHOLE_SEGMENT_TOKEN.test(s.split('/').filter(Boolean)[0] ?? ''), 'the first path segment of "from" cannot be a {token}')
  .refine((s) => normaliseKey(s) !== '/', '"from" cannot be the home page');

function isUrl(text: string): boolean {
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

const toSchema = z
  .string()
  .min(1, { message: 'missing field "to"', abort: true })
  .refine((s) => !/\s/.test(s), '"to" must not contain spaces')
  .refine((s) => !s.startsWith('//'), '"to" must not start with // (a protocol-relative URL leaves the shop)')
  .refine(
    (s) => targetKind(s) !== 'blog' || s === BLOG_PLACEHOLDER || s.startsWith(`${BLOG_PLACEHOLDER}/`),
    '{blog} must be followed by / or nothing, e.g. {blog}/zdrowie/',
  )
  .refine((s) => !s.slice(BLOG_PLACEHOLDER.length).includes(BLOG_PLACEHOLDER), '{blog} may only start "to"')
  .refine((s) => targetKind(s) !== 'external' || isUrl(s), '"to" is not a valid URL')
  .refine(
    (s) => targetKind(s) !== 'relative' || !/^[a-z][a-z0-9+.-]*:/i.test(s),
    '"to" must be a path, a relative path, {blog}/… or an http(s) URL',
  );

const statusSchema = z
  .string()
  .optional()
  .transform((s) => (s === undefined || s === '' ? '301' : s))
  .refine((s) => s === '301', 'status must be 301 or empty: the worker answers every legacy URL with 301')
  .transform(() => 301 as const);

/** One row of the table, as written by ops. */
export const rowSchema = z
  .object({
    from: fromSchema,
    to: toSchema,
    status: statusSchema,
    comment: z.string().optional(),
  })
  .superRefine((row, ctx) => {
    const from = tokensOf(row.from);
    if (new Set(from).size !== from.length) ctx.addIssue({ code: 'custom', message: 'a {token} appears twice in "from"' });
    if (targetKind(row.to) === 'relative' && tokensOf(row.to).length > 0) {
      ctx.addIssue({ code: 'custom', message: 'a relative target cannot carry {tokens}; write it from the root (/…)' });
    }
    for (const token of tokensOf(row.to)) {
      if (token !== 'blog' && !from.includes(token)) {
        ctx.addIssue({ code: 'custom', message: `"to" uses {${token}}, which "from" does not define` });
      }
    }
  });

/** A parsed, schema-valid row. `key` is the normalised source (a pattern keeps its `{tokens}`). */
export interface RedirectEntry {
  line: number;
  from: string;
  to: string;
  status: 301;
  comment?: string;
  key: string;
  pattern: boolean;
}

export interface TableError {
  line: number;
  message: string;
}

export interface ParsedTable {
  entries: RedirectEntry[];
  errors: TableError[];
}

/**
 * Parses and schema-checks the whole file; every error carries its 1-based line number.
 * Cross-row rules (duplicates, chains, loops, live targets) are in `validate.ts`.
 */
export function parseTable(text: string): ParsedTable {
  const entries: RedirectEntry[] = [];
  const errors: TableError[] = [];
  let header = false;
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '' || raw.trimStart().startsWith('#')) return;
    const cells = raw.split('\t').map((c) => c.trim());
    if (!header) {
      header = true;
      if (cells.slice(0, 2).join('\t') !== 'from\tto' || cells.some((c, i) => c !== TABLE_COLUMNS[i])) {
        errors.push({ line, message: `the first row must be the header "${TABLE_COLUMNS.join('<TAB>')}"` });
      }
      return;
    }
    if (cells.length > TABLE_COLUMNS.length) {
      errors.push({ line, message: `too many columns (${cells.length}); expected ${TABLE_COLUMNS.join(', ')} separated by tabs` });
      return;
    }
    const [from = '', to = '', status, comment] = cells;
    const result = rowSchema.safeParse({ from, to, status, comment: comment || undefined });
    if (!result.success) {
      for (const issue of result.error.issues) errors.push({ line, message: issue.message });
      return;
    }
    const row = result.data;
    entries.push({
      line,
      from: row.from,
      to: row.to,
      status: row.status,
      ...(row.comment ? { comment: row.comment } : {}),
      key: normaliseKey(row.from),
      pattern: tokensOf(row.from).length > 0,
    });
  });
  if (!header) errors.push({ line: 1, message: 'the table is empty: expected a header row and at least one redirect' });
  return { entries, errors };
}
