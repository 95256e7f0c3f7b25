import { describe, expect, it } from 'vitest';
import { SESSION_DURATION_SECONDS } from '../../backend/src/plugins/account-security/session-duration';
import { SESSION_MAX_AGE_SECONDS } from '../../worker/shop/session';

describe('session lifetime (decision 105)', () => {
  it("the worker's session cookie lives exactly as long as Vendure's session without use: 30 days", () => {
    expect(SESSION_MAX_AGE_SECONDS).toBe(SESSION_DURATION_SECONDS);
    expect(SESSION_DURATION_SECONDS).toBe(30 * 24 * 60 * 60);
  });
});
