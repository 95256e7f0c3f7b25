import type { TestProject } from 'vitest/node';
import { type Backend, startBackend } from './stack';

let backend: Backend | undefined;

/** Worker tests: one throwaway backend for the run, its URLs provided to the workerd bindings. */
export async function setup(project: TestProject): Promise<void> {
  backend = await startBackend();
  project.provide('backendUrl', backend.url);
  project.provide('blogUrl', backend.blogUrl);
}

export async function teardown(): Promise<void> {
  await backend?.stop();
}
