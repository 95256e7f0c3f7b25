/** What the worker tests' global setup (scripts/test-stack/global-setup.ts) provides to `inject()`. */
declare module 'vitest' {
  export interface ProvidedContext {
    backendUrl: string;
    blogUrl: string;
    /** a pass-through to the backend (`url`) that `POST <control>/up|refuse|hang` takes down and brings back */
    switchableBackend: { url: string; control: string };
    /** the local Sentry stand-in: the DSN to configure, and where `GET /envelopes` lists what arrived */
    sentrySink: { dsn: string; url: string };
  }
}
export {};
