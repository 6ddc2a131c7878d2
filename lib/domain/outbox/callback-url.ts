/**
 * Which callback URLs a webhook may be sent to: only public unicast addresses, unless
 * ALLOW_PRIVATE_CALLBACKS=true (development and tests). The same classifier runs when an order is
 * created (on the URL's host) and at every delivery attempt (on every address the host resolves to).
 *
 * Addresses are classified by ipaddr.js's range tables, not by hand. IPv6 forms that carry an IPv4
 * address a host or gateway would reach (IPv4-mapped, IPv4-translated, NAT64 64:ff9b::/96, 6to4) are
 * judged by that IPv4 address.
 */
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { env } from '@/lib/config/env';

export const privateCallbacksAllowed = () => env.ALLOW_PRIVATE_CALLBACKS;

/** IANA's global unicast space (2000::/3): anything else in IPv6 is reserved or special. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parse('2000::');

const ipv4From = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/**
 * The IPv4 address an IPv6 address stands for, when packets to it end up at that IPv4 address:
 * `undefined` when it embeds none, `null` when it embeds one we cannot place (refused).
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null | undefined {
  const p = address.parts;
  switch (address.range()) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d, also written ::ffff:7f00:1
    case 'rfc6145': // ::ffff:0:a.b.c.d (IPv4-translated)
      return ipv4From(p[6], p[7]);
    case 'rfc6052':
      // The well-known NAT64 prefix 64:ff9b::/96 keeps the IPv4 in the last 32 bits; the local-use
      // 64:ff9b:1::/48 may place it anywhere the operator chose, and only routes inside a network.
      return p[2] === 0 ? ipv4From(p[6], p[7]) : null;
    case '6to4': // 2002:AABB:CCDD::/48 routes to the IPv4 AA.BB.CC.DD
      return ipv4From(p[1], p[2]);
    case 'teredo': // 2001::/32 tunnels to a server and an obfuscated client address: refuse outright
      return null;
    default:
      return undefined;
  }
}

/**
 * One canonical spelling (hex groups only) from the WHATWG host parser, then ipaddr.js: ipaddr.js
 * reads the deprecated `::a.b.c.d` as `::ffff:a.b.c.d`, which is a different address.
 */
function parseIPv6(ip: string): ipaddr.IPv6 | null {
  try {
    return ipaddr.IPv6.parse(new URL(`http://[${ip}]/`).hostname.slice(1, -1));
  } catch {
    return null;
  }
}

/**
 * True only for a plain public unicast address. Everything else is refused: loopback, private,
 * link-local, unique-local, carrier-grade NAT, multicast, broadcast, unspecified, documentation,
 * benchmarking and other reserved ranges, zone-scoped addresses, the deprecated IPv4-compatible
 * `::a.b.c.d`, and any IPv6 outside 2000::/3. Anything that is not an IP address is refused too.
 */
export function isPublicAddress(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 4) return ipaddr.IPv4.parse(ip).range() === 'unicast';
  // A zone index only means something for link-local scope.
  if (family !== 6 || ip.includes('%')) return false;
  const address = parseIPv6(ip);
  if (!address) return false;
  const v4 = embeddedIPv4(address);
  if (v4 !== undefined) return v4 !== null && v4.range() === 'unicast';
  return address.range() === 'unicast' && address.match(GLOBAL_UNICAST_V6, 3);
}

/** Host names that only ever mean this machine or a private network. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

/** A reason the URL is refused at order creation, or null when it is acceptable. */
export function callbackUrlProblem(raw: string): string | null {
  if (privateCallbacksAllowed()) return null;
  // WHATWG parsing first: it rewrites 2130706433, 0x7f.1 and 127.1 to 127.0.0.1, and
  // [::ffff:127.0.0.1] to [::ffff:7f00:1]; the check runs on what a client would connect to.
  const url = new URL(raw);
  if (url.protocol !== 'https:') return 'callback.url must use https.';
  if (url.username || url.password) return 'callback.url must not carry credentials.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const refused = net.isIP(host)
    ? !isPublicAddress(host)
    : // A trailing dot (localhost.) names the same host; a single label (metadata, intranet) is
      // completed by the resolver's search domains, so it never names a public host.
      LOCAL_NAME.test(host.replace(/\.$/, '')) || !host.replace(/\.$/, '').includes('.');
  return refused
    ? 'callback.url must name a public host: private, loopback, link-local and reserved addresses and local names are not allowed.'
    : null;
}
