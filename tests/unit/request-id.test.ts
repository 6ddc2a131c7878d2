import { describe, expect, it } from 'vitest';
import { newRequestId } from '@/lib/http/request-id';

describe('newRequestId', () => {
  it('is a UUID version 7 with the millisecond timestamp and the RFC 9562 variant', () => {
    const now = Date.UTC(2026, 10, 24, 12, 0, 0, 123);
    const id = newRequestId(now);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(now);
  });

  it('encodes the earliest and latest 48-bit timestamps', () => {
    expect(newRequestId(0).slice(0, 13)).toBe('00000000-0000');
    expect(newRequestId(2 ** 48 - 1).slice(0, 13)).toBe('ffffffff-ffff');
  });

  it('does not repeat within one millisecond, across refills of the random pool', () => {
    const now = Date.now();
    const ids = new Set(Array.from({ length: 5000 }, () => newRequestId(now)));
    expect(ids.size).toBe(5000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
