/**
 * The dashboard's company and location options (lib/domain/companies/options.ts, issue 34): one
 * statement giving what the two lists give, kept briefly per tenant and set of companies, and
 * forgotten when a company or location changes, so that the next page shows the change.
 */
import { describe, expect, it } from 'vitest';
import { makeCtx, systemPrincipal, type Ctx } from '@/lib/domain/context';
import { listCompanies } from '@/lib/domain/companies';
import { companyAndLocationOptions } from '@/lib/domain/companies/options';
import { listLocations } from '@/lib/domain/locations';
import { allPages } from '@/lib/domain/pagination';
import { allCompanyIds } from '@/lib/domain/tenants';
import { call, db, withTestDatabase } from './harness';
import { ownTenant } from './own-tenant';

withTestDatabase();

const address = { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' };

/** The Ctx of a principal of the tenant linked to `companyIds` (all of them by default), with `scopes`. */
async function ctxOf(tenantId: string, options: { companyIds?: string[]; scopes?: string[] } = {}): Promise<Ctx> {
  const companyIds = options.companyIds ?? (await allCompanyIds(db(), tenantId));
  const principal = systemPrincipal('cli', { tenantId, companyIds });
  return makeCtx({ ...principal, allCompanies: !options.companyIds, ...(options.scopes ? { scopes: new Set(options.scopes) } : {}) } as typeof principal, db());
}

describe('companyAndLocationOptions', () => {
  it('gives the active linked companies and their active locations, as the lists order them', async () => {
    const t = await ownTenant('Options');
    const second = await t.made('/api/v2/companies', { name: 'Options B company', address });
    await t.made('/api/v2/locations', { company: { id: second }, name: 'A first yard', address });
    const inactive = await t.made('/api/v2/locations', { company: { id: second }, name: 'Closed yard', address });
    expect((await call('PATCH', `/api/v2/locations/${inactive}`, { token: t.bearer, body: { isActive: false } })).status).toBe(200);
    const ctx = await ctxOf(t.tenantId);
    const companies = await allPages((q) => listCompanies(ctx, q), Infinity);
    const locations = await allPages((q) => listLocations(ctx, q), Infinity);
    expect(await companyAndLocationOptions(ctx)).toEqual({
      companies: companies.map((c) => ({ id: c.id, name: c.name })),
      locations: locations.map((l) => ({ id: l.id, name: l.name, companyId: l.company.id, city: l.address.city, state: l.address.state, postalCode: l.address.postalCode })),
    });
    expect((await companyAndLocationOptions(ctx)).locations.map((l) => l.name)).toEqual(['A first yard', 'Options yard']);
  });

  it('a principal limited to some companies gets only theirs; without company.list or location.list, that list is empty', async () => {
    const t = await ownTenant('Limited');
    const other = await t.made('/api/v2/companies', { name: 'Limited other company', address });
    await t.made('/api/v2/locations', { company: { id: other }, name: 'Other yard', address });
    const limited = await companyAndLocationOptions(await ctxOf(t.tenantId, { companyIds: [t.companyId] }));
    expect(limited.companies.map((c) => c.id)).toEqual([t.companyId]);
    expect(limited.locations.map((l) => l.id)).toEqual([t.locationId]);
    const noCompanies = await companyAndLocationOptions(await ctxOf(t.tenantId, { scopes: ['location.list'] }));
    expect(noCompanies.companies).toEqual([]);
    expect(noCompanies.locations.map((l) => l.name)).toEqual(['Limited yard', 'Other yard']);
    expect(await companyAndLocationOptions(await ctxOf(t.tenantId, { scopes: ['order.list'] }))).toEqual({ companies: [], locations: [] });
  });

  it('a location created, renamed or deactivated, and a company renamed, show on the next read', async () => {
    const t = await ownTenant('Fresh');
    const ctx = await ctxOf(t.tenantId);
    expect((await companyAndLocationOptions(ctx)).locations.map((l) => l.name)).toEqual(['Fresh yard']);
    const added = await t.made('/api/v2/locations', { company: { id: t.companyId }, name: 'Fresh annex', address });
    expect((await companyAndLocationOptions(ctx)).locations.map((l) => l.name)).toEqual(['Fresh annex', 'Fresh yard']);
    expect((await call('PATCH', `/api/v2/locations/${added}`, { token: t.bearer, body: { name: 'Fresh depot' } })).status).toBe(200);
    expect((await companyAndLocationOptions(ctx)).locations.map((l) => l.name)).toEqual(['Fresh depot', 'Fresh yard']);
    expect((await call('PATCH', `/api/v2/locations/${added}`, { token: t.bearer, body: { isActive: false } })).status).toBe(200);
    expect((await companyAndLocationOptions(ctx)).locations.map((l) => l.name)).toEqual(['Fresh yard']);
    expect((await call('PATCH', `/api/v2/companies/${t.companyId}`, { token: t.bearer, body: { name: 'Fresh renamed' } })).status).toBe(200);
    expect((await companyAndLocationOptions(ctx)).companies.map((c) => c.name)).toEqual(['Fresh renamed']);
  });
});
