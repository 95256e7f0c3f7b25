import type { TestProject } from 'vitest/node';
import { ensureChromium } from '../scripts/test-stack/chromium';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { type Backend, type Storefront, root, startBackend, startStorefront } from '../scripts/test-stack/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    storefrontUrl: string;
    backendUrl: string;
    blogUrl: string;
    mailboxUrl: string;
    apiServerPids: number[];
    apiServerPorts: number[];
    workerPid: number;
    /** production profile only: Redis's port (0 otherwise) */
    redisPort: number;
    /** production profile only: PostgreSQL's postmaster at the start (0 otherwise) */
    postgresPid: number;
    /** superadmin `user:password` of the backend under test */
    adminLogin: string;
    /** the seeded staff account (role 'Obsługa sklepu') `user:password` */
    staffLogin: string;
    chromiumPath: string;
    /** the production profile's Shop API secret ('' on SQLite): direct Shop API calls send it (decision 105) */
    shopApiSecret: string;
    /** the key of the backend's signed catalogue change calls to the storefront (decision 109) */
    catalogueHookSecret: string;
  }
}

let backend: Backend | undefined;
let storefront: Storefront | undefined;

/** Starts the whole stack for this run (never reuses a developer's running server). */
export async function setup(project: TestProject): Promise<void> {
  project.provide('chromiumPath', ensureChromium());
  // the Dashboard the backend serves at /dashboard (cached: nothing to do when its build is current)
  execFileSync(process.execPath, [join(root, 'backend/bin/dashboard.cjs')], { stdio: 'inherit' });
  backend = await startBackend();
  storefront = await startStorefront(backend);
  project.provide('storefrontUrl', storefront.url);
  project.provide('backendUrl', backend.url);
  project.provide('blogUrl', backend.blogUrl);
  project.provide('mailboxUrl', backend.mailboxUrl);
  project.provide('apiServerPids', backend.apiServerPids ?? []);
  project.provide('apiServerPorts', backend.apiServerPorts ?? []);
  project.provide('workerPid', backend.workerPid ?? 0);
  project.provide('redisPort', backend.redisPort ?? 0);
  project.provide('postgresPid', backend.postgresPid ?? 0);
  project.provide('adminLogin', backend.adminLogin);
  project.provide('staffLogin', backend.staffLogin);
  project.provide('shopApiSecret', backend.shopApiSecret ?? '');
  project.provide('catalogueHookSecret', backend.catalogueHookSecret);
}

export async function teardown(): Promise<void> {
  await storefront?.stop();
  await backend?.stop();
}
