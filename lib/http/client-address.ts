/**
 * Who is on the other end of a request. Only scripts/server.mjs knows the socket: it passes the
 * socket's address (`x-dto-peer-address`) and the client's (`x-dto-client-address`, after the
 * `TRUST_PROXY` hops) as headers, dropping any a client sent. Without that server in this process
 * (`next dev`), no address can be trusted and every caller counts as one, `unknown`: a shared
 * budget is safe, a forged one is not. X-Forwarded-For is never read here.
 */
import { BlockList, isIP } from 'node:net';
import { runtime } from '@/lib/runtime';

export const CLIENT_ADDRESS_HEADER = 'x-dto-client-address';
export const PEER_ADDRESS_HEADER = 'x-dto-peer-address';

type HeaderSource = Headers | Record<string, string | string[] | undefined> | undefined;

const behindOurServer = () => runtime().servedByOurServer === true;

function header(source: HeaderSource, name: string): string | undefined {
  if (!source) return undefined;
  if (source instanceof Headers) return source.get(name) ?? undefined;
  const value = source[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The client's address, for rate limits and logs. */
export function clientAddress(headers: HeaderSource): string {
  return (behindOurServer() && header(headers, CLIENT_ADDRESS_HEADER)) || 'unknown';
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');
loopback.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');

export function isLoopbackAddress(address: string | undefined): boolean {
  const family = address ? isIP(address) : 0;
  return family !== 0 && loopback.check(address!, family === 4 ? 'ipv4' : 'ipv6');
}

/** True when the socket and the client are both this machine (a proxy on it counts as remote). */
export function isLocalRequest(headers: HeaderSource): boolean {
  return behindOurServer() && isLoopbackAddress(header(headers, PEER_ADDRESS_HEADER)) && isLoopbackAddress(header(headers, CLIENT_ADDRESS_HEADER));
}
