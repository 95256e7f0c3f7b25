import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SESSION_MAX_AGE_SECONDS } from '../../worker/shop/session';

/**
 * The backend's SESSION_DURATION_SECONDS (Vendure's authOptions.sessionDuration), read from its source:
 * the backend is its own TypeScript project, which the worker's and the scripts' cannot import.
 */
function backendSessionSeconds(): number {
  const file = join(import.meta.dirname, '../../backend/src/plugins/account-security/session-duration.ts');
  const expression = /export const SESSION_DURATION_SECONDS = ([\d\s*]+);/.exec(readFileSync(file, 'utf8'))?.[1];
  if (!expression) throw new Error(`no SESSION_DURATION_SECONDS = a * b * … in ${file}`);
  return expression.split('*').reduce((product, factor) => product * Number(factor.trim()), 1);
}

describe('session lifetime (decision 105)', () => {
  it("the worker's session cookie lives exactly as long as Vendure's session without use: 30 days", () => {
    expect(SESSION_MAX_AGE_SECONDS).toBe(backendSessionSeconds());
    expect(SESSION_MAX_AGE_SECONDS).toBe(30 * 24 * 60 * 60);
  });
});
