import { WORKER_TESTS, WORKER_UNIT_TESTS, workersTestConfig } from './scripts/test-stack/workers-config.ts';

/**
 * Worker tests against the backend: run inside workerd, reaching the throwaway Vendure backend
 * and blog + InPost stand-in started by the global setup. Every `*.test.ts` under worker/ except
 * the `*.unit.test.ts` ones (vitest.worker-unit.config.ts).
 */
export default workersTestConfig({
  include: WORKER_TESTS,
  exclude: WORKER_UNIT_TESTS,
  globalSetup: ['./scripts/test-stack/global-setup.ts'],
  standIns: (inject) => ({ backendUrl: inject('backendUrl'), blogUrl: inject('blogUrl') }),
});
