import { describe, expect, it } from 'vitest';
import { failureExcerpt } from '../src/dev/template';

describe('a failed seed says why (npm start prints this, not only an exit code)', () => {
    it('keeps the native crash of an SQLite binding built for another Node', () => {
        const output = [
            '[seed] pictures rendered (6.1 s)',
            '[seed] products …',
            '  #  node[4422]: void node::RemoveEnvironmentCleanupHook(...) at ../src/api/hooks.cc:142',
            '  #  Assertion failed: (env) != nullptr',
            ' 4: Statement::~Statement() [.../better-sqlite3/build/Release/better_sqlite3.node]',
        ].join('\n');
        const excerpt = failureExcerpt(output);
        expect(excerpt).toContain('Assertion failed: (env) != nullptr');
        expect(excerpt).toContain('Statement::~Statement()');
        expect(excerpt).not.toContain('pictures rendered');
    });

    it('starts at the thrown error and keeps at most 12 lines', () => {
        const stack = Array.from({ length: 30 }, (_, i) => `    at frame${i} (seed.js:${i}:1)`);
        const output = ['[seed] pictures rendered (6.1 s)', "[seed] FAILED: Error: Cannot find module 'better-sqlite3'", ...stack].join(
            '\n',
        );
        const lines = failureExcerpt(output).split('\n');
        expect(lines[0]).toBe("[seed] FAILED: Error: Cannot find module 'better-sqlite3'");
        expect(lines).toHaveLength(12);
    });

    it('falls back to the last lines when no line looks like an error', () => {
        expect(failureExcerpt('one\ntwo\nthree')).toBe('one\ntwo\nthree');
    });
});
