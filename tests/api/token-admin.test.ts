/**
 * Who may grant, see and revoke API tokens, and change the tenant's signing secret — the domain
 * operations themselves, whatever a page shows. A principal never grants what it does not hold; an
 * admin limited to some companies acts only for them; tenant-wide settings need a tenant-wide admin.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { authenticateToken, clearPrincipalCache, createToken } from '@/lib/domain/api-tokens/tokens';
import { DEMO } from '@/lib/seed';
import { createApiToken, listApiTokens, revokeApiToken } from '@/lib/domain/api-tokens';
import { DomainError } from '@/lib/domain/errors';
import { getWebhookSecret, rotateWebhookSecret } from '@/lib/domain/tenants';
import { newId } from '@/lib/ids';
import { createTestTenant, createTestUser, storedWebhookSecret, type TestUser } from './admins';
import { db, get, withTestDatabase } from './harness';

withTestDatabase();

const acme = DEMO.tenants.acme.id;
const { primary, secondary } = DEMO.acme.companies;

/** The DomainError an operation throws (fails the test when it does not throw one). */
async function domainError(operation: Promise<unknown>): Promise<DomainError> {
  const error = await operation.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

function expectEntry(error: DomainError, code: string, pointer?: string) {
  expect(error.entries).toHaveLength(1);
  expect(error.entries[0].code).toBe(code);
  expect(error.entries[0].pointer).toBe(pointer);
}

let tenantAdmin: TestUser;
let primaryAdmin: TestUser;
let manager: TestUser;

beforeAll(async () => {
  [tenantAdmin, primaryAdmin, manager] = await Promise.all([
    createTestUser(acme, 'admin', 'all'),
    createTestUser(acme, 'admin', [primary]),
    createTestUser(acme, 'manager', 'all'),
  ]);
});

describe('createApiToken', () => {
  it('a tenant-wide admin creates a token for all companies', async () => {
    const created = await createApiToken({ ctx: tenantAdmin.ctx, input: { name: 'all', scopes: 'all', companyIds: 'all' } });
    expect(created.companyIds).toBe('all');
    const principal = await authenticateToken(db(), created.token);
    expect(principal?.allCompanies).toBe(true);
  });

  it('403 insufficientScope at /companyIds: an admin limited to some companies asks for all companies; no token is created', async () => {
    const error = await domainError(createApiToken({ ctx: primaryAdmin.ctx, input: { name: 'all', scopes: ['company.list'], companyIds: 'all' } }));
    expectEntry(error, 'insufficientScope', '/companyIds');
    expect(await listApiTokens(tenantAdmin.ctx)).not.toContainEqual(expect.objectContaining({ name: 'all', scopes: ['company.list'] }));
  });

  it('403 insufficientScope at /companyIds: a company the admin is not linked to is refused, never dropped', async () => {
    const name = `reach-${newId()}`;
    const error = await domainError(createApiToken({ ctx: primaryAdmin.ctx, input: { name, scopes: ['company.list'], companyIds: [primary, secondary] } }));
    expectEntry(error, 'insufficientScope', '/companyIds');
    expect(error.entries[0].detail).toContain(secondary);
    expect(error.entries[0].detail).not.toContain(primary);
    expect((await listApiTokens(tenantAdmin.ctx)).map((t) => t.name)).not.toContain(name);
  });

  it("403 at /companyIds for another tenant's company too: the same answer as for one of the tenant's own", async () => {
    const error = await domainError(createApiToken({ ctx: primaryAdmin.ctx, input: { name: 'x', scopes: ['company.list'], companyIds: [DEMO.northwind.companies.primary] } }));
    expectEntry(error, 'insufficientScope', '/companyIds');
  });

  it('403 insufficientScope at /scopes: a scope the creator does not hold', async () => {
    const error = await domainError(createApiToken({ ctx: manager.ctx, input: { name: 'x', scopes: ['order.list', 'webhook.write'], companyIds: 'all' } }));
    expectEntry(error, 'insufficientScope', '/scopes');
    expect(error.entries[0].detail).toContain('webhook.write');
    expect(error.entries[0].detail).not.toContain('order.list');
    expectEntry(await domainError(createApiToken({ ctx: manager.ctx, input: { name: 'x', scopes: 'all', companyIds: 'all' } })), 'insufficientScope', '/scopes');
  });

  it("the token of an admin limited to one company reaches that company only (not the tenant's others)", async () => {
    const created = await createApiToken({ ctx: primaryAdmin.ctx, input: { name: 'primary only', scopes: ['company.list', 'order.list'], companyIds: [primary] } });
    expect(created.companyIds).toEqual([primary]);
    const companies = await get('/api/v2/companies', { token: created.token, query: { limit: 20 } });
    expect(companies.status).toBe(200);
    expect(companies.body.data.map((c: { id: string }) => c.id)).toEqual([primary]);
    const principal = await authenticateToken(db(), created.token);
    expect(principal).toMatchObject({ allCompanies: false, companyIds: [primary] });
  });
});

describe('listApiTokens and revokeApiToken', () => {
  let allCompanies: string;
  let primaryOnly: string;
  let primaryAndSecondary: string;
  let northwind: string;

  beforeAll(async () => {
    const make = (tenantId: string, companyIds: string[] | 'all') => createToken(db(), { tenantId, name: `list-${newId()}`, scopes: ['company.list'], companyIds });
    [allCompanies, primaryOnly, primaryAndSecondary, northwind] = (
      await Promise.all([make(acme, 'all'), make(acme, [primary]), make(acme, [primary, secondary]), make(DEMO.tenants.northwind.id, 'all')])
    ).map((t) => t.id);
  });

  it('an admin limited to some companies lists only tokens within its companies, never an all-companies token', async () => {
    const ids = (await listApiTokens(primaryAdmin.ctx)).map((t) => t.id);
    expect(ids).toContain(primaryOnly);
    expect(ids).not.toContain(allCompanies);
    expect(ids).not.toContain(primaryAndSecondary);
    expect(ids).not.toContain(northwind);
  });

  it("a tenant-wide admin lists every token of its tenant, and no other tenant's", async () => {
    const ids = (await listApiTokens(tenantAdmin.ctx)).map((t) => t.id);
    expect(ids).toEqual(expect.arrayContaining([allCompanies, primaryOnly, primaryAndSecondary]));
    expect(ids).not.toContain(northwind);
  });

  it('404 notFound for a token beyond the admin, exactly as for a missing one; the token keeps working', async () => {
    const missing = await domainError(revokeApiToken({ ctx: primaryAdmin.ctx, input: { id: newId() } }));
    expectEntry(missing, 'notFound');
    for (const id of [allCompanies, primaryAndSecondary, northwind]) {
      const error = await domainError(revokeApiToken({ ctx: primaryAdmin.ctx, input: { id } }));
      expect(error.entries).toEqual(missing.entries);
    }
    expect((await listApiTokens(tenantAdmin.ctx)).filter((t) => [allCompanies, primaryAndSecondary].includes(t.id)).map((t) => t.revokedAt)).toEqual([null, null]);
  });

  it('an admin limited to some companies revokes a token within them; revoking twice is not an error', async () => {
    const created = await createApiToken({ ctx: primaryAdmin.ctx, input: { name: 'to revoke', scopes: ['company.list'], companyIds: [primary] } });
    expect(await revokeApiToken({ ctx: primaryAdmin.ctx, input: { id: created.id } })).toEqual({ id: created.id });
    clearPrincipalCache();
    expect(await authenticateToken(db(), created.token)).toBeNull();
    expect(await revokeApiToken({ ctx: primaryAdmin.ctx, input: { id: created.id } })).toEqual({ id: created.id });
  });

  it("a tenant-wide admin revokes an all-companies token, and not another tenant's (404)", async () => {
    expect(await revokeApiToken({ ctx: tenantAdmin.ctx, input: { id: allCompanies } })).toEqual({ id: allCompanies });
    expectEntry(await domainError(revokeApiToken({ ctx: tenantAdmin.ctx, input: { id: northwind } })), 'notFound');
  });
});

describe("the tenant's webhook signing secret", () => {
  let tenant: { id: string };
  let wide: TestUser;
  let limited: TestUser;
  let wideManager: TestUser;

  beforeAll(async () => {
    tenant = await createTestTenant();
    [wide, limited, wideManager] = await Promise.all([createTestUser(tenant.id, 'admin', 'all'), createTestUser(tenant.id, 'admin', []), createTestUser(tenant.id, 'manager', 'all')]);
  });

  it('403 insufficientScope: an admin limited to some companies neither reads nor rotates it; it stays as it was', async () => {
    const before = await storedWebhookSecret(tenant.id);
    expectEntry(await domainError(rotateWebhookSecret({ ctx: limited.ctx })), 'insufficientScope');
    expectEntry(await domainError(getWebhookSecret(limited.ctx)), 'insufficientScope');
    expect(await storedWebhookSecret(tenant.id)).toBe(before);
  });

  it('403 insufficientScope: a tenant-wide user without webhook.write cannot rotate it', async () => {
    expectEntry(await domainError(rotateWebhookSecret({ ctx: wideManager.ctx })), 'insufficientScope');
  });

  it('a tenant-wide admin reads and rotates it', async () => {
    const before = await getWebhookSecret(wide.ctx);
    const rotated = await rotateWebhookSecret({ ctx: wide.ctx });
    expect(rotated).not.toBe(before);
    expect(await storedWebhookSecret(tenant.id)).toBe(rotated);
    expect(await getWebhookSecret(wide.ctx)).toBe(rotated);
  });
});

describe('last used', () => {
  it('a token is "never used" until it authenticates, then listed with the time of its last use', async () => {
    const created = await createToken(db(), { tenantId: acme, name: `used-${newId()}`, scopes: ['company.list'], companyIds: 'all' });
    const listed = async () => (await listApiTokens(tenantAdmin.ctx)).find((t) => t.id === created.id)!;
    expect((await listed()).lastUsedAt).toBeNull();
    const before = Date.now();
    clearPrincipalCache();
    expect(await authenticateToken(db(), created.token)).not.toBeNull();
    const lastUsedAt = (await listed()).lastUsedAt;
    expect(lastUsedAt).not.toBeNull();
    expect(Date.parse(lastUsedAt!)).toBeGreaterThanOrEqual(before - 1000);
  });
});
