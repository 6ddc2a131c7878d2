/**
 * Request ids: UUID version 7 (RFC 9562: 48 bits of Unix milliseconds, then random bits), the same
 * form as every other id of the service (lib/ids.ts), made without a call into the system's random
 * source per request: random bytes are drawn 4 KiB at a time. Request ids need to be unique, not
 * ordered within a millisecond, so there is no counter.
 */
import { randomFillSync } from 'node:crypto';

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const pool = Buffer.allocUnsafe(4096);
let next = pool.length;

export function newRequestId(now = Date.now()): string {
  if (next + 10 > pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  const r = pool;
  const i = next;
  next += 10;
  // 48 bits of milliseconds (below 2^53: exact as a double), byte by byte.
  const high = Math.floor(now / 0x1_0000_0000);
  const low = now >>> 0;
  return (
    HEX[(high >>> 8) & 0xff] + HEX[high & 0xff] + HEX[low >>> 24] + HEX[(low >>> 16) & 0xff] + '-' + HEX[(low >>> 8) & 0xff] + HEX[low & 0xff] +
    // version 7, then 12 random bits
    '-7' + HEX[r[i] & 0x0f][1] + HEX[r[i + 1]] +
    // variant 0b10, then 62 random bits
    '-' + HEX[(r[i + 2] & 0x3f) | 0x80] + HEX[r[i + 3]] +
    '-' + HEX[r[i + 4]] + HEX[r[i + 5]] + HEX[r[i + 6]] + HEX[r[i + 7]] + HEX[r[i + 8]] + HEX[r[i + 9]]
  );
}
