/**
 * Password reset (issue 29): POST /api/auth/password-reset asks for a one-time link (202, the same
 * answer whether or not the address has an account; limited per e-mail and per client address),
 * POST /api/auth/password-reset/confirm sets the new password with it: once, within an hour, only
 * the newest link, ending every session of the user and unlocking its sign-in; audited. On both
 * engines: the limits are the rate limiter's (memory on PGlite, shared on PostgreSQL).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { POST as confirmRoute } from '@/app/api/auth/password-reset/confirm/route';
import { POST as requestRoute } from '@/app/api/auth/password-reset/route';
import { principalForSession, verifyCredentials } from '@/lib/auth/session';
import { takeSignInAttempt } from '@/lib/auth/sign-in-guard';
import { auditEvents, messages, userInvitations, users } from '@/lib/db/schema';
import { renderMessage } from '@/lib/domain/messages/render';
import { openSecret } from '@/lib/secrets';
import { DEMO } from '@/lib/seed';
import { listMailbox } from '@/lib/domain/messages/queries';
import { runDueMessages } from '@/lib/worker/message-send';
import { providersFromEnv } from '@/lib/worker/providers';
import { createTestTenant, createTestUser } from './admins';
import { db, withTestDatabase } from './harness';

withTestDatabase();

const acme = DEMO.tenants.acme.id;
const { primary } = DEMO.acme.companies;

const json = (path: string, body: unknown) => new Request(`http://localhost${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const ask = (body: unknown) => requestRoute(json('/api/auth/password-reset', body));
const confirm = (body: unknown) => confirmRoute(json('/api/auth/password-reset/confirm', body));

const resetMessagesOf = (userId: string) =>
  db()
    .select({ id: messages.id, to: messages.toEncrypted, template: messages.template, invitationId: messages.invitationId, tenantId: messages.tenantId, orderId: messages.orderId, data: messages.data })
    .from(messages)
    .innerJoin(userInvitations, eq(userInvitations.id, messages.invitationId))
    .where(and(eq(userInvitations.userId, userId), eq(userInvitations.purpose, 'passwordReset')))
    .orderBy(messages.createdAt);

/** The link the e-mail carries, as its recipient reads it. */
async function linkOf(userId: string, nth = -1): Promise<string> {
  const sent = await resetMessagesOf(userId);
  const message = sent.at(nth)!;
  const rendered = await renderMessage(db(), { ...message, data: message.data as Record<string, unknown> });
  return /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(rendered.text)![1];
}

const saved = process.env.RATE_LIMIT_ANONYMOUS_PER_MINUTE;
afterEach(() => {
  if (saved === undefined) delete process.env.RATE_LIMIT_ANONYMOUS_PER_MINUTE;
  else process.env.RATE_LIMIT_ANONYMOUS_PER_MINUTE = saved;
});

