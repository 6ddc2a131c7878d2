import { describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db/client';
import { cachedContent, keepContent, MAX_BYTES, MAX_FILE_BYTES, TTL_MS } from '@/lib/domain/documents/content-cache';

const newDb = () => ({}) as Db;
const bytes = (n: number) => [new Uint8Array(n)];

describe('document content cache', () => {
  it('answers the kept bytes of the same id and SHA-256 only, per database', () => {
    const db = newDb();
    keepContent(db, 'd1', 'aa', bytes(10), 10, 1_000);
    expect(cachedContent(db, 'd1', 'aa', 1_001)).toMatchObject({ size: 10 });
    expect(cachedContent(newDb(), 'd1', 'aa', 1_001)).toBeNull();
    expect(cachedContent(db, 'd2', 'aa', 1_001)).toBeNull();
    // Another SHA-256 is another content: not answered, and dropped.
    expect(cachedContent(db, 'd1', 'bb', 1_001)).toBeNull();
    expect(cachedContent(db, 'd1', 'aa', 1_001)).toBeNull();
  });

  it('forgets an entry TTL_MS after it was read from the database', () => {
    const db = newDb();
    keepContent(db, 'd1', 'aa', bytes(10), 10, 1_000);
    expect(cachedContent(db, 'd1', 'aa', 1_000 + TTL_MS - 1)).not.toBeNull();
    expect(cachedContent(db, 'd1', 'aa', 1_000 + TTL_MS)).toBeNull();
  });

  it('keeps at most MAX_BYTES, the least recently used out first, and no file over MAX_FILE_BYTES', () => {
    const db = newDb();
    const size = MAX_FILE_BYTES;
    const count = MAX_BYTES / size;
    for (let i = 0; i < count; i++) keepContent(db, `d${i}`, 'aa', bytes(0), size, 1_000);
    expect(cachedContent(db, 'd0', 'aa', 1_001)).not.toBeNull(); // d0 is now the most recent
    keepContent(db, 'new', 'aa', bytes(0), size, 1_002);
    expect(cachedContent(db, 'd1', 'aa', 1_003)).toBeNull();
    expect(cachedContent(db, 'd0', 'aa', 1_003)).not.toBeNull();
    expect(cachedContent(db, 'new', 'aa', 1_003)).not.toBeNull();
    keepContent(db, 'huge', 'aa', bytes(0), MAX_FILE_BYTES + 1, 1_004);
    expect(cachedContent(db, 'huge', 'aa', 1_005)).toBeNull();
  });
});
