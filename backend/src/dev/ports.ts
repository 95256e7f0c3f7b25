import { createServer } from 'node:net';

function anyFreePort(host: string): Promise<number> {
    return new Promise((resolve, reject) => {
        const server = createServer();
        server.unref();
        server.on('error', reject);
        server.listen(0, host, () => {
            const address = server.address();
            const port = typeof address === 'object' && address ? address.port : 0;
            server.close(() => resolve(port));
        });
    });
}

/**
 * A free TCP port on `host` (asked from the OS, then released), other than `avoid`: ports chosen
 * earlier but not yet listened on are free to the OS too, and it may hand a just-released port
 * out again (seen once: a production test stack whose API server and stand-ins got the same).
 * The one port finder of the repo: the backend's dev server, seed and test setup, and the
 * storefront's scripts, test stacks and end-to-end tests (scripts/ imports this file).
 */
export async function freePort(avoid: readonly number[] = [], host = '127.0.0.1'): Promise<number> {
    for (;;) {
        const port = await anyFreePort(host);
        if (!avoid.includes(port)) return port;
    }
}

/** `count` different free ports on `host`. */
export async function freePortSet(count: number, host = '127.0.0.1'): Promise<number[]> {
    const ports: number[] = [];
    while (ports.length < count) ports.push(await freePort(ports, host));
    return ports;
}
