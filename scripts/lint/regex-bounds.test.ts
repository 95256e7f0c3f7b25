import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DIRS, linearByConstruction, scan, scanDirs } from './regex-bounds';

const root = resolve(import.meta.dirname, '../..');

/** The withdrawal lookup as it was before issue 44: the e-mail pattern on an address of any length. */
const BEFORE = `
export const LOOKUP_EMAIL = /^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/;
export class WithdrawalService {
    private async order(ctx: RequestContext, code: string, emailAddress: string) {
        const email = lookupEmail(emailAddress);
        if (!code.trim() || !LOOKUP_EMAIL.test(email) || code.length > 64) return undefined;
    }
}`;

describe('regex bounds (scripts/lint/regex-bounds.ts)', () => {
  it('finds the e-mail pattern applied to an unbounded address (the withdrawal code before issue 44)', () => {
    const findings = scan([{ path: 'withdrawal.service.ts', text: BEFORE }]);
    expect(findings).toEqual([
      expect.objectContaining({ file: 'withdrawal.service.ts', line: 6, pattern: String.raw`/^[^\s@]+@[^\s@]+\.[^\s@]+$/` }),
    ]);
  });

  it('finds it through an imported constant and in string methods, and accepts a bounded call', () => {
    const files = [
      { path: 'a.ts', text: 'export const HOSTILE = /(a+)+$/;' },
      {
        path: 'b.ts',
        text: [
          'HOSTILE.test(input);',
          "s.replace(/\\s+$/, '');",
          's.match(/x+y+/);',
          '// bounded: at most 254 characters (BOUNDS.email, checked above)',
          'HOSTILE.test(email);',
          "'literal'.match(/x+y+/);",
        ].join('\n'),
      },
    ];
    expect(scan(files).map((f) => f.line)).toEqual([1, 2, 3]);
  });

  it('tells linear patterns from those whose quantifiers trade characters', () => {
    for (const linear of [
      String.raw`^[A-Z0-9-]{4,32}$`,
      String.raw`\s+`,
      String.raw`^[A-Z0-9-]+$`,
      String.raw`\r\n?`,
      String.raw`([a-z])([A-Z])`,
      String.raw`^[0-9a-z]{1,10}$`,
    ])
      expect(linearByConstruction(linear), linear).toBe(true);
    for (const risky of [
      String.raw`^[^\s@]+@[^\s@]+\.[^\s@]+$`,
      String.raw`(a+)+$`,
      String.raw`\s+$`,
      String.raw`<[^>]*>`,
      String.raw`^\d+\d+$`,
      String.raw`a{2,}b`,
    ])
      expect(linearByConstruction(risky), risky).toBe(false);
  });

  it('backend/src applies no regex to a value without a bound', () => {
    const findings = scanDirs(root, DEFAULT_DIRS);
    expect(findings.map((f) => `${f.file}:${f.line} ${f.pattern}`)).toEqual([]);
  });
});
