/**
 * Recently downloaded document contents, in the server's memory, so that a download that repeats
 * (the customer's system fetching a letter its webhook announced, the dashboard opening it inline,
 * a retry) does not read the bytes from the database again.
 *
 * Reading 1 MiB of bytea costs PostgreSQL ~5 ms to hex-encode it (node-postgres reads results as
 * text only) and Node.js ~4 ms to decode it again, more than everything else a download does.
 * Contents never change: a document's bytes are written once, with their SHA-256, and only
 * removed by `retention purge`. Every download still checks access, the purge (`purged_at`) and
 * writes its audit entry in the database (lib/domain/documents/queries.ts); only the bytes come
 * from here, and only when their SHA-256 is the document's.
 *
 * Bounded: at most MAX_BYTES in all, files of at most MAX_FILE_BYTES, least recently used out
 * first, and no entry older than TTL_MS (purged bytes do not linger in memory).
 */
import type { Db } from '@/lib/db/client';

export const MAX_BYTES = 64 * 1024 * 1024;
export const MAX_FILE_BYTES = 8 * 1024 * 1024;
export const TTL_MS = 60_000;

interface Entry {
  sha256: string;
  parts: Uint8Array[];
  size: number;
  at: number;
}

interface Cache {
  entries: Map<string, Entry>;
  bytes: number;
}

// Per database handle (a test process opens several databases holding the same ids).
const caches = new WeakMap<Db, Cache>();

function cacheOf(db: Db): Cache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = { entries: new Map(), bytes: 0 }));
  return cache;
}

function remove(cache: Cache, id: string) {
  const entry = cache.entries.get(id);
  if (!entry) return;
  cache.entries.delete(id);
  cache.bytes -= entry.size;
}

/** The bytes of document `id` whose SHA-256 is `sha256`, if kept and fresh. */
export function cachedContent(db: Db, id: string, sha256: string, now = Date.now()): { parts: Uint8Array[]; size: number } | null {
  const cache = cacheOf(db);
  const entry = cache.entries.get(id);
  if (!entry) return null;
  if (entry.sha256 !== sha256 || now - entry.at >= TTL_MS) {
    remove(cache, id);
    return null;
  }
  // Most recently used last.
  cache.entries.delete(id);
  cache.entries.set(id, entry);
  return { parts: entry.parts, size: entry.size };
}

/** The kept bytes of document `id` and their SHA-256, if fresh (the caller checks the SHA-256 against the document's). */
export function keptContent(db: Db, id: string, now = Date.now()): { sha256: string; parts: Uint8Array[]; size: number } | null {
  const entry = cacheOf(db).entries.get(id);
  return entry ? cachedContent(db, id, entry.sha256, now) && { sha256: entry.sha256, parts: entry.parts, size: entry.size } : null;
}

/** Keeps the bytes of document `id` (read from the database, their SHA-256 the document's). */
export function keepContent(db: Db, id: string, sha256: string, parts: Uint8Array[], size: number, now = Date.now()): void {
  if (size > MAX_FILE_BYTES) return;
  const cache = cacheOf(db);
  remove(cache, id);
  for (const [key, entry] of cache.entries) {
    if (cache.bytes + size <= MAX_BYTES && now - entry.at < TTL_MS) break;
    remove(cache, key);
  }
  cache.entries.set(id, { sha256, parts, size, at: now });
  cache.bytes += size;
}

/** Drops every kept content of `db` (tests). */
export function forgetContents(db: Db): void {
  caches.delete(db);
}
