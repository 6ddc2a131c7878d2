/**
 * The dashboard's Results badge (app/(dashboard)/results-badge.ts): exact below the threshold on
 * every page; from it on, a kept count that a later page refreshes in the background.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orders } from '@/lib/db/schema';
import { makeCtx, systemPrincipal } from '@/lib/domain/context';
import { countUnacknowledged } from '@/lib/domain/orders/results-inbox';
import { DEMO } from '@/lib/seed';
import { forgetLargeCounts, LARGE_COUNT_TTL_MS, unacknowledgedBadge } from '@/app/(dashboard)/results-badge';
import { db, withTestDatabase } from './harness';

vi.mock('server-only', () => ({}));

withTestDatabase();

/**
 * The companies whose seeded results these tests count: the inactive and the deleted one, which
 * take no orders, so that a count here moves only when this file acknowledges a result. On
 * PostgreSQL the other test files finalize orders of the tenant's other companies all the time.
 */
const quiet = (tenant: 'acme' | 'northwind') => [DEMO[tenant].companies.inactive, DEMO[tenant].companies.deleted];
const acme = (companyIds = quiet('acme')) => makeCtx(systemPrincipal('test', { tenantId: DEMO.tenants.acme.id, companyIds }), db());

/** Acknowledges one unacknowledged final result of Acme's inactive company; returns its id. */
async function acknowledgeOne(): Promise<string> {
  const ctx = acme();
  const [row] = await db()
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.tenantId, ctx.tenantId), eq(orders.companyId, DEMO.acme.companies.inactive), eq(orders.isFinal, true), isNull(orders.acknowledgedAt)))
    .limit(1);
  await db().update(orders).set({ acknowledgedAt: new Date() }).where(eq(orders.id, row.id));
  return row.id;
}

afterEach(() => {
  forgetLargeCounts();
  vi.restoreAllMocks();
});

describe('Results badge', () => {
  it('below the threshold: the exact count of this instant, every time', async () => {
    const before = await countUnacknowledged(acme());
    expect(before).toBeGreaterThan(1);
    expect(await unacknowledgedBadge(acme(), before + 1)).toBe(before);
    await acknowledgeOne();
    const after = await countUnacknowledged(acme());
    expect(await unacknowledgedBadge(acme(), before + 1)).toBe(after);
  });

  it('from the threshold on: the kept count for LARGE_COUNT_TTL_MS, then the new one after a background read', async () => {
    const first = await unacknowledgedBadge(acme(), 1);
    expect(first).toBeGreaterThan(1);
    await acknowledgeOne();
    // Kept: the badge does not see the acknowledgement yet.
    expect(await unacknowledgedBadge(acme(), 1)).toBe(first);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + LARGE_COUNT_TTL_MS);
    // Stale: answered at once with the kept count, and read again in the background.
    expect(await unacknowledgedBadge(acme(), 1)).toBe(first);
    await vi.waitFor(async () => expect(await unacknowledgedBadge(acme(), 1)).not.toBe(first));
    expect(await unacknowledgedBadge(acme(), 1)).toBe(await countUnacknowledged(acme()));
  });

  it('is kept per tenant and companies: another principal gets its own count', async () => {
    const all = await unacknowledgedBadge(acme(), 1);
    const oneCompany = acme([DEMO.acme.companies.inactive]);
    const expected = await countUnacknowledged(oneCompany);
    expect(expected).toBeLessThan(all);
    expect(await unacknowledgedBadge(oneCompany, 1)).toBe(expected);
    const northwind = makeCtx(systemPrincipal('test', { tenantId: DEMO.tenants.northwind.id, companyIds: quiet('northwind') }), db());
    expect(await unacknowledgedBadge(northwind, 1)).toBe(await countUnacknowledged(northwind));
  });
});
