/**
 * For every operation of the table: no token, an expired and a revoked token give 401; a token
 * without the scope gives 403; a token of another tenant, or of the same tenant but not linked to
 * the resource's company, meets exactly what a missing id meets, and lists never show a foreign row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationSpec } from '@/lib/api/operations';
import { SCOPES } from '@/lib/domain/scopes';
import { createToken, revokeToken } from '@/lib/domain/api-tokens/tokens';
import { DEMO } from '@/lib/seed';
import { call, db, expectError, token, withTestDatabase } from './harness';
import { createFixtures, operationEntries, sampleAuth, SAMPLES, type Fixtures } from './operation-samples';

withTestDatabase();

let fixtures: Fixtures;
let cases = 0;
beforeAll(async () => {
  fixtures = await createFixtures();
});
afterAll(() => {
  console.log(`isolation matrix: ${operationEntries().length} operations, ${cases} cases`);
});

const send = (op: { method: string }, path: string, t: string | null, sample: { body?: unknown; query?: Record<string, string> }) =>
  call(op.method, path, { token: t, body: sample.body, query: sample.query });

describe('every operation has a sample request', () => {
  it('the sample table covers the operation table', () => {
    for (const [id] of operationEntries()) expect(SAMPLES[id], `no sample for ${id}`).toBeDefined();
  });
});

describe.each(operationEntries())('%s', (id, op) => {
  const sample = () => SAMPLES[id](fixtures);
  const callerUser = (op as OperationSpec).caller === 'user';

  if (op.scope !== null || callerUser) {
    it('401 without a token, with an expired and with a revoked token', async () => {
      const s = sample();
      expectError(await send(op, s.path, null, s), 401, 'unauthenticated');
      const expired = await createToken(db(), { tenantId: DEMO.tenants.acme.id, name: 'expired', scopes: 'all', companyIds: 'all', expiresInSeconds: 0.001 });
      const revoked = await createToken(db(), { tenantId: DEMO.tenants.acme.id, name: 'revoked', scopes: 'all', companyIds: 'all' });
      await revokeToken(db(), revoked.id);
      await new Promise((r) => setTimeout(r, 5));
      expectError(await send(op, s.path, expired.token, s), 401, 'unauthenticated');
      expectError(await send(op, s.path, revoked.token, s), 401, 'unauthenticated');
      cases += 3;
    });

    if (callerUser)
      it('403 insufficientScope for an API token, even one with every scope: only a signed-in user calls it', async () => {
        const s = sample();
        expectError(await send(op, s.path, await token(), s), 403, 'insufficientScope');
        cases += 1;
      });
    else
      it(`403 insufficientScope without ${op.scope}`, async () => {
        const s = sample();
        expectError(await send(op, s.path, await token({ scopes: SCOPES.filter((x) => x !== op.scope) }), s), 403, 'insufficientScope');
        cases += 1;
      });
  }

  it('answers 2xx to its sample request', async () => {
    const s = sample();
    const res = await call(op.method, s.path, { ...sampleAuth(s, await token()), body: s.body, query: s.query });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    cases += 1;
  });

  it('another tenant meets what a missing id meets, and sees no foreign row', async () => {
    const s = sample();
    const foreign = s.ownTenant?.foreign ?? (await token({ tenant: 'northwind' }));
    const res = await send(op, s.path, foreign, s);
    cases += 1;
    if (s.global) {
      expect(res.status).toBe(200);
      return;
    }
    if (s.asUser) {
      // A user's own setting names no resource: another tenant's token reaches nothing, as any token.
      expectError(res, 403, 'insufficientScope');
      return;
    }
    if (s.ownTenant) {
      // It acts on its own tenant, and shows nothing of Acme's.
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      const text = JSON.stringify(res.body);
      for (const acmeId of [DEMO.tenants.acme.id, DEMO.acme.companies.primary]) expect(text).not.toContain(acmeId);
      return;
    }
    if (s.missingPath) {
      const missing = await send(op, s.missingPath, foreign, s);
      expect(missing.status).toBe(404);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(missing.body);
      return;
    }
    if (op.method === 'POST' && s.tenantWide) {
      // Creates in the caller's own tenant.
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return;
    }
    if (op.method === 'POST') {
      // Creating at another tenant's location (or company): it is "not found".
      expectError(res, 404, 'notFound', s.notFoundPointer ?? '/location/id');
      return;
    }
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.body);
    for (const acmeId of [fixtures.orderId, DEMO.acme.companies.primary, DEMO.acme.locations.primary, DEMO.acme.packages.dot, fixtures.clinicId, fixtures.deliveryId])
      expect(text).not.toContain(acmeId);
  });

  it('a token of the tenant not linked to the resource\'s company meets what a missing id meets', async () => {
    const s = sample();
    if (!s.companyScoped) return;
    const unlinked = await token({ companies: [DEMO.acme.companies.secondary] });
    const res = await send(op, s.path, unlinked, s);
    cases += 1;
    if (s.missingPath) {
      const missing = await send(op, s.missingPath, unlinked, s);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(missing.body);
      return;
    }
    if (op.method === 'POST' && s.tenantWide) {
      expectError(res, 403, 'insufficientScope', s.forbiddenPointer);
      return;
    }
    if (op.method === 'POST') {
      expectError(res, 404, 'notFound', s.notFoundPointer ?? '/location/id');
      return;
    }
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.body);
    for (const primaryId of [fixtures.orderId, DEMO.acme.companies.primary, DEMO.acme.locations.primary, DEMO.acme.packages.dot, fixtures.deliveryId])
      expect(text).not.toContain(primaryId);
  });
});
