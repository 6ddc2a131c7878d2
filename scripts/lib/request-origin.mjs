/**
 * What only the socket knows, passed to the app as request headers (read by
 * lib/http/client-address.ts). Used by scripts/server.mjs and by the CLI tests' stand-in server.
 */
import { trustedProxyHops } from '../../lib/config/server-process.mjs';

/** The number of trusted reverse-proxy hops (`TRUST_PROXY`, validated at start-up by lib/config/env.ts). */
export const trustedHopsFromEnv = () => trustedProxyHops();

/**
 * The client's address: the socket's, or with `hops` trusted proxies in front, the address the
 * outermost of them recorded — the `hops`-th entry from the right of X-Forwarded-For (each proxy
 * appends the address it saw). Entries left of it were written by the client and prove nothing.
 */
export function clientAddressOf(peer, forwardedFor, hops) {
  if (hops === 0 || !forwardedFor) return peer;
  const chain = forwardedFor.split(',').map((part) => part.trim()).filter(Boolean);
  return chain[Math.max(0, chain.length - hops)] ?? peer;
}

/**
 * Marks this process as served through here (`servedByOurServer` on the process's runtime,
 * lib/runtime.ts, on the one key it lives under: plain JavaScript cannot import it), and sets the
 * two headers, dropping a client's copies (and its X-Forwarded-Host unless a proxy is trusted).
 */
export function annotateRequest(req, hops) {
  (globalThis[Symbol.for('dto.runtime')] ??= {}).servedByOurServer = true;
  const peer = req.socket.remoteAddress ?? 'unknown';
  const forwarded = req.headers['x-forwarded-for'];
  req.headers['x-dto-peer-address'] = peer;
  req.headers['x-dto-client-address'] = clientAddressOf(peer, Array.isArray(forwarded) ? forwarded.join(',') : forwarded, hops);
  // Which host the client addressed is the proxy's to say: without one, a client's X-Forwarded-Host
  // would let a foreign Origin pass the same-origin checks (lib/http/same-origin.ts, Next.js's server actions).
  if (hops === 0) delete req.headers['x-forwarded-host'];
}
