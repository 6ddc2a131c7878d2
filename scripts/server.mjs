/**
 * The production HTTP server: Next.js's request handler behind a plain `node:http` server, so that
 * what only the socket knows reaches the app as headers no client can forge.
 *
 * - `x-dto-peer-address`: the socket's remote address.
 * - `x-dto-client-address`: the client's address. The socket's, unless `TRUST_PROXY=<n>` says that
 *   n reverse proxies stand in front: then the n-th address from the right of X-Forwarded-For
 *   (each trusted proxy appends the address it saw). Next.js keeps a client's own X-Forwarded-For
 *   as it came, so that header alone can never be trusted.
 * - Any value a client sent for either header is dropped first. The app reads them only when this
 *   server runs in its process (`globalThis[Symbol.for('dto.server')]`, lib/http/client-address.ts).
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

const dir = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 3000);
process.env.PORT = String(port);
const hostname = process.env.HOSTNAME || undefined;
process.env.NODE_ENV ??= 'production';

/** The number of trusted proxy hops; the env schema (lib/config/env.ts) has validated it at start-up. */
const trustedHops = Math.max(0, Number.parseInt(process.env.TRUST_PROXY ?? '0', 10) || 0);
const hsts = process.env.APP_ENV === 'production' ? 'max-age=63072000; includeSubDomains' : null;

/** The client's address: the socket's, or the one the outermost trusted proxy recorded. */
export function clientAddressOf(peer, forwardedFor, hops) {
  if (hops === 0 || !forwardedFor) return peer;
  const chain = forwardedFor.split(',').map((part) => part.trim()).filter(Boolean);
  // chain[-1] was appended by the proxy nearest to us; `hops` proxies each appended one address.
  return chain[Math.max(0, chain.length - hops)] ?? peer;
}

globalThis[Symbol.for('dto.server')] = true;
const app = next({ dev: false, dir, port, hostname });
const handle = app.getRequestHandler();
await app.prepare();

const server = http.createServer((req, res) => {
  const peer = req.socket.remoteAddress ?? 'unknown';
  const forwardedFor = req.headers['x-forwarded-for'];
  req.headers['x-dto-peer-address'] = peer;
  req.headers['x-dto-client-address'] = clientAddressOf(peer, Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor, trustedHops);
  if (hsts) res.setHeader('Strict-Transport-Security', hsts);
  void handle(req, res);
});
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(port, hostname, () => {
  console.log(`server listening on http://${hostname ?? 'localhost'}:${port} (APP_ENV=${process.env.APP_ENV ?? 'staging'}, trusted proxy hops: ${trustedHops})`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections?.();
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
