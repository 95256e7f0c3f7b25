import { createServer, request, type Server } from 'node:http';
import type { Socket } from 'node:net';

export type BackendMode = 'up' | 'refuse' | 'hang';

/**
 * A pass-through in front of the test backend that a test can take down and bring back
 * (`POST /__switch/up|refuse|hang`): `refuse` drops every connection at once (the backend
 * unreachable), `hang` accepts and never answers (the backend frozen). The circuit-breaker
 * tests (worker/shop/breaker.test.ts) point the worker at it; loopback only.
 */
export async function startSwitchableBackend(target: string): Promise<{ url: string; stop(): Promise<void> }> {
  let mode: BackendMode = 'up';
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const control = /^\/__switch\/(up|refuse|hang)$/.exec(req.url ?? '');
    if (control) {
      mode = control[1] as BackendMode;
      res.end(mode);
      return;
    }
    if (mode === 'refuse') {
      req.socket.destroy();
      return;
    }
    if (mode === 'hang') return; // answered never; the socket is closed by the caller's timeout or by stop()
    const upstream = request(`${target}${req.url}`, { method: req.method, headers: { ...req.headers, host: new URL(target).host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
