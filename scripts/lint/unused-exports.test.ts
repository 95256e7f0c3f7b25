import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unusedExports } from './unused-exports';

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'unused-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('unused exports', () => {
  it('names an export no module imports, and one only its own module uses', () => {
    const root = tree({
      'client/a.ts':
        'export const used = 1;\nexport const unused = 2;\nexport function selfOnly() { return used; }\nexport const x = selfOnly();\n',
      'features/f/b.ts': "import { used, x } from '../../client/a';\nexport const y = used + x;\n",
      'e2e/t.test.ts': "import { y } from '../features/f/b';\nconsole.log(y);\n",
    });
    expect(unusedExports(root).sort()).toEqual(['client/a.ts: selfOnly', 'client/a.ts: unused']);
  });

  it('counts a namespace import, a dynamic import() and a re-export as using the module', () => {
    const root = tree({
      'client/a.ts': 'export const a1 = 1;\nexport const a2 = 2;\n',
      'client/b.ts': 'export const b1 = 1;\n',
      'client/c.ts': 'export const c1 = 1;\nexport type C = string;\n',
      'client/d.ts': "export { c1, type C } from './c';\n",
      'scripts/use.ts':
        "import * as a from '../client/a';\nvoid import('../client/b');\nimport { c1, type C } from '../client/d';\nconst k: C = String(c1);\nconsole.log(a, k);\n",
    });
    expect(unusedExports(root)).toEqual([]);
  });

  it('leaves tests and the route facts the build reads alone', () => {
    const root = tree({
      'features/f/route.ts': 'export const routes = [];\n',
      'features/f/x.test.ts': 'export const helper = 1;\n',
    });
    expect(unusedExports(root)).toEqual([]);
  });
});
