/**
 * API tokens through the API (issue 28): POST /apiTokens and DELETE /apiTokens/{id}, as the
 * dashboard's token page calls them (the admin's session cookie) or a token holding `token.write`.
 * A token is never minted with a scope or a company beyond its creator's (403, nothing created); the
 * token itself is in the creation's answer only; a company-limited admin manages only tokens of its
 * companies, and any other token answers like a missing one.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTokens, auditEvents } from '@/lib/db/schema';
import { authenticateToken, clearPrincipalCache, createToken } from '@/lib/domain/api-tokens/tokens';
import { SCOPES } from '@/lib/domain/scopes';
import { newId } from '@/lib/ids';
import { DEMO } from '@/lib/seed';
import { acmeSettingsUsers, asUser, createTestUser, type TestUser } from './admins';
import { call, db, expectError, get, token, withTestDatabase, type RequestOptions } from './harness';

withTestDatabase();

const acme = DEMO.tenants.acme.id;
const { primary, secondary } = DEMO.acme.companies;

let tenantAdmin: TestUser;
let primaryAdmin: TestUser;
let manager: TestUser;
let wide: RequestOptions;
let limited: RequestOptions;

beforeAll(async () => {
  ({ tenantAdmin, primaryAdmin, manager, wide, limited } = await acmeSettingsUsers());
});

const create = (as: RequestOptions, body: Record<string, unknown>) => call('POST', '/api/v2/apiTokens', { ...as, body });
const revoke = (as: RequestOptions, id: string) => call('DELETE', `/api/v2/apiTokens/${id}`, as);
const named = async (name: string) => db().select().from(apiTokens).where(eq(apiTokens.name, name));
const unique = (label: string) => `${label}-${newId()}`;

describe('POST /api/v2/apiTokens', () => {
  it('201 for a tenant-wide admin: the token shown this once, with a Location; 90 days by default; audited as the admin, never the token', async () => {
    const name = unique('wide');
    const res = await create(wide, { name, scopes: ['order.list', 'order.read', 'order.list'], allCompanies: true });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.headers.get('location')).toBe(`/api/v2/apiTokens/${res.body.id}`);
    expect(res.body).toEqual({
      id: res.body.id,
      object: 'apiToken',
      url: `/api/v2/apiTokens/${res.body.id}`,
      name,
      prefix: res.body.token.slice(0, 13),
      scopes: ['order.list', 'order.read'],
      allCompanies: true,
      companyIds: [],
      expiresAt: expect.stringMatching(/Z$/),
      revokedAt: null,
      lastUsedAt: null,
      createdAt: expect.stringMatching(/Z$/),
      token: expect.stringMatching(/^dto_test_[A-Za-z0-9_-]{32}$/),
    });
    const days = (Date.parse(res.body.expiresAt!) - Date.parse(res.body.createdAt)) / 86_400_000;
    expect(Math.round(days)).toBe(90);
    expect((await get('/api/v2/orders', { token: res.body.token, query: { limit: 1 } })).status).toBe(200);
    expectError(await get('/api/v2/companies', { token: res.body.token }), 403, 'insufficientScope');
    const [row] = await named(name);
    expect(row.tokenHash).not.toBe(res.body.token);
    const audit = await db().select().from(auditEvents).where(and(eq(auditEvents.subjectType, 'token'), eq(auditEvents.subjectId, res.body.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'token.created', actorType: 'user', actorUserId: tenantAdmin.id });
    expect(JSON.stringify(audit[0])).not.toContain(res.body.token);
  });

  it('expiresInDays: null never expires; 365 a year', async () => {
    expect((await create(wide, { name: unique('never'), scopes: ['company.list'], allCompanies: true, expiresInDays: null })).body.expiresAt).toBeNull();
    const year = await create(wide, { name: unique('year'), scopes: ['company.list'], allCompanies: true, expiresInDays: 365 });
    expect(Math.round((Date.parse(year.body.expiresAt!) - Date.parse(year.body.createdAt)) / 86_400_000)).toBe(365);
  });

  it('a company-limited admin creates a token that sees its company alone', async () => {
    const res = await create(limited, { name: unique('one'), scopes: ['company.list'], allCompanies: false, companyIds: [primary] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ allCompanies: false, companyIds: [primary] });
    const companies = await get('/api/v2/companies', { token: res.body.token, query: { limit: 20 } });
    expect(companies.body.data.map((c: { id: string }) => c.id)).toEqual([primary]);
  });

  it('never beyond the creator: 403 insufficientScope at /companyIds or /scopes, and nothing is created', async () => {
    const all = unique('limited-all');
    expectError(await create(limited, { name: all, scopes: ['company.list'], allCompanies: true }), 403, 'insufficientScope', '/companyIds');
    const two = unique('limited-two');
    expectError(await create(limited, { name: two, scopes: ['company.list'], allCompanies: false, companyIds: [primary, secondary] }), 403, 'insufficientScope', '/companyIds');
    // A token holding token.write mints no scope it lacks, and no company beyond its own.
    const minter = await token({ scopes: ['token.write', 'company.list'], companies: [primary] });
    const more = unique('more-scopes');
    const entry = expectError(await create({ token: minter }, { name: more, scopes: ['company.list', 'order.list'], allCompanies: false, companyIds: [primary] }), 403, 'insufficientScope', '/scopes');
    expect(entry.detail).toContain('order.list');
    const admin = unique('token-write');
    expectError(await create({ token: minter }, { name: admin, scopes: ['token.write', 'user.write'], allCompanies: false, companyIds: [primary] }), 403, 'insufficientScope', '/scopes');
    const beyond = unique('more-companies');
    expectError(await create({ token: minter }, { name: beyond, scopes: ['company.list'], allCompanies: false, companyIds: [secondary] }), 403, 'insufficientScope', '/companyIds');
    expectError(await create({ token: minter }, { name: beyond, scopes: ['company.list'], allCompanies: true }), 403, 'insufficientScope', '/companyIds');
    for (const name of [all, two, more, admin, beyond]) expect(await named(name)).toEqual([]);
    const within = await create({ token: minter }, { name: unique('within'), scopes: ['company.list'], allCompanies: false, companyIds: [primary] });
    expect(within.status).toBe(201);
  });

  it('400 with a pointer per problem', async () => {
    expectError(await create(wide, { name: ' ', scopes: ['company.list'], allCompanies: true }), 400, 'tooSmall', '/name');
    expectError(await create(wide, { name: 'x', scopes: [], allCompanies: true }), 400, 'tooSmall', '/scopes');
    expectError(await create(wide, { name: 'x', scopes: ['company.delete'], allCompanies: true }), 400, 'invalidValue', '/scopes/0');
    expectError(await create(wide, { name: 'x', scopes: ['company.list'], allCompanies: false }), 400, 'tooSmall', '/companyIds');
    expectError(await create(wide, { name: 'x', scopes: ['company.list'], allCompanies: true, expiresInDays: 0 }), 400, 'tooSmall', '/expiresInDays');
    expectError(await create(wide, { name: 'x', scopes: ['company.list'], allCompanies: true, expiresInDays: 3651 }), 400, 'tooBig', '/expiresInDays');
    expectError(await create(wide, { name: 'x', scopes: ['company.list'], allCompanies: true, tenantId: 'other' }), 400, 'unrecognizedKeys', '/tenantId');
  });

  it('404 notFound at /companyIds for an unknown company or one of another tenant', async () => {
    expectError(await create(wide, { name: 'x', scopes: ['company.list'], allCompanies: false, companyIds: [newId()] }), 404, 'notFound', '/companyIds');
    expectError(await create(wide, { name: 'x', scopes: ['company.list'], allCompanies: false, companyIds: [DEMO.northwind.companies.primary] }), 404, 'notFound', '/companyIds');
  });

  it("401 without credentials; 403 insufficientScope for a manager's session", async () => {
    const body = { name: 'x', scopes: ['company.list'], allCompanies: true };
    expectError(await call('POST', '/api/v2/apiTokens', { body }), 401, 'unauthenticated');
    expect(expectError(await create(await asUser(manager), body), 403, 'insufficientScope').meta).toEqual({ requiredScope: 'token.write' });
    expectError(await create({ token: await token({ scopes: SCOPES.filter((s) => s !== 'token.write') }) }, body), 403, 'insufficientScope');
  });

  it("another tenant's token creates a token of its own tenant, which sees none of Acme's companies", async () => {
    const res = await create({ token: await token({ tenant: 'northwind' }) }, { name: unique('nw'), scopes: ['company.list'], allCompanies: true });
    expect(res.status).toBe(201);
    const [row] = await db().select({ tenantId: apiTokens.tenantId }).from(apiTokens).where(eq(apiTokens.id, res.body.id));
    expect(row.tenantId).toBe(DEMO.tenants.northwind.id);
    const ids = (await get('/api/v2/companies', { token: res.body.token, query: { limit: 20 } })).body.data.map((c: { id: string }) => c.id);
    expect(ids).not.toContain(primary);
  });
});

describe('DELETE /api/v2/apiTokens/{id}', () => {
  it('200: the token, revoked; requests with it are refused at once; revoking again answers it unchanged', async () => {
    const own = await createToken(db(), { tenantId: acme, name: unique('own'), scopes: ['company.list'], companyIds: [primary] });
    expect((await get('/api/v2/companies', { token: own.token })).status).toBe(200);
    const res = await revoke(limited, own.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: own.id, object: 'apiToken', name: own.name, allCompanies: false, companyIds: [primary], revokedAt: expect.stringMatching(/Z$/) });
    expect(res.body).not.toHaveProperty('token');
    expectError(await get('/api/v2/companies', { token: own.token }), 401, 'unauthenticated');
    const again = await revoke(limited, own.id);
    expect(again.status).toBe(200);
    expect(again.body.revokedAt).toBe(res.body.revokedAt);
    const audit = await db().select().from(auditEvents).where(and(eq(auditEvents.subjectType, 'token'), eq(auditEvents.subjectId, own.id)));
    expect(audit.map((e) => [e.action, e.actorUserId])).toEqual([['token.revoked', primaryAdmin.id]]);
  });

  it("404 for a token beyond a company-limited admin (all companies, another company's), another tenant's or missing: the same answer, and it keeps working", async () => {
    const missing = await revoke(limited, newId());
    expectError(missing, 404, 'notFound');
    const wideToken = await createToken(db(), { tenantId: acme, name: unique('wide'), scopes: ['company.list'], companyIds: 'all' });
    const mixed = await createToken(db(), { tenantId: acme, name: unique('mixed'), scopes: ['company.list'], companyIds: [primary, secondary] });
    const northwind = await createToken(db(), { tenantId: DEMO.tenants.northwind.id, name: unique('nw'), scopes: ['company.list'], companyIds: 'all' });
    for (const t of [wideToken, mixed, northwind]) expect((await revoke(limited, t.id)).body).toEqual(missing.body);
    expect((await revoke(wide, northwind.id)).body).toEqual(missing.body);
    expect((await revoke({ token: await token({ tenant: 'northwind' }) }, wideToken.id)).body).toEqual(missing.body);
    clearPrincipalCache();
    for (const t of [wideToken, mixed, northwind]) expect(await authenticateToken(db(), t.token)).not.toBeNull();
  });

  it('401 without credentials; 403 for a manager and for a token without token.write; the token stays valid', async () => {
    const t = await createToken(db(), { tenantId: acme, name: unique('kept'), scopes: ['company.list'], companyIds: 'all' });
    expectError(await call('DELETE', `/api/v2/apiTokens/${t.id}`), 401, 'unauthenticated');
    expectError(await revoke(await asUser(manager), t.id), 403, 'insufficientScope');
    expectError(await revoke({ token: await token({ scopes: SCOPES.filter((s) => s !== 'token.write') }) }, t.id), 403, 'insufficientScope');
    clearPrincipalCache();
    expect(await authenticateToken(db(), t.token)).not.toBeNull();
  });
});
