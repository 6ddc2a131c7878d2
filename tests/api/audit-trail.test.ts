/**
 * Changes to API tokens, users, tenants and the webhook signing secret are domain operations that
 * write one audit entry in their own transaction, with the actor who made them: the operator CLI's
 * commands (run in-process, exactly as the CLI and the admin channel run them) act as the system
 * actor `cli`; the dashboard, calling /api/v2 with the signed-in admin's session cookie (a real
 * session, through the real route handlers), acts as the admin. A change that fails writes none.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareCommand } from '@/lib/admin/commands';
import { auditEvents, tenants } from '@/lib/db/schema';
import type { Database } from '@/lib/db/client';
import { DomainError } from '@/lib/domain/errors';
import { createTenant } from '@/lib/domain/tenants';
import { createUser } from '@/lib/domain/users';
import { newId } from '@/lib/ids';
import { DEMO } from '@/lib/seed';
import { asUser, createTestTenant, createTestUser, type TestUser } from './admins';
import { call, db, driver, withTestDatabase } from './harness';

withTestDatabase();

const acme = DEMO.tenants.acme.id;

/** A CLI command as the CLI runs it: parsed, then run on the database. */
async function cli(name: string, args: Record<string, string>): Promise<any> {
  const { command, input } = prepareCommand(name, args);
  const database: Database = { db: db(), driver: driver(), close: async () => undefined };
  return command.run(database, input);
}

/** The audit entries about one token, user or tenant, oldest first. */
function entriesAbout(type: string, id: string) {
  return db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectType, type), eq(auditEvents.subjectId, id)))
    .orderBy(auditEvents.createdAt, auditEvents.id);
}

const cliActor = { actorType: 'system', actorName: 'cli', actorUserId: null, actorTokenId: null, actorEmail: null };
const userActor = (user: TestUser) => ({ actorType: 'user', actorUserId: user.id, actorEmail: user.email, actorName: null, actorTokenId: null });

/** Entries of an action whose data names `value` under `key` (test files share the PostgreSQL database: count only our own). */
const entriesNaming = async (action: string, key: string, value: string) =>
  (await db().select({ n: sql<number>`count(*)::int` }).from(auditEvents).where(and(eq(auditEvents.action, action), sql`${auditEvents.data}->>${key} = ${value}`)))[0].n;

let admin: TestUser;

beforeAll(async () => {
  admin = await createTestUser(acme, 'admin', 'all');
});

describe('token.created', () => {
  it('by the CLI: one entry, system actor cli, what was granted and never the token', async () => {
    const created = await cli('token create', { tenant: 'acme', scopes: 'order.read,order.list', name: 'audited' });
    const entries = await entriesAbout('token', created.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ tenantId: acme, orderId: null, action: 'token.created', ...cliActor });
    expect(entries[0].data).toEqual({ name: 'audited', scopes: ['order.read', 'order.list'], companyIds: 'all', expiresAt: null });
    expect(JSON.stringify(entries[0])).not.toContain(created.token);
  });

  it('by a dashboard admin: one entry, the admin as actor', async () => {
    const res = await call('POST', '/api/v2/apiTokens', { ...(await asUser(admin)), body: { name: `dash-${newId()}`, scopes: ['company.list'], allCompanies: true, expiresInDays: null } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const entries = await entriesAbout('token', res.body.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ tenantId: acme, action: 'token.created', ...userActor(admin) });
  });

  it('none when the token is refused (an unknown company): the change and its entry go together', async () => {
    const name = `refused-${newId()}`;
    await expect(cli('token create', { tenant: 'acme', companies: 'no-such-company', name })).rejects.toThrow(/Unknown company id/);
    expect(await entriesNaming('token.created', 'name', name)).toBe(0);
  });
});

describe('token.revoked', () => {
  it('by the CLI: one entry, system actor cli; revoking again records nothing more', async () => {
    const created = await cli('token create', { tenant: 'acme' });
    expect(await cli('token revoke', { id: created.id })).toEqual({ id: created.id, revoked: true });
    expect(await cli('token revoke', { id: created.id })).toEqual({ id: created.id, revoked: true });
    const revoked = (await entriesAbout('token', created.id)).filter((e) => e.action === 'token.revoked');
    expect(revoked).toHaveLength(1);
    expect(revoked[0]).toMatchObject({ tenantId: acme, ...cliActor });
  });

  it('by a dashboard admin: one entry, the admin as actor', async () => {
    const created = await cli('token create', { tenant: 'acme' });
    expect((await call('DELETE', `/api/v2/apiTokens/${created.id}`, await asUser(admin))).status).toBe(200);
    const revoked = (await entriesAbout('token', created.id)).filter((e) => e.action === 'token.revoked');
    expect(revoked).toHaveLength(1);
    expect(revoked[0]).toMatchObject({ tenantId: acme, ...userActor(admin) });
  });

  it('two revocations at once record one entry', async () => {
    const created = await cli('token create', { tenant: 'acme' });
    await Promise.all([cli('token revoke', { id: created.id }), cli('token revoke', { id: created.id })]);
    expect((await entriesAbout('token', created.id)).filter((e) => e.action === 'token.revoked')).toHaveLength(1);
  });
});

