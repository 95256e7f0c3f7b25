import { WORKER_UNIT_TESTS, workersTestConfig } from './scripts/test-stack/workers-config.ts';

/** Nothing listens on port 9 (discard): a unit test that reaches for the backend fails at once. */
const CLOSED = 'http://127.0.0.1:9';

/**
 * Worker tests that need no backend (`*.unit.test.ts` under worker/): run inside workerd with
 * wrangler.toml's bindings and local KV, no global setup, so they run in seconds. The backend,
 * blog and InPost bindings point at a closed port; a test that needs them belongs in a plain
 * `*.test.ts` (vitest.workers.config.ts).
 */
export default workersTestConfig({
  include: WORKER_UNIT_TESTS,
  standIns: () => ({ backendUrl: CLOSED, blogUrl: CLOSED }),
});
