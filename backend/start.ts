/**
 * Entry point of the start contract: `node backend/dist/start.js` (see src/dev/dev-server.ts and README).
 */
import { main } from './src/dev/dev-server';

main().catch(err => {
    process.stderr.write(`[backend] start failed: ${err?.message ?? err}\n`);
    if (process.env.BACKEND_DEBUG) process.stderr.write(String(err?.stack) + '\n');
    process.exit(1);
});
