/**
 * A pool through two periods on the tenant's clock (DESIGN.md 7.2 "How many"): a selection left
 * open when its period ends is `lost`, and the shortfall raises the next period's count. On a tenant
 * of its own whose sandbox clock is moved (never Acme's or Northwind's).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '@/lib/db/client';
import { createToken } from '@/lib/domain/api-tokens/tokens';
import { howMany } from '@/lib/domain/random/how-many';
import { addStandardCatalog } from '@/lib/seed/catalog';
import { DEMO } from '@/lib/seed';
import { createTestTenant } from './admins';
import { call, db, get, withTestDatabase } from './harness';

withTestDatabase();

const address = { line1: '2100 Ross Ave', city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' };

async function ownTenant() {
  const tenant = await createTestTenant();
  await addStandardCatalog(db(), tenant.id);
  const t = (await createToken(db(), { tenantId: tenant.id, name: 'random periods', scopes: 'all', companyIds: 'all' })).token;
  const made = async (path: string, body: unknown) => {
    const res = await call('POST', path, { token: t, body });
    if (res.status !== 201) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
    return res.body.id as string;
  };
  const companyId = await made('/api/v2/companies', { name: 'Period Haulers', address });
  const locationId = await made('/api/v2/locations', { company: { id: companyId }, name: 'Yard', address });
  const [urine] = rowsOf<{ id: string }>(await db().execute(sql`select id from services where tenant_id = ${tenant.id} and name = 'DOT 5-Panel Urine Drug Screen'`));
  const packageId = await made('/api/v2/packages', { name: 'DOT Drug Screen', company: { id: companyId }, services: [{ id: urine.id }] });
  for (let i = 0; i < 12; i++)
    await made('/api/v2/employees', {
      company: { id: companyId }, location: { id: locationId }, externalId: `P-${i}`, firstName: 'Pat', lastName: `Period${i}`, email: `pat${i}@example.com`,
      dot: { agency: { id: DEMO.agencies.FMCSA } }, activeFrom: '2020-01-01',
    });
  return { t, companyId, locationId, packageId };
}

describe('a monthly pool through two periods', () => {
  it('February selects 2 of the year\'s 12; one completed and one lost; March selects 2 again instead of 1: the shortfall carried', async () => {
    const s = await ownTenant();
    const year = new Date().getUTCFullYear() + 1;
    const moveTo = async (now: string) => expect((await call('PUT', '/api/v2/sandbox/clock', { token: s.t, body: { now } })).status).toBe(200);
    const pool = await call('POST', '/api/v2/random-pools', {
      token: s.t,
      body: { name: 'Drivers', kind: 'dot', agencies: [{ id: DEMO.agencies.FMCSA }], companies: [{ id: s.companyId }], drugRate: 1, alcoholRate: null, frequency: 'monthly', packages: { drug: { id: s.packageId } } },
    });
    // FMCSA has random alcohol testing: a pool without an alcohol rate is below its minimum.
    expect(pool.status).toBe(400);
    const made = await call('POST', '/api/v2/random-pools', {
      token: s.t,
      body: { name: 'Drivers', kind: 'dot', agencies: [{ id: DEMO.agencies.FMCSA }], companies: [{ id: s.companyId }], drugRate: 1, alcoholRate: 0.1, frequency: 'monthly', packages: { drug: { id: s.packageId } } },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);

    await moveTo(`${year}-02-02T15:00:00.000Z`);
    const february = await call('POST', `/api/v2/random-pools/${made.body.id}/draws`, { token: s.t, body: { rosterConfirmed: true } });
    expect(february.status, JSON.stringify(february.body)).toBe(201);
    const expectedFebruary = howMany(1, [12], 0, 11);
    expect(february.body).toMatchObject({ period: `${year}-02`, required: { drug: 12 }, selected: { drug: expectedFebruary.select } });
    expect(expectedFebruary.select).toBe(2);
    const selections = (await get(`/api/v2/random-draws/${february.body.id}/selections`, { token: s.t })).body.data.filter((x) => x.kind === 'drug');
    for (const x of selections) expect(x.notifyOn >= `${year}-02-02` && x.notifyOn <= `${year}-02-28`).toBe(true);

    // One is ordered and completed (a final result); the other is left open.
    const ordered = await call('POST', `/api/v2/random-selections/${selections[0].id}/order`, { token: s.t, body: { deliveryMethods: [{ type: 'none' }], requester: { email: 'der@example.com' } } });
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(200);
    const order = (await get(`/api/v2/orders/${ordered.body.order!.id}`, { token: s.t })).body;
    for (const service of order.services) await call('POST', `/api/v2/orders/${order.id}/services/${service.id}/events`, { token: s.t, body: { status: 'negative' } });

    await moveTo(`${year}-03-03T15:00:00.000Z`);
    const after = (await get(`/api/v2/random-draws/${february.body.id}/selections`, { token: s.t })).body.data.filter((x) => x.kind === 'drug');
    expect(after.map((x) => x.status).sort()).toEqual(['completed', 'lost']);
    // A lost selection can no longer be ordered.
    const lost = after.find((x) => x.status === 'lost')!;
    expect((await call('POST', `/api/v2/random-selections/${lost.id}/order`, { token: s.t, body: { deliveryMethods: [{ type: 'none' }], requester: { email: 'der@example.com' } } })).status).toBe(422);

    const march = await call('POST', `/api/v2/random-pools/${made.body.id}/draws`, { token: s.t, body: { rosterConfirmed: true } });
    expect(march.status, JSON.stringify(march.body)).toBe(201);
    expect(march.body.period).toBe(`${year}-03`);
    // ceil((12 − 1 completed) ÷ 10 periods left) = 2; had both been completed, ceil(10 ÷ 10) = 1.
    expect(march.body.selected.drug).toBe(howMany(1, [12, 12], 1, 10).select);
    expect(march.body.selected.drug).toBe(2);
    expect(howMany(1, [12, 12], 2, 10).select).toBe(1);

    const progress = (await get(`/api/v2/random-pools/${made.body.id}/progress`, { token: s.t })).body;
    expect(progress.year).toBe(year);
    expect(progress.periods.find((p) => p.period === `${year}-02`)).toMatchObject({ poolSize: 12, selected: { drug: 2 }, completed: { drug: 1 }, lost: { drug: 1 } });
    expect(progress.periods.find((p) => p.period === `${year}-03`)).toMatchObject({ poolSize: 12, selected: { drug: 2 }, completed: { drug: 0 }, lost: { drug: 0 } });
    expect(progress).toMatchObject({ meanPoolSize: 12, required: { drug: 12 }, completed: { drug: 1 } });
    // Two of twelve months are over (January, February): 12 × 2/12 = 2 due, 1 completed.
    expect(progress.onTrack).toBe(false);
  });
});