describe('POST /api/auth/password-reset', () => {
  it('202 with the same body for an account and for an unknown address; only the account gets an e-mail, with a one-hour link; audited', async () => {
    const user = await createTestUser(acme, 'manager', [primary]);
    const known = await ask({ email: user.email.toUpperCase() });
    const unknown = await ask({ email: `nobody-${randomUUID()}@acme.test` });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    const body = await known.json();
    expect(body).toEqual(await unknown.json());
    expect(body).toEqual({ message: 'If this e-mail address has an account, a link to choose a new password is on its way. It works once, for one hour.' });

    const sent = await resetMessagesOf(user.id);
    expect(sent.map((m) => [m.template, openSecret(m.to)])).toEqual([['passwordReset', user.email]]);
    const [link] = await db().select().from(userInvitations).where(and(eq(userInvitations.userId, user.id), eq(userInvitations.purpose, 'passwordReset')));
    // One hour from when it was made (the row's created_at is the insert's own clock).
    expect((link.expiresAt.getTime() - link.createdAt.getTime()) / 60_000).toBeCloseTo(60, 1);
    // Hashed: the token itself is not stored in clear.
    const token = await linkOf(user.id);
    expect(link.tokenHash).not.toContain(token);
    expect(link.tokenEncrypted).not.toContain(token);
    const audit = await db().select({ actorType: auditEvents.actorType, actorName: auditEvents.actorName }).from(auditEvents).where(and(eq(auditEvents.subjectId, user.id), eq(auditEvents.action, 'user.passwordReset.requested')));
    expect(audit).toEqual([{ actorType: 'system', actorName: 'password reset' }]);
  });

  it('a deactivated user gets nothing, with the same answer', async () => {
    const user = await createTestUser(acme, 'manager', [primary]);
    await db().update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    const res = await ask({ email: user.email });
    expect(res.status).toBe(202);
    expect(await resetMessagesOf(user.id)).toEqual([]);
  });

  it('400 with a pointer for what is no e-mail address, and for a member it does not know', async () => {
    const bad = await ask({ email: 'not an address' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', errors: [{ code: 'invalidFormat', source: { pointer: '/email' } }] });
    const missing = await ask({});
    expect(await missing.json()).toMatchObject({ statusCode: 400, errors: [{ code: 'required', source: { pointer: '/email' } }] });
    const extra = await ask({ email: 'a@b.test', admin: true });
    expect(extra.status).toBe(400);
    expect((await extra.json()).errors[0].code).toBe('unrecognizedKeys');
  });

  it('at most 3 links per e-mail an hour; the answer stays 202', async () => {
    const user = await createTestUser(acme, 'manager', [primary]);
    for (let i = 0; i < 5; i++) expect((await ask({ email: user.email })).status).toBe(202);
    expect(await resetMessagesOf(user.id)).toHaveLength(3);
  });

  it('429 tooManyRequests with Retry-After past the limit per client address', async () => {
    process.env.RATE_LIMIT_ANONYMOUS_PER_MINUTE = '2';
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 4; i++) {
      const res = await ask({ email: `nobody-${randomUUID()}@acme.test` });
      statuses.push(res.status);
      if (res.status === 429) refused = res;
    }
    expect(statuses).toContain(429);
    expect(refused!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await refused!.json()).errors[0].code).toBe('tooManyRequests');
  });
});

