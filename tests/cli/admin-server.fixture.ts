/**
 * A stand-in for scripts/server.mjs in the CLI tests: holds the embedded database the way the server
 * does (lib/admin/server.ts, as instrumentation.ts calls it) and serves the real admin route module
 * over node:http. `hold` mode only takes the lock, like a process without an admin channel.
 * Prints `ready <port>` when the CLI may talk to it.
 */
import http from 'node:http';
import { POST } from '@/app/api/internal/admin/route';
import { startServerDatabase } from '@/lib/admin/server';
import { configFromEnv } from '@/lib/db/client';
import { acquireDataDirLock } from '@/lib/db/pglite-lock';
import { annotateRequest, trustedHopsFromEnv } from '../../scripts/lib/request-origin.mjs';

if (process.argv[2] === 'hold') {
  acquireDataDirLock(configFromEnv().dataDir!);
  console.log('ready 0');
  setInterval(() => {}, 60_000);
} else {
  const server = http.createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/api/internal/admin') {
      res.writeHead(404).end();
      return;
    }
    annotateRequest(req, trustedHopsFromEnv()); // as scripts/server.mjs does
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const response = await POST(new Request(`http://${req.headers.host}${req.url}`, { method: 'POST', headers, body: Buffer.concat(chunks) }));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  server.listen(0, '127.0.0.1', async () => {
    const { port } = server.address() as { port: number };
    await startServerDatabase({ port });
    console.log(`ready ${port}`);
  });
}
process.on('SIGTERM', () => process.exit(0));
