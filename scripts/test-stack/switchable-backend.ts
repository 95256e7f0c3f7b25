import { createServer, request, type Server } from 'node:http';
import type { Socket } from 'node:net';

export type BackendMode = 'up' | 'refuse' | 'hang';

/**
 * A pass-through in front of the test backend that a test can take down and bring back through
 * its control server (`POST <control>/up|refuse|hang`): `refuse` stops listening, so connections
 * are refused (the backend unreachable); `hang` accepts and never answers (the backend frozen).
 * The circuit-breaker tests (worker/shop/breaker.test.ts) point the worker at it; loopback only.
 */
export async function startSwitchableBackend(target: string): Promise<{ url: string; control: string; stop(): Promise<void> }> {
  let mode: BackendMode = 'up';
  const sockets = new Set<Socket>();
  const data: Server = createServer((req, res) => {
    if (mode === 'hang') return; // answered never; the socket closes on the caller's timeout or on stop()
    const upstream = request(
      `${target}${req.url}`,
      { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
      (answer) => {
        // No keep-alive: a pooled connection would outlive a 'refuse' and fail the first calls after 'up'.
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, connection: 'close' });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  data.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const listen = (server: Server, port = 0) =>
    new Promise<number>((resolve) => server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
  const port = await listen(data);
  const control = createServer(async (req, res) => {
    const next = /^\/(up|refuse|hang)$/.exec(req.url ?? '')?.[1] as BackendMode | undefined;
    if (next && next !== mode) {
      if (next === 'refuse') {
        await new Promise<void>((resolve) => {
          data.close(() => resolve());
          for (const socket of sockets) socket.destroy();
        });
      } else if (mode === 'refuse') await listen(data, port);
      if (next === 'up') for (const socket of sockets) socket.destroy(); // hung requests end now
      mode = next;
    }
    res.end(mode);
  });
  const controlPort = await listen(control);
  return {
    url: `http://127.0.0.1:${port}`,
    control: `http://127.0.0.1:${controlPort}`,
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => control.close(() => resolve()));
      if (mode !== 'refuse') await new Promise<void>((resolve) => data.close(() => resolve()));
    },
  };
}
