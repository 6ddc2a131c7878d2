/**
 * The order of the dashboard's CSV export (app/(dashboard)/orders/export/route.ts): newest first,
 * or with `sort=oldest` the same rows in reverse, over every batch of 200. Called as Next.js calls
 * it, with a real signed session cookie of a real user session; only the framework's request
 * boundary is replaced (`next/headers` cookies, the `server-only` marker).
 */
import { encode } from 'next-auth/jwt';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { GET } from '@/app/(dashboard)/orders/export/route';
import { authSecret, SESSION_COOKIE } from '@/lib/auth/session';
import { DEMO } from '@/lib/seed';
import { createTestUser } from './admins';
import { withTestDatabase } from './harness';
import { createOrder, uniqueName, withParticipant } from './orders-fixtures';

const request = vi.hoisted(() => ({ cookies: new Map<string, string>() }));

vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (request.cookies.has(name) ? { name, value: request.cookies.get(name)! } : undefined) }),
}));

withTestDatabase();

beforeAll(async () => {
  const manager = await createTestUser(DEMO.tenants.acme.id, 'manager', 'all');
  request.cookies.set(SESSION_COOKIE.plain, await encode({ token: { sub: manager.id, sid: manager.sessionId }, secret: authSecret() }));
});

/** The order codes of the export's rows, in order. */
async function exportedCodes(query: string): Promise<string[]> {
  const response = await GET(new Request(`http://localhost/orders/export${query}`));
  expect(response.status).toBe(200);
  const lines = (await response.text()).split('\r\n').filter(Boolean);
  return lines.slice(1).map((l) => l.split(',')[0]);
}

describe('GET /orders/export: order of the rows', () => {
  it('sort=oldest gives the newest-first rows in reverse, across batches of 200', async () => {
    // The seeded orders (created at or before the seed's anchor): on PostgreSQL other files add
    // orders to the same tenant while the two exports run, and would shift their batches.
    const seeded = `?createdBefore=${new Date(Date.parse(DEMO.anchor) + 1).toISOString()}`;
    const newest = await exportedCodes(seeded);
    // More than one batch, the last one partial: the windows straddle two newest-first batches.
    expect(newest.length).toBeGreaterThan(200);
    expect(newest.length % 200).not.toBe(0);
    expect(await exportedCodes(`${seeded}&sort=oldest`)).toEqual([...newest].reverse());
  });

  it('the same with a filter (a total that fits one batch)', async () => {
    // Orders of this test's own participant: on PostgreSQL other files add orders to the same tenant.
    const lastName = uniqueName();
    for (let i = 0; i < 3; i++) await createOrder(withParticipant({ lastName }));
    const newest = await exportedCodes(`?status=ordered&search=${lastName}`);
    expect(newest).toHaveLength(3);
    expect(await exportedCodes(`?status=ordered&search=${lastName}&sort=oldest`)).toEqual([...newest].reverse());
  });
});
