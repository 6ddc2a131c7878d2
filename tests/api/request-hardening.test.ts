/**
 * Issue 13's findings on request handling, driven through the real route handlers: client
 * addresses for rate limits, bodies without Content-Length, NUL in path ids, deep JSON, and error
 * logs without SQL parameters. (What needs the real HTTP server — forged X-Forwarded-For against
 * the socket, malformed percent-encoding, memory under a 300 MB body — is in tests/server.)
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_BODY_BYTES, toErrorResponse } from '@/lib/http/route';
import { DRAIN } from '@/lib/http/body';
import { runtime } from '@/lib/runtime';
import { call, db, expectError, token, withTestDatabase } from './harness';
import { operationEntries, SAMPLES, createFixtures, type Fixtures } from './operation-samples';

withTestDatabase();

const saved = { ...process.env };
let fixtures: Fixtures;
let bearer: string;

beforeAll(async () => {
  fixtures = await createFixtures();
  bearer = await token();
});
afterEach(() => {
  process.env.RATE_LIMIT_ANONYMOUS_PER_MINUTE = saved.RATE_LIMIT_ANONYMOUS_PER_MINUTE;
  delete runtime().servedByOurServer;
});
afterAll(() => vi.restoreAllMocks());

describe('rate limit per client address', () => {
  it('X-Forwarded-For does not choose the budget: forged addresses share one', async () => {
    process.env.RATE_LIMIT_ANONYMOUS_PER_MINUTE = '2';
    runtime().servedByOurServer = true; // as when scripts/server.mjs serves
    const client = { 'x-dto-client-address': `198.51.100.${Math.floor(Math.random() * 250)}-${randomUUID()}` };
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const headers = { ...client, 'x-forwarded-for': `203.0.113.${i}` };
      statuses.push((await call('GET', '/api/v2/agencies', { headers })).status);
    }
    // Two unauthenticated calls fit in the budget; the third, whatever it claims, does not (unless
    // the minute turned over between calls).
    expect(statuses.slice(0, 2)).toEqual([401, 401]);
    expect([429, ...(new Date().getSeconds() < 2 ? [401] : [])]).toContain(statuses[2]);
  });

  it('the address header counts only behind scripts/server.mjs: without it every caller is "unknown"', async () => {
    process.env.RATE_LIMIT_ANONYMOUS_PER_MINUTE = '100000';
    const { clientAddress } = await import('@/lib/http/client-address');
    expect(clientAddress(new Headers({ 'x-dto-client-address': '192.0.2.1' }))).toBe('unknown');
    runtime().servedByOurServer = true;
    expect(clientAddress(new Headers({ 'x-dto-client-address': '192.0.2.1', 'x-forwarded-for': '203.0.113.9' }))).toBe('192.0.2.1');
  });
});

describe('request bodies without Content-Length (chunked)', () => {
  it('413 tooBig once the limit is passed, and reading stops there', async () => {
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.byteLength;
        if (pulled > 300 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const request = new Request('http://localhost/api/v2/orders', {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    const { POST } = await import('@/app/api/v2/orders/route');
    const response = await POST(request, { params: Promise.resolve({}) });
    const json = await response.json();
    expect(response.status).toBe(413);
    expect(json).toMatchObject({ statusCode: 413, error: 'Payload Too Large', errors: [{ code: 'tooBig' }] });
    // At most the limit, what was already there to drain (lib/http/body.ts) and the chunks a
    // stream reads ahead, not the 300 MB offered.
    expect(pulled).toBeLessThan(MAX_BODY_BYTES + DRAIN.bytes + 4 * chunk.byteLength);
  });
});

describe('path ids with NUL', () => {
  const withIds = operationEntries().filter(([, op]) => op.path.includes('{'));

  it.each(withIds)('%s: 400 invalidValue in the envelope, no pointer', async (id, op) => {
    const sample = SAMPLES[id](fixtures);
    const path = op.path.replace(/\{\w+\}/g, 'a%00b');
    const res = await call(op.method, path, { token: bearer, body: sample.body });
    const entry = expectError(res, 400, 'invalidValue');
    expect(entry.detail).toMatch(/NUL/);
  });
});

describe('JSON bodies nested 10,000 deep', () => {
  it('400 badRequest, not a 5xx', async () => {
    for (const rawBody of [`${'['.repeat(10_000)}${']'.repeat(10_000)}`, `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`]) {
      const res = await call('POST', '/api/v2/orders', { token: bearer, rawBody, headers: { 'content-type': 'application/json' } });
      expectError(res, 400, 'badRequest');
    }
  });

  it('a body 32 levels deep is still parsed (the schema judges it)', async () => {
    const rawBody = `${'{"a":'.repeat(31)}1${'}'.repeat(31)}`;
    const res = await call('POST', '/api/v2/orders', { token: bearer, rawBody, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.errors.some((e: { code: string }) => e.code === 'badRequest')).toBe(false);
  });
});

describe('error logs', () => {
  it('an unexpected database error is logged with its query and reason, never its parameters', async () => {
    const secret = `tenant-${randomUUID()}`;
    const error = await db()
      .execute(sql`select ${secret}::int as n`)
      .then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: unknown) => void lines.push(String(line)));
    try {
      const response = toErrorResponse(error, 'req-1');
      expect(response.status).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(lines).toHaveLength(1);
    const logged = JSON.parse(lines[0]) as { msg: string; requestId: string; error: string };
    expect(logged).toMatchObject({ msg: 'unhandled error', requestId: 'req-1' });
    expect(logged.error).toContain('::int');
    expect(logged.error).toMatch(/invalid input syntax/);
    expect(logged.error).not.toContain(secret);
  });
});
