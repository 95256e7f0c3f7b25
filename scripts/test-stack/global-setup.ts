import type { TestProject } from 'vitest/node';
import { startSentrySink } from './sentry-sink';
import { type Backend, startBackend } from './stack';
import { startSwitchableBackend } from './switchable-backend';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the production profile's Shop API secret, given to the worker as SHOP_API_SECRET (decision 105); '' on SQLite */
    shopApiSecret: string;
    /** the backend's catalogue hook key, given to the worker as CATALOGUE_HOOK_SECRET (decision 109) */
    catalogueHookSecret: string;
  }
}

let backend: Backend | undefined;
const stops: Array<() => Promise<void>> = [];

/**
 * Worker tests: one throwaway backend for the run, its URLs provided to the workerd bindings;
 * a switchable pass-through in front of it (the circuit-breaker tests) and a local Sentry sink.
 */
export async function setup(project: TestProject): Promise<void> {
  backend = await startBackend();
  project.provide('backendUrl', backend.url);
  project.provide('blogUrl', backend.blogUrl);
  project.provide('shopApiSecret', backend.shopApiSecret ?? '');
  project.provide('catalogueHookSecret', backend.catalogueHookSecret);
  const switchable = await startSwitchableBackend(backend.url);
  stops.push(switchable.stop);
  project.provide('switchableBackend', { url: switchable.url, control: switchable.control });
  const sink = await startSentrySink();
  stops.push(sink.stop);
  project.provide('sentrySink', { dsn: sink.dsn, url: sink.url });
}

export async function teardown(): Promise<void> {
  for (const stop of stops) await stop();
  await backend?.stop();
}
