/**
 * User management and invitations (DESIGN.md 6.4), the domain operations the /settings/users page
 * and the invitation page call: who may invite, change and deactivate whom (a company-limited admin
 * only within its companies), deactivation ending sessions at once, and the one-time invitation
 * link (single use, expiry, revocation by a resend) through its accept endpoint. Issue 26: an
 * address of another tenant is invited like a fresh one, and the most common passwords are refused.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { POST as acceptRoute } from '@/app/invite/[token]/accept/route';
import { principalForSession, startUserSession, verifyCredentials } from '@/lib/auth/session';
import { auditEvents, messages, userInvitations, users } from '@/lib/db/schema';
import { DomainError } from '@/lib/domain/errors';
import { setupProgress } from '@/lib/domain/tenants/setup-progress';
import {
  acceptInvitation,
  createUser,
  deactivateUser,
  invitationByToken,
  inviteUser,
  listUsers,
  reactivateUser,
  resendInvitation,
  updateUser,
  InvitationGone,
} from '@/lib/domain/users';
import { hashInvitationToken } from '@/lib/domain/users/invitations';
import { newId } from '@/lib/ids';
import { openSecret } from '@/lib/secrets';
import { DEMO } from '@/lib/seed';
import { createTestTenant, createTestUser, operatorCtx, type TestUser } from './admins';
import { db, withTestDatabase } from './harness';

withTestDatabase();

const acme = DEMO.tenants.acme.id;
const { primary, secondary } = DEMO.acme.companies;
const northwindPrimary = DEMO.northwind.companies.primary;

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

const email = (label: string) => `${label}-${newId().toLowerCase()}@users.test`;

/** The token of a user's newest invitation, as the messages worker reads it to render the link. */
async function invitationToken(userId: string): Promise<string> {
  const rows = await db().select().from(userInvitations).where(eq(userInvitations.userId, userId));
  rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.revokedAt ? 1 : -1));
  const open = rows.find((r) => !r.revokedAt && !r.usedAt) ?? rows[0];
  return openSecret(open.tokenEncrypted);
}

