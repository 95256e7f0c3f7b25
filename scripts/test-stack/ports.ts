import { createServer } from 'node:net';

function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A free TCP port on 127.0.0.1 (asked from the OS, then released), other than `avoid`: ports
 * chosen earlier but not yet listened on are free to the OS too, and it may hand a just-released
 * port out again (seen once: a production test stack whose API server and stand-ins got the same).
 */
export async function freePort(...avoid: number[]): Promise<number> {
  for (;;) {
    const port = await anyFreePort();
    if (!avoid.includes(port)) return port;
  }
}

/** `count` different free ports on 127.0.0.1. */
export async function freePortSet(count: number): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < count) ports.push(await freePort(...ports));
  return ports;
}
