/** What the worker tests' global setup (scripts/test-stack/global-setup.ts) provides to `inject()`. */
declare module 'vitest' {
  export interface ProvidedContext {
    backendUrl: string;
    blogUrl: string;
  }
}
export {};
