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

/**
 * Small deterministic pseudo-random numbers (mulberry32): fixtures and seeds that must come out
 * the same on every start (InPost stand-in lockers, seeded reviews).
 */
export function mulberry32(seed: number): () => number {
    let a = seed >>> 0;
    return () => {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}