async function accept(token: string, body: unknown) {
  const request = new Request(`http://localhost/invite/${token}/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const response = await acceptRoute(request, { params: Promise.resolve({ token }) });
  return { status: response.status, headers: response.headers, body: await response.json() };
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

describe('inviteUser', () => {
  it('creates the user without a password, a 7-day invitation stored as hash and sealed token, and queues its e-mail', async () => {
    const address = email('invited');
    const invited = await inviteUser({ ctx: tenantAdmin.ctx, input: { email: address.toUpperCase(), name: ' Ivy ', role: 'staff', companyIds: [primary] } });
    expect(invited).toMatchObject({ email: address, name: 'Ivy', role: 'staff', companyIds: [primary] });

    const [user] = await db().select().from(users).where(eq(users.id, invited.id));
    expect(user.passwordHash).toBeNull();
    const [invitation] = await db().select().from(userInvitations).where(eq(userInvitations.userId, invited.id));
    const token = openSecret(invitation.tokenEncrypted);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(invitation.tokenHash).toBe(hashInvitationToken(token));
    expect(invitation.tokenEncrypted).not.toContain(token);
    expect(invitation.createdByUserId).toBe(tenantAdmin.id);
    const days = (invitation.expiresAt.getTime() - invitation.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);

    const [message] = await db().select().from(messages).where(eq(messages.invitationId, invitation.id));
    expect(message).toMatchObject({ tenantId: acme, channel: 'email', template: 'userInvitation', status: 'queued', data: { invitationId: invitation.id } });
    expect(openSecret(message.toEncrypted)).toBe(address);
    expect(message.toMasked).toBe(`${address[0]}***@users.test`);

    const listed = (await listUsers(tenantAdmin.ctx)).find((u) => u.id === invited.id);
    expect(listed).toMatchObject({ status: 'invited', role: 'staff', companyIds: [primary], invitationExpiresAt: invitation.expiresAt.toISOString() });

    const audit = await db().select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.subjectId, invited.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['user.created', 'user.invited']);
  });

  it('a company-limited admin invites into its own companies', async () => {
    const invited = await inviteUser({ ctx: primaryAdmin.ctx, input: { email: email('limited'), role: 'viewer', companyIds: [primary] } });
    expect(invited.companyIds).toEqual([primary]);
  });

  it('403 insufficientScope at /companyIds: a company-limited admin grants all companies; nothing is written', async () => {
    const address = email('all');
    expectEntry(await domainError(inviteUser({ ctx: primaryAdmin.ctx, input: { email: address, role: 'viewer', companyIds: 'all' } })), 'insufficientScope', '/companyIds');
    expect(await db().select().from(users).where(eq(users.email, address))).toEqual([]);
  });

  it('403 insufficientScope at /companyIds: a company-limited admin grants a company it does not have', async () => {
    const error = await domainError(inviteUser({ ctx: primaryAdmin.ctx, input: { email: email('other'), role: 'viewer', companyIds: [primary, secondary] } }));
    expectEntry(error, 'insufficientScope', '/companyIds');
  });

  it('403 insufficientScope at /role: a manager cannot give the admin role', async () => {
    expectEntry(await domainError(inviteUser({ ctx: manager.ctx, input: { email: email('up'), role: 'admin', companyIds: 'all' } })), 'insufficientScope', '/role');
  });

  it('404 notFound at /companyIds: a company of another tenant', async () => {
    const error = await domainError(inviteUser({ ctx: tenantAdmin.ctx, input: { email: email('foreign'), role: 'viewer', companyIds: [northwindPrimary] } }));
    expectEntry(error, 'notFound', '/companyIds');
  });

  it('409 conflict at /email: the address is a user of the tenant; 400 invalidFormat at /email for a bad one', async () => {
    expectEntry(await domainError(inviteUser({ ctx: tenantAdmin.ctx, input: { email: DEMO.acme.users.staff, role: 'viewer', companyIds: 'all' } })), 'conflict', '/email');
    expectEntry(await domainError(inviteUser({ ctx: tenantAdmin.ctx, input: { email: 'not-an-address', role: 'viewer', companyIds: 'all' } })), 'invalidFormat', '/email');
  });

  it('an address of another tenant answers exactly like a fresh one, and nothing is written or sent (issue 26)', async () => {
    const [foreign] = await db().select().from(users).where(eq(users.email, DEMO.northwind.users.admin));
    const input = { name: ' Nora ', role: 'staff', companyIds: [primary, primary] };
    const fresh = await inviteUser({ ctx: tenantAdmin.ctx, input: { ...input, email: email('fresh') } });
    const taken = await inviteUser({ ctx: tenantAdmin.ctx, input: { ...input, email: ` ${DEMO.northwind.users.admin.toUpperCase()} ` } });
    // The same shape, field by field: only the values that differ for any two invitations differ.
    const shape = (v: object) => Object.fromEntries(Object.entries(v).map(([k, x]) => [k, Array.isArray(x) ? 'array' : typeof x]));
    expect(shape(taken)).toEqual(shape(fresh));
    expect(taken).toMatchObject({ email: DEMO.northwind.users.admin, name: 'Nora', role: 'staff', companyIds: [primary] });
    expect(taken.id).not.toBe(foreign.id);
    for (const v of [fresh, taken]) expect(Math.abs(Date.parse(v.invitationExpiresAt) - Date.parse(v.createdAt) - 7 * 86_400_000)).toBeLessThan(1000);

    // The other tenant's account is untouched: no invitation, no message, no second user.
    expect(await db().select().from(users).where(eq(users.email, DEMO.northwind.users.admin))).toEqual([foreign]);
    expect(await db().select().from(userInvitations).where(eq(userInvitations.userId, foreign.id))).toEqual([]);
    expect(await db().select().from(userInvitations).where(eq(userInvitations.id, taken.invitationId))).toEqual([]);
    expect(await db().select().from(messages).where(eq(messages.invitationId, taken.invitationId))).toEqual([]);
    expect(await db().select().from(auditEvents).where(eq(auditEvents.subjectId, taken.id))).toEqual([]);
    expect(await verifyCredentials(db(), DEMO.northwind.users.admin, 'demo-password')).toMatchObject({ id: foreign.id, tenantId: foreign.tenantId });
  });

  it('the rules come before the address: another tenant\'s address with a grant beyond the inviter is refused like a fresh one', async () => {
    expectEntry(await domainError(inviteUser({ ctx: primaryAdmin.ctx, input: { email: DEMO.northwind.users.admin, role: 'viewer', companyIds: 'all' } })), 'insufficientScope', '/companyIds');
  });

  it('the operator\'s CLI, which sees every tenant, is still told the address is taken', async () => {
    const error = await domainError(createUser({ ctx: await operatorCtx(acme), input: { email: DEMO.northwind.users.admin, role: 'viewer', password: 'a good password', companyIds: 'all' } }));
    expectEntry(error, 'conflict', '/email');
  });
});

describe('listUsers', () => {
  it('a tenant-wide admin sees every user of its tenant, none of another', async () => {
    const listed = await listUsers(tenantAdmin.ctx);
    const emails = listed.map((u) => u.email);
    expect(emails).toContain(DEMO.acme.users.admin);
    expect(emails).toContain(primaryAdmin.email);
    expect(emails).not.toContain(DEMO.northwind.users.admin);
    expect(listed.find((u) => u.email === DEMO.acme.users.admin)).toMatchObject({ status: 'active', role: 'admin', companyIds: 'all', invitationExpiresAt: null });
  });

  it('a company-limited admin sees only users limited to its companies', async () => {
    const listed = await listUsers(primaryAdmin.ctx);
    expect(listed.length).toBeGreaterThan(0);
    for (const u of listed) {
      expect(u.companyIds).not.toBe('all');
      expect((u.companyIds as string[]).every((id) => id === primary)).toBe(true);
    }
    expect(listed.map((u) => u.email)).not.toContain(tenantAdmin.email);
  });
});

describe('updateUser', () => {
  it('changes role and companies; the next request of the user has the new principal; audited with before and after', async () => {
    const target = await createTestUser(acme, 'manager', 'all');
    const updated = await updateUser({ ctx: tenantAdmin.ctx, input: { id: target.id, role: 'viewer', companyIds: [secondary] } });
    expect(updated).toMatchObject({ role: 'viewer', companyIds: [secondary], status: 'active' });
    const principal = await principalForSession(db(), { userId: target.id, sessionId: target.sessionId });
    expect(principal?.role).toBe('viewer');
    expect(principal?.companyIds).toEqual([secondary]);
    expect(principal?.allCompanies).toBe(false);
    const [entry] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, target.id), eq(auditEvents.action, 'user.updated')));
    expect(entry.data).toEqual({ before: { role: 'manager', companyIds: 'all' }, after: { role: 'viewer', companyIds: [secondary] } });
    expect(entry.actorUserId).toBe(tenantAdmin.id);
  });

  it('404 notFound at /id: a company-limited admin edits a user outside its companies (all companies, or another company)', async () => {
    const wide = await createTestUser(acme, 'manager', 'all');
    const other = await createTestUser(acme, 'manager', [secondary]);
    for (const id of [wide.id, other.id]) expectEntry(await domainError(updateUser({ ctx: primaryAdmin.ctx, input: { id, role: 'viewer' } })), 'notFound');
  });

  it('404 notFound at /id: a user of another tenant', async () => {
    const [foreign] = await db().select({ id: users.id }).from(users).where(eq(users.email, DEMO.northwind.users.admin));
    expectEntry(await domainError(updateUser({ ctx: tenantAdmin.ctx, input: { id: foreign.id, role: 'viewer' } })), 'notFound');
  });

  it('403 insufficientScope at /companyIds: a company-limited admin widens its user to all companies or another company', async () => {
    const own = await createTestUser(acme, 'manager', [primary]);
    expectEntry(await domainError(updateUser({ ctx: primaryAdmin.ctx, input: { id: own.id, companyIds: 'all' } })), 'insufficientScope', '/companyIds');
    expectEntry(await domainError(updateUser({ ctx: primaryAdmin.ctx, input: { id: own.id, companyIds: [secondary] } })), 'insufficientScope', '/companyIds');
    const [row] = await db().select().from(users).where(eq(users.id, own.id));
    expect(row).toMatchObject({ allCompanies: false, companyIds: [primary] });
  });

  it('422 invalidState at /id: an admin cannot change its own role; 400 invalidValue at /role for an unknown role', async () => {
    expectEntry(await domainError(updateUser({ ctx: tenantAdmin.ctx, input: { id: tenantAdmin.id, role: 'viewer' } })), 'invalidState');
    expectEntry(await domainError(updateUser({ ctx: tenantAdmin.ctx, input: { id: manager.id, role: 'owner' } })), 'invalidValue', '/role');
  });
});

describe('deactivateUser', () => {
  it('ends every session of the user at once, refuses its sign-in, revokes its open invitation; reactivation lets it sign in again', async () => {
    const target = await createTestUser(acme, 'manager', 'all');
    const second = await startUserSession(db(), target.id);
    expect(await principalForSession(db(), { userId: target.id, sessionId: second })).not.toBeNull();

    const result = await deactivateUser({ ctx: tenantAdmin.ctx, input: { id: target.id } });
    expect(result).toEqual({ id: target.id, endedSessions: 2 });
    for (const sessionId of [target.sessionId, second]) expect(await principalForSession(db(), { userId: target.id, sessionId })).toBeNull();
    expect(await verifyCredentials(db(), target.email, 'test-password')).toBeNull();
    expect((await listUsers(tenantAdmin.ctx)).find((u) => u.id === target.id)?.status).toBe('deactivated');

    // Twice is not an error and records one entry.
    expect(await deactivateUser({ ctx: tenantAdmin.ctx, input: { id: target.id } })).toEqual({ id: target.id, endedSessions: 0 });
    const entries = await db().select().from(auditEvents).where(and(eq(auditEvents.subjectId, target.id), eq(auditEvents.action, 'user.deactivated')));
    expect(entries).toHaveLength(1);

    await reactivateUser({ ctx: tenantAdmin.ctx, input: { id: target.id } });
    expect(await verifyCredentials(db(), target.email, 'test-password')).not.toBeNull();
    // The ended sessions stay ended: the user signs in again.
    expect(await principalForSession(db(), { userId: target.id, sessionId: second })).toBeNull();
  });

  it('an invited user deactivated: its link is revoked', async () => {
    const invited = await inviteUser({ ctx: tenantAdmin.ctx, input: { email: email('gone'), role: 'viewer', companyIds: 'all' } });
    const token = await invitationToken(invited.id);
    await deactivateUser({ ctx: tenantAdmin.ctx, input: { id: invited.id } });
    expect((await invitationByToken(db(), token))?.state).toBe('revoked');
  });

  it('404 notFound at /id for a user outside a company-limited admin; 422 invalidState at /id for oneself', async () => {
    expectEntry(await domainError(deactivateUser({ ctx: primaryAdmin.ctx, input: { id: manager.id } })), 'notFound');
    expectEntry(await domainError(deactivateUser({ ctx: primaryAdmin.ctx, input: { id: primaryAdmin.id } })), 'invalidState');
    expect(await principalForSession(db(), { userId: manager.id, sessionId: manager.sessionId })).not.toBeNull();
  });
});

describe('POST /invite/{token}/accept', () => {
  it('200: sets the password once; the user signs in with it; the link is then used (410 invitationUsed)', async () => {
    const address = email('accept');
    const invited = await inviteUser({ ctx: tenantAdmin.ctx, input: { email: address, role: 'staff', companyIds: 'all' } });
    const token = await invitationToken(invited.id);
    expect(await invitationByToken(db(), token)).toMatchObject({ state: 'valid', email: address, tenantName: DEMO.tenants.acme.name });

    const first = await accept(token, { password: 'a good password' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ email: address });
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(await verifyCredentials(db(), address, 'a good password')).toMatchObject({ id: invited.id });
    expect((await listUsers(tenantAdmin.ctx)).find((u) => u.id === invited.id)?.status).toBe('active');

    const again = await accept(token, { password: 'another password' });
    expect(again.status).toBe(410);
    expect(again.body).toEqual({ statusCode: 410, error: 'Gone', errors: [{ code: 'invitationUsed', detail: expect.stringContaining('already been used') }] });
    expect(await verifyCredentials(db(), address, 'another password')).toBeNull();
    const [entry] = await db().select().from(auditEvents).where(and(eq(auditEvents.subjectId, invited.id), eq(auditEvents.action, 'user.invitationAccepted')));
    expect(entry).toMatchObject({ actorType: 'user', actorUserId: invited.id, actorEmail: address });
  });

  it('410 invitationExpired after 7 days', async () => {
    const invited = await inviteUser({ ctx: tenantAdmin.ctx, input: { email: email('late'), role: 'staff', companyIds: 'all' } });
    const token = await invitationToken(invited.id);
    await db().update(userInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(userInvitations.userId, invited.id));
    const response = await accept(token, { password: 'a good password' });
    expect(response.status).toBe(410);
    expect(response.body.errors[0].code).toBe('invitationExpired');
    expect((await invitationByToken(db(), token))?.state).toBe('expired');
  });

  it('410 invitationRevoked: a resend revokes the previous link; the new one works', async () => {
    const invited = await inviteUser({ ctx: tenantAdmin.ctx, input: { email: email('resend'), role: 'staff', companyIds: 'all' } });
    const old = await invitationToken(invited.id);
    const resent = await resendInvitation({ ctx: tenantAdmin.ctx, input: { id: invited.id } });
    const fresh = await invitationToken(invited.id);
    expect(fresh).not.toBe(old);
    const queued = await db().select().from(messages).where(eq(messages.invitationId, resent.invitationId));
    expect(queued).toHaveLength(1);

    const refused = await accept(old, { password: 'a good password' });
    expect(refused.status).toBe(410);
    expect(refused.body.errors[0].code).toBe('invitationRevoked');
    expect((await accept(fresh, { password: 'a good password' })).status).toBe(200);
    // Signed up: no more invitations for this user.
    expectEntry(await domainError(resendInvitation({ ctx: tenantAdmin.ctx, input: { id: invited.id } })), 'invalidState');
  });

  it('400 tooSmall at /password for a short password, 400 required for none; the link stays valid', async () => {
    const invited = await inviteUser({ ctx: tenantAdmin.ctx, input: { email: email('short'), role: 'staff', companyIds: 'all' } });
    const token = await invitationToken(invited.id);
    const short = await accept(token, { password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.errors[0]).toMatchObject({ code: 'tooSmall', source: { pointer: '/password' } });
    const none = await accept(token, {});
    expect(none.status).toBe(400);
    expect(none.body.errors[0]).toMatchObject({ code: 'required', source: { pointer: '/password' } });
    expect((await invitationByToken(db(), token))?.state).toBe('valid');
  });

  it('400 invalidValue at /password for one of the most common passwords, whatever its case; the link stays valid', async () => {
    const invited = await inviteUser({ ctx: tenantAdmin.ctx, input: { email: email('common'), role: 'staff', companyIds: 'all' } });
    const token = await invitationToken(invited.id);
    for (const password of ['12345678', 'PassWord1', 'iloveyou']) {
      const refused = await accept(token, { password });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0]).toMatchObject({ code: 'invalidValue', source: { pointer: '/password' } });
    }
    expect((await invitationByToken(db(), token))?.state).toBe('valid');
    expect((await accept(token, { password: 'a good password' })).status).toBe(200);
  });

  it('404 notFound for a token that never existed', async () => {
    const response = await accept('x'.repeat(43), { password: 'a good password' });
    expect(response.status).toBe(404);
    expect(response.body.errors[0].code).toBe('notFound');
    expect(await invitationByToken(db(), 'x'.repeat(43))).toBeNull();
  });

  it('two accepts of one link at once: exactly one succeeds', async () => {
    const invited = await inviteUser({ ctx: tenantAdmin.ctx, input: { email: email('race'), role: 'staff', companyIds: 'all' } });
    const token = await invitationToken(invited.id);
    const results = await Promise.allSettled([acceptInvitation(db(), { token, password: 'password one' }), acceptInvitation(db(), { token, password: 'password two' })]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(InvitationGone);
  });
});

describe('createUser (the operator\'s CLI)', () => {
  it('400 invalidValue at /password for one of the most common passwords, whatever its case; nothing is written', async () => {
    const address = email('cli');
    for (const password of ['12345678', 'QWERTY123']) {
      expectEntry(await domainError(createUser({ ctx: await operatorCtx(acme), input: { email: address, role: 'viewer', password, companyIds: 'all' } })), 'invalidValue', '/password');
    }
    expect(await db().select().from(users).where(eq(users.email, address))).toEqual([]);
    expect(await createUser({ ctx: await operatorCtx(acme), input: { email: address, role: 'viewer', password: 'a good password', companyIds: 'all' } })).toMatchObject({ email: address });
  });
});

describe('setupProgress', () => {
  it('a new tenant has nothing set up; the demo tenant has companies, locations, packages, clinics and users', async () => {
    const tenant = await createTestTenant();
    expect(await setupProgress(db(), tenant.id)).toEqual({
      company: false,
      location: false,
      package: false,
      clinics: false,
      user: false,
      apiToken: false,
      webhook: false,
      complete: false,
      firstRun: true,
    });
    expect(await setupProgress(db(), acme)).toMatchObject({ company: true, location: true, package: true, clinics: true, user: true, firstRun: false });
  });
});
