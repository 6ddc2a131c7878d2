/**
 * The production HTTP server: Next.js's request handler behind a plain `node:http` server, so that
 * what only the socket knows reaches the app as headers no client can forge.
 *
 * - `x-dto-peer-address`: the socket's remote address.
 * - `x-dto-client-address`: the client's address. The socket's, unless `TRUST_PROXY=<n>` says that
 *   n reverse proxies stand in front (scripts/lib/request-origin.mjs). Next.js keeps a client's own
 *   X-Forwarded-For as it came, so that header alone can never be trusted.
 * - Any value a client sent for either header is dropped first. The app reads them only when this
 *   server runs in its process (`servedByOurServer` of lib/runtime.ts, lib/http/client-address.ts).
 * - A path with malformed percent-encoding is answered 400 here (Next.js would answer 500).
 * - Headers that depend on the environment are decided here, at run time, not by `next build`:
 *   HSTS when `APP_ENV=production`.
 *
 * Usage: `node scripts/server.mjs` with PORT (default 3000) and HOSTNAME (default all interfaces).
 * Idle keep-alive connections stay open 65 s (longer than the 60 s idle timeout of common load
 * balancers, so that they close first; a client reusing a connection the server is closing gets
 * ECONNRESET).
 */
import http from 'node:http';
import path from 'node:path';
import next from 'next';
import { serverSettings, setProcessEnv, setProcessEnvDefault } from '../lib/config/server-process.mjs';
import { annotateRequest, trustedHopsFromEnv } from './lib/request-origin.mjs';

const dir = path.resolve(import.meta.dirname, '..');
// Read by plain JavaScript (lib/config/server-process.mjs); env.ts validates them when Next.js starts.
const { port, hostname, appEnv } = serverSettings();
setProcessEnv('PORT', String(port));
setProcessEnvDefault('NODE_ENV', 'production');

const trustedHops = trustedHopsFromEnv();
const hsts = appEnv === 'production' ? 'max-age=63072000; includeSubDomains' : null;

const app = next({ dev: false, dir, port, hostname });
const handle = app.getRequestHandler();
await app.prepare();

/** A path whose percent-encoding is not valid UTF-8 (`%ZZ`, `%ED%A0%80`), which Next.js answers with a 500. */
function malformedPath(url) {
  try {
    decodeURIComponent((url ?? '/').split('?')[0]);
    return false;
  } catch {
    return true;
  }
}

function badPath(req, res) {
  const detail = 'The request path is not valid percent-encoded UTF-8.';
  if ((req.url ?? '').startsWith('/api/')) {
    const body = { statusCode: 400, error: 'Bad Request', errors: [{ code: 'badRequest', detail }] };
    res.writeHead(400, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }).end(JSON.stringify(body));
  } else res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`400 Bad Request: ${detail}\n`);
}

const server = http.createServer((req, res) => {
  annotateRequest(req, trustedHops);
  if (hsts) res.setHeader('Strict-Transport-Security', hsts);
  if (malformedPath(req.url)) return badPath(req, res);
  void handle(req, res);
});
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(port, hostname, () => {
  console.log(`server listening on http://${hostname ?? 'localhost'}:${port} (APP_ENV=${appEnv}, trusted proxy hops: ${trustedHops})`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections?.();
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