describe('POST /api/auth/password-reset/confirm', () => {
  it('sets the new password once: every session ends, sign-in is unlocked, the old password stops working; audited', async () => {
    const user = await createTestUser(acme, 'manager', [primary]);
    // Locked out by guesses from one address.
    const from = `203.0.113.${Math.floor(Math.random() * 250) + 1}-${randomUUID().slice(0, 4)}`;
    for (let i = 0; i < 10; i++) await takeSignInAttempt(db(), { email: user.email, address: from });
    expect((await takeSignInAttempt(db(), { email: user.email, address: from })).refusal).not.toBeNull();
    expect(await principalForSession(db(), { userId: user.id, sessionId: user.sessionId })).not.toBeNull();

    await ask({ email: user.email });
    const token = await linkOf(user.id);
    const res = await confirm({ token, password: 'a brand new password' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: user.email });
    expect(res.headers.get('cache-control')).toBe('no-store');

    expect(await principalForSession(db(), { userId: user.id, sessionId: user.sessionId })).toBeNull();
    expect((await takeSignInAttempt(db(), { email: user.email, address: from })).refusal).toBeNull();
    expect(await verifyCredentials(db(), user.email, 'test-password')).toBeNull();
    expect(await verifyCredentials(db(), user.email, 'a brand new password')).toMatchObject({ id: user.id });
    const [audit] = await db().select().from(auditEvents).where(and(eq(auditEvents.subjectId, user.id), eq(auditEvents.action, 'user.passwordReset')));
    expect(audit).toMatchObject({ actorType: 'user', actorUserId: user.id, data: { endedSessions: 1 } });

    // Single use.
    const again = await confirm({ token, password: 'yet another password' });
    expect(again.status).toBe(410);
    expect(await again.json()).toEqual({ statusCode: 410, error: 'Gone', errors: [{ code: 'resetLinkUsed', detail: 'This password reset link has already been used. Sign in with your new password, or ask for a new link.' }] });
  });

  it('a newer link revokes the older one (410 resetLinkRevoked)', async () => {
    const user = await createTestUser(acme, 'manager', [primary]);
    await ask({ email: user.email });
    await ask({ email: user.email });
    const older = await linkOf(user.id, 0);
    const newer = await linkOf(user.id, 1);
    const revoked = await confirm({ token: older, password: 'a brand new password' });
    expect(revoked.status).toBe(410);
    expect((await revoked.json()).errors[0].code).toBe('resetLinkRevoked');
    expect((await confirm({ token: newer, password: 'a brand new password' })).status).toBe(200);
  });

  it('410 resetLinkExpired after its hour; 404 notFound for a token that never existed', async () => {
    const user = await createTestUser(acme, 'manager', [primary]);
    await ask({ email: user.email });
    const token = await linkOf(user.id);
    await db().update(userInvitations).set({ expiresAt: new Date(Date.now() - 1) }).where(and(eq(userInvitations.userId, user.id), eq(userInvitations.purpose, 'passwordReset')));
    const expired = await confirm({ token, password: 'a brand new password' });
    expect(expired.status).toBe(410);
    expect((await expired.json()).errors[0].code).toBe('resetLinkExpired');
    expect(await verifyCredentials(db(), user.email, 'test-password')).toMatchObject({ id: user.id });

    const unknown = await confirm({ token: 'x'.repeat(43), password: 'a brand new password' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ statusCode: 404, errors: [{ code: 'notFound' }] });
  });

  it('400 at /password for a short or common password, at /token without one; the link stays valid', async () => {
    const user = await createTestUser(acme, 'manager', [primary]);
    await ask({ email: user.email });
    const token = await linkOf(user.id);
    const short = await confirm({ token, password: 'short' });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ statusCode: 400, errors: [{ code: 'tooSmall', source: { pointer: '/password' } }] });
    const common = await confirm({ token, password: 'Password123' });
    expect(common.status).toBe(400);
    expect(await common.json()).toMatchObject({ errors: [{ code: 'invalidValue', source: { pointer: '/password' } }] });
    const noToken = await confirm({ password: 'a brand new password' });
    expect(await noToken.json()).toMatchObject({ statusCode: 400, errors: [{ code: 'required', source: { pointer: '/token' } }] });
    expect((await confirm({ token, password: 'a brand new password' })).status).toBe(200);
  });
});

describe('the staging mailbox', () => {
  it('shows the reset e-mail whole to its recipient, masked to another admin, with no invitation to resend', async () => {
    const tenant = (await createTestTenant()).id;
    const [user, admin] = await Promise.all([createTestUser(tenant, 'admin', 'all'), createTestUser(tenant, 'admin', 'all')]);
    await ask({ email: user.email });
    const [message] = await resetMessagesOf(user.id);
    await runDueMessages({ db: db(), messageIds: [message.id], providers: providersFromEnv({ APP_ENV: 'staging' }) });

    const own = (await listMailbox(user.ctx, { page: 1, limit: 10 })).data.find((e) => e.message.id === message.id)!;
    expect(own).toMatchObject({ masked: false, link: null, invitee: { id: user.id } });
    expect(own.content!.text).toMatch(/\/reset-password\/[A-Za-z0-9_-]{43}\n/);
    const other = (await listMailbox(admin.ctx, { page: 1, limit: 10 })).data.find((e) => e.message.id === message.id)!;
    expect(other).toMatchObject({ masked: true, link: null });
    expect(other.content!.text).toMatch(/\/reset-password\/…[A-Za-z0-9_-]{4}\n/);
    expect(other.content!.text).not.toMatch(/\/reset-password\/[A-Za-z0-9_-]{5,}/);
  });
});
