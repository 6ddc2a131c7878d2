/**
 * Determinism helpers of the demo seed: ids derived from readable names, and a seeded PRNG.
 * Nothing here reads the clock or `Math.random`, so every run produces the same rows.
 */
import { createHash } from 'node:crypto';

/** A UUID-formatted id (version 8, "custom") derived from a readable name such as `acme/company/primary`. */
export function seedId(name: string): string {
  const h = createHash('sha256').update(`dto-seed:${name}`).digest('hex');
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** `n` deterministic bytes derived from a name (secrets, salts). */
export function seedBytes(name: string, n = 32): Buffer {
  const out: Buffer[] = [];
  for (let i = 0; out.length * 32 < n; i++) out.push(createHash('sha256').update(`dto-seed-bytes:${name}:${i}`).digest());
  return Buffer.concat(out).subarray(0, n);
}

function hashString(s: string): number {
  return createHash('sha256').update(s).digest().readUInt32LE(0);
}

/** mulberry32 with a few conveniences; one stream per purpose so that streams do not shift each other. */
export class Rng {
  private state: number;

  constructor(seed: string | number) {
    this.state = (typeof seed === 'number' ? seed : hashString(seed)) >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Rng.pick on an empty list');
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks by weight: `[[value, weight], ...]`. */
  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return entries[entries.length - 1][0];
  }

  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }

  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(this.int(0, 9));
    return s;
  }

  chars(alphabet: string, n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[this.int(0, alphabet.length - 1)];
    return s;
  }
}

/** The fixed "now" of the demo data: every seeded date lies at or before it. */
export const ANCHOR = new Date('2026-11-01T00:00:00.000Z');

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export function daysBefore(days: number, from: Date = ANCHOR): Date {
  return new Date(from.getTime() - days * DAY);
}
