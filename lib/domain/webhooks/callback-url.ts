/**
 * Which callback URLs a webhook may be sent to. Private, loopback, link-local and metadata-range
 * addresses are refused unless ALLOW_PRIVATE_CALLBACKS=true (development and tests).
 */
import net from 'node:net';

export const privateCallbacksAllowed = () => process.env.ALLOW_PRIVATE_CALLBACKS === 'true';

function ipv4ToInt(ip: string): number {
  return ip.split('.').reduce((n, part) => (n << 8) + Number(part), 0) >>> 0;
}

const V4_BLOCKS: Array<[string, number]> = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16],
  ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
];

/** True for an address that must not receive webhooks (private, loopback, link-local, metadata, multicast). */
export function isPrivateAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return isPrivateAddress(mapped[1]);
  if (net.isIPv4(ip)) {
    const n = ipv4ToInt(ip);
    return V4_BLOCKS.some(([base, bits]) => (n >>> (32 - bits)) === (ipv4ToInt(base) >>> (32 - bits)));
  }
  if (net.isIPv6(ip)) {
    const lower = ip.toLowerCase();
    return lower === '::' || lower === '::1' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower) || /^ff/.test(lower);
  }
  return false;
}

/** A reason the URL is refused at order creation, or null when it is acceptable. */
export function callbackUrlProblem(raw: string): string | null {
  if (privateCallbacksAllowed()) return null;
  const url = new URL(raw);
  if (url.protocol !== 'https:') return 'callback.url must use https.';
  if (url.username || url.password) return 'callback.url must not carry credentials.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) ? isPrivateAddress(host) : /(^|\.)(localhost|local|internal|localdomain)$/i.test(host))
    return 'callback.url points to a private, loopback or link-local address, which is not allowed.';
  return null;
}
