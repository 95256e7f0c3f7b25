import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkReferences, filesToCheck, scriptComments } from './references';

const OUTSIDE_DOC = ['DESIGN', 'md'].join('.');
let roots: string[] = [];

/** A throwaway repository holding `files` (path → text). */
function fixture(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'references-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const lines = (root: string) => checkReferences(root).map((f) => `${f.file}:${f.line}: ${f.message}`);

afterEach(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
  roots = [];
});

describe('references check (scripts/lint/references.ts)', () => {
  it('does not take an empty folder for one in the repository (a fresh clone has none)', () => {
    const root = fixture({ 'worker/app.ts': '// loaders live in worker/loaders\nexport {};\n' });
    mkdirSync(join(root, 'worker/loaders'));
    expect(lines(root)).toEqual(['worker/app.ts:1: missing worker/loaders']);
  });

  it('reports a path named in a comment that is not in the repository, with its file and line', () => {
    const root = fixture({
      'client/lib/price.ts': 'export const x = 1;\n',
      'worker/app.ts': [
        '// The price helper: client/lib/price.ts',
        'const a = 1; // see client/lib/gone.ts',
        '/**',
        ' * and worker/missing/thing.ts.',
        ' */',
        'export default a;',
      ].join('\n'),
    });
    expect(lines(root)).toEqual(['worker/app.ts:2: missing client/lib/gone.ts', 'worker/app.ts:4: missing worker/missing/thing.ts']);
  });

  it('reads only comments of source files: strings and imports naming a path are not checked', () => {
    const root = fixture({
      'worker/a.tsx':
        "import x from '../client/nowhere';\nexport const p = 'client/nowhere.ts';\nexport const j = <p>client/nowhere.tsx</p>;\n",
    });
    expect(lines(root)).toEqual([]);
  });

  it('finds comments in tsx, css, shell scripts and cjs files', () => {
    const root = fixture({
      'client/A.tsx': 'export const A = () => (\n  <div>\n    {/* client/gone-a.ts */}\n  </div>\n);\n',
      'client/styles/a.css': '.a {\n  color: red; /* client/gone-b.css */\n}\n',
      'scripts/run.sh': '#!/bin/sh\necho "$#" # scripts/gone-c.sh\n',
      'backend/src/x.cjs': '// backend/src/gone-d.cjs\nmodule.exports = {};\n',
    });
    expect(lines(root)).toEqual([
      'client/A.tsx:3: missing client/gone-a.ts',
      'client/styles/a.css:2: missing client/gone-b.css',
      'backend/src/x.cjs:1: missing backend/src/gone-d.cjs',
      'scripts/run.sh:2: missing scripts/gone-c.sh',
    ]);
  });

  it('checks placeholders and patterns up to where they start', () => {
    const root = fixture({
      'features/cart/CartPage.tsx': '',
      'worker/a.ts': [
        '// features/<name>/route.ts, features/cart/Cart*.tsx, features/{cart,checkout}, features/…/x.ts',
        '// features/cart/Checkout*.tsx',
        '// nothing/<name>/here.ts is not a top folder; gone/<name>/x.ts neither',
        '// e2e/<name>.test.ts',
      ].join('\n'),
    });
    expect(lines(root)).toEqual(['worker/a.ts:2: missing features/cart/Checkout*.tsx', 'worker/a.ts:4: missing e2e/<name>.test.ts']);
  });

  it('ignores URLs, relative paths, node_modules, git-ignored outputs and two folder names in prose', () => {
    const root = fixture({
      '.gitignore': 'dist/\nbackend/dist/\n*.log\n',
      'worker/a.ts': [
        '// https://example.com/docs/gone.md and http://127.0.0.1:3000/client/x',
        '// ../client/gone.ts, ./worker/gone.ts',
        '// node_modules/client/gone.ts, backend/node_modules/x',
        '// backend/dist/src/production/api-server.js, backend/dist',
        '// the worker/client split',
      ].join('\n'),
    });
    expect(lines(root)).toEqual([]);
  });

  it('checks root files named in comments and documents, also beside the file that names them', () => {
    const root = fixture({
      'package.json': '{}',
      'backend/package.json': '{}',
      'backend/README.md': 'Scripts in package.json, settings in wrangler.toml.\n',
      'worker/a.ts': '// package.json, tsconfig.worker.json\n',
    });
    expect(lines(root)).toEqual(['worker/a.ts:1: missing tsconfig.worker.json', 'backend/README.md:1: missing wrangler.toml']);
  });

  it('checks Markdown paths and relative link targets, and skips links in code', () => {
    const root = fixture({
      'README.md': [
        '# Shop',
        'See [the architecture](docs/architecture.md#the-pipeline) and [gone](docs/gone.md).',
        'The pipeline: `worker/app.ts`; the old `client/routes.ts`.',
        '[site](https://example.com/x) [top](#shop) [abs](/pomoc/rozmiary)',
      ].join('\n'),
      'docs/architecture.md': 'Back to [the README](../README.md), [a record](decisions/001-x.md), [missing](decisions/002-y.md).\n',
      'docs/decisions/001-x.md': 'Template: `[NNN](NNN-….md)`\n\n```markdown\n- Related: [NNN](NNN-x.md)\n```\n',
      'worker/app.ts': '',
    });
    expect(lines(root)).toEqual([
      'README.md:2: missing docs/gone.md',
      'README.md:3: missing client/routes.ts',
      'docs/architecture.md:1: missing decisions/002-y.md',
    ]);
  });

  it('skips the paths a Markdown file declares as a worked example, and only there', () => {
    const root = fixture({
      'e2e/a.test.ts': '',
      'docs/how.md':
        '<!-- example paths: features/size-guide/ e2e/size-guide.test.ts -->\nAdd `features/size-guide/route.ts` and `e2e/size-guide.test.ts`; not `e2e/gone.test.ts`.\n',
      'docs/other.md': 'See `e2e/size-guide.test.ts`.\n',
    });
    expect(lines(root)).toEqual(['docs/how.md:2: missing e2e/gone.test.ts', 'docs/other.md:1: missing e2e/size-guide.test.ts']);
  });

  it('checks only the links of a record marked with the date its paths describe', () => {
    const root = fixture({
      'docs/decisions/001-x.md': '<!-- paths as of 2026-11-22 -->\nThe route table in `client/routes.ts`; see [002](002-y.md).\n',
    });
    expect(lines(root)).toEqual(['docs/decisions/001-x.md:2: missing 002-y.md']);
  });

  it('accepts a path in a Markdown file relative to its own folder (a tree of the backend in backend/README.md)', () => {
    const root = fixture({ 'backend/scripts/schema.ts': '', 'backend/README.md': '  scripts/schema.ts   npm run schema\n' });
    expect(lines(root)).toEqual([]);
  });

  it('flags a mention of a design document kept outside the repository, in comments, strings and documents', () => {
    const root = fixture({
      'worker/a.ts': `// the pipeline of ${OUTSIDE_DOC}\nexport const m = 'see ${OUTSIDE_DOC}';\n`,
      'docs/x.md': `As ${OUTSIDE_DOC} says.\n`,
      [OUTSIDE_DOC]: 'even when a copy lies at the root',
    });
    expect(lines(root)).toEqual([
      `worker/a.ts:1: missing ${OUTSIDE_DOC} (a document outside the repository)`,
      `worker/a.ts:2: missing ${OUTSIDE_DOC} (a document outside the repository)`,
      `docs/x.md:1: missing ${OUTSIDE_DOC} (a document outside the repository)`,
    ]);
  });

  it('reads the source folders, root config files, the README, docs and the backend’s Markdown', () => {
    const root = fixture({
      'README.md': '',
      'eslint.config.js': '',
      'docs/decisions/README.md': '',
      'backend/README.md': '',
      'backend/src/a.ts': '',
      'backend/test/b.ts': '',
      'client/node_modules/c.ts': '',
      'client/d.ts': '',
      'client/e.json': '',
      'redirects/README.md': '',
    });
    const { sources, markdown } = filesToCheck(root);
    expect(sources.sort()).toEqual(['backend/src/a.ts', 'client/d.ts', 'eslint.config.js']);
    expect(markdown.sort()).toEqual(['README.md', 'backend/README.md', 'docs/decisions/README.md']);
  });

  it('collects each comment once, trailing ones included', () => {
    const comments = scriptComments('a.ts', 'const a = 1; // one\n/* two */ const b = 2;\n// three\n').map((c) => c.text);
    expect(comments).toEqual(['// one', '/* two */', '// three']);
  });

  it('passes on this repository apart from what it reports (smoke: runs without throwing)', () => {
    expect(() => checkReferences(resolve(import.meta.dirname, '../..'))).not.toThrow();
  });
});
