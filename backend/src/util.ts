import * as net from 'net';

/** Asks the OS for a free TCP port on 127.0.0.1. */
export function getFreePort(host = '127.0.0.1'): Promise<number> {
    return new Promise((resolve, reject) => {
        const server = net.createServer();
        server.unref();
        server.on('error', reject);
        server.listen(0, host, () => {
            const address = server.address();
            const port = typeof address === 'object' && address ? address.port : 0;
            server.close(() => resolve(port));
        });
    });
}

/** Date in the format TypeORM writes to SQLite datetime columns: 'YYYY-MM-DD HH:MM:SS.SSS' (UTC). */
export function sqliteDate(d: Date): string {
    return d.toISOString().replace('T', ' ').replace('Z', '');
}
