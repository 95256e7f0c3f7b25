declare module 'autocannon' {
  interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats?: Record<string, { count: number }>;
  }
  /** The running test: a promise of its result that also emits each response (status, bytes, latency in ms). */
  interface Instance extends Promise<Result> {
    on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): this;
  }
  function autocannon(options: Record<string, unknown>): Instance;
  export default autocannon;
}
