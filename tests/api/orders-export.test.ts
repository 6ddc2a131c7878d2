/**
 * The dashboard's CSV export (app/(dashboard)/orders/export/route.ts), called as Next.js calls it:
 * with a real signed session cookie of a real user session. Only the framework's request boundary
 * is replaced (`next/headers` cookies, the `server-only` marker). Its errors answer in the API's
 * envelope, like every route.
 */
import { encode } from 'next-auth/jwt';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { GET } from '@/app/(dashboard)/orders/export/route';
import { authSecret } from '@/lib/auth/session';
import { DEMO } from '@/lib/seed';
import { createTestUser, type TestUser } from './admins';
import { expectError, withTestDatabase } from './harness';
import { createOrder, uniqueName, withParticipant } from './orders-fixtures';

const request = vi.hoisted(() => ({ cookies: new Map<string, string>() }));

vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (request.cookies.has(name) ? { name, value: request.cookies.get(name)! } : undefined) }),
}));

withTestDatabase();

let manager: TestUser;

beforeAll(async () => {
  manager = await createTestUser(DEMO.tenants.acme.id, 'manager', 'all');
  const token = await encode({ token: { sub: manager.id, sid: manager.sessionId }, secret: authSecret() });
  request.cookies.set('next-auth.session-token', token);
});

async function exportCsv(query: string) {
  const response = await GET(new Request(`http://localhost/orders/export${query}`));
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : null };
}

describe('GET /orders/export', () => {
  it('the orders as CSV, with a header line', async () => {
    const res = await exportCsv('?status=ordered');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.text.split('\r\n')[0]).toMatch(/^"code","id","status",/);
  });

  it('every text cell quoted, and a formula character neutralised after leading separators or spaces too (issue 26)', async () => {
    const lastName = uniqueName();
    // `;=1+1` is a formula in a spreadsheet whose locale separates cells with `;`.
    await createOrder(withParticipant({ firstName: ';=1+1', middleName: ', @SUM(A1)', lastName }));
    const res = await exportCsv(`?search=${lastName}`);
    const [, row] = res.text.split('\r\n');
    expect(row).toContain(`";'=1+1",", '@SUM(A1)","${lastName}"`);
    // Quoted or empty, nothing else: a separator inside a cell never starts a new one.
    expect(row).toMatch(/^(?:"(?:[^"]|"")*")?(?:,(?:"(?:[^"]|"")*")?)*$/);
    for (const value of ['=1+1', '+1', '-1', '@x', ';+1', ',-1', ', =1', ';\t@x']) {
      const other = uniqueName();
      await createOrder(withParticipant({ firstName: 'Pat', middleName: `${value}x`, lastName: other }));
      const line = (await exportCsv(`?search=${other}`)).text.split('\r\n')[1];
      const cells = line.match(/"(?:[^"]|"")*"/g)!;
      expect(cells, JSON.stringify(value)).toContain(`"${value.replace(/^([\s,;]*)/, "$1'")}x"`);
    }
  });

  it('400 in the envelope for a filter the orders list refuses, one entry per problem with its pointer', async () => {
    const res = await exportCsv('?status=bogus&createdAfter=yesterday');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expectError(res, 400, 'invalidValue', '/status/0');
    expectError(res, 400, 'invalidFormat', '/createdAfter');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('400 invalidValue for a NUL in a filter, as the API answers it', async () => {
    expectError(await exportCsv('?search=a%00b'), 400, 'invalidValue', '/search');
  });
});