describe('user.created', () => {
  it('by the CLI: one entry, system actor cli, the role and companies and never the password', async () => {
    const email = `audited-${newId().toLowerCase()}@acme.test`;
    const user = await cli('user create', { tenant: 'acme', email, role: 'staff', password: 'correct horse' });
    const entries = await entriesAbout('user', user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ tenantId: acme, action: 'user.created', ...cliActor });
    expect(entries[0].data).toEqual({ email, name: null, role: 'staff', companyIds: 'all' });
    expect(JSON.stringify(entries[0])).not.toContain('correct horse');
  });

  it('none for a duplicate e-mail address (409 conflict)', async () => {
    const email = `twice-${newId().toLowerCase()}@acme.test`;
    await cli('user create', { tenant: 'acme', email, role: 'viewer' });
    await expect(cli('user create', { tenant: 'acme', email, role: 'viewer' })).rejects.toThrow(/already exists/);
    expect(await entriesNaming('user.created', 'email', email)).toBe(1);
  });

  it('403 insufficientScope at /role: a creator never gives a role with scopes it does not hold', async () => {
    const manager = await createTestUser(acme, 'manager', 'all');
    const error = await createUser({ ctx: manager.ctx, input: { email: `x-${newId()}@acme.test`, role: 'admin', password: 'long enough', companyIds: 'all' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).entries[0]).toMatchObject({ code: 'insufficientScope', pointer: '/role' });
  });
});

describe('tenant.created', () => {
  it('by the CLI: one entry in the new tenant, system actor cli', async () => {
    const slug = `audit-${newId().toLowerCase()}`;
    const tenant = await cli('tenant create', { slug, name: 'Audited' });
    const entries = await entriesAbout('tenant', tenant.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ tenantId: tenant.id, action: 'tenant.created', data: { slug, name: 'Audited' }, ...cliActor });
  });

  it('none when the slug is taken (409 conflict)', async () => {
    await expect(cli('tenant create', { slug: 'acme', name: 'Again' })).rejects.toThrow(/already exists/);
    expect(await entriesNaming('tenant.created', 'slug', 'acme')).toBe(0);
  });

  it('403 insufficientScope for anyone but the operator, even a tenant-wide admin', async () => {
    const error = await createTenant({ ctx: admin.ctx, input: { slug: `x-${newId().toLowerCase()}`, name: 'No' } }).catch((e: unknown) => e);
    expect((error as DomainError).entries[0].code).toBe('insufficientScope');
  });
});

describe('tenant.webhookSecretRotated', () => {
  let tenant: { id: string };
  let slug: string;

  beforeAll(async () => {
    tenant = await createTestTenant();
    [{ slug }] = await db().select({ slug: tenants.slug }).from(tenants).where(eq(tenants.id, tenant.id));
  });

  const rotations = async () => (await entriesAbout('tenant', tenant.id)).filter((e) => e.action === 'tenant.webhookSecretRotated');

  it('by the CLI: one entry, system actor cli, never the secret', async () => {
    const { secret } = await cli('webhook-secret rotate', { tenant: slug });
    const entries = await rotations();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ tenantId: tenant.id, data: {}, ...cliActor });
    expect(JSON.stringify(entries[0])).not.toContain(secret);
  });

  it('by a dashboard admin: one more entry, the admin as actor', async () => {
    const wide = await createTestUser(tenant.id, 'admin', 'all');
    expect((await call('POST', '/api/v2/webhooks/secret/rotation', await asUser(wide))).status).toBe(200);
    const entries = await rotations();
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({ tenantId: tenant.id, ...userActor(wide) });
  });

  it('none when an admin limited to some companies is refused', async () => {
    const limited = await createTestUser(tenant.id, 'admin', []);
    const before = (await rotations()).length;
    expect((await call('POST', '/api/v2/webhooks/secret/rotation', await asUser(limited))).status).toBe(403);
    expect(await rotations()).toHaveLength(before);
  });
});

