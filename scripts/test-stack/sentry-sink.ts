import { createServer } from 'node:http';
import { gunzipSync } from 'node:zlib';

/**
 * A local stand-in for Sentry's ingest: keeps every envelope POSTed to `/api/<project>/envelope/`
 * and lists them at `GET /envelopes` (JSON array of their raw text). The DSN to give the worker is
 * `http://public@127.0.0.1:<port>/1`. Loopback only; nothing leaves the machine.
 */
export async function startSentrySink(): Promise<{ dsn: string; url: string; stop(): Promise<void> }> {
  const envelopes: string[] = [];
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/envelopes') {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(envelopes));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      envelopes.push((req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8'));
      res.setHeader('Content-Type', 'application/json');
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    dsn: `http://public@127.0.0.1:${port}/1`,
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
