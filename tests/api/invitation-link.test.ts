/**
 * Honest invitations (issue 29): the User representation says what became of the invitation's
 * e-mail (`invitationMessage`: queued, sent, failed and why), and when it failed the admin who sent
 * it gets the link once through POST /api/v2/users/{id}/invitation/link (audited); the setup
 * checklist's colleague step is done only once a colleague has signed in. Messages are sent by the
 * real worker with the providers production and staging have without SMTP (none; the mailbox).
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { startUserSession } from '@/lib/auth/session';
import { auditEvents, messages, userInvitations } from '@/lib/db/schema';
import { setupProgress } from '@/lib/domain/tenants/setup-progress';
import { acceptInvitation } from '@/lib/domain/users';
import { hashInvitationToken } from '@/lib/domain/users/invitations';
import { newId } from '@/lib/ids';
import { DEMO } from '@/lib/seed';
import { runDueMessages } from '@/lib/worker/message-send';
import { providersFromEnv } from '@/lib/worker/providers';
import { asUser, createTestTenant, createTestUser, type TestUser } from './admins';
import { call, db, expectError, token, withTestDatabase, type RequestOptions } from './harness';

withTestDatabase();

const email = (label: string) => `${label}-${newId().toLowerCase()}@invitation-link.test`;

let tenantId: string;
let inviter: TestUser;
let otherAdmin: TestUser;
let asInviter: RequestOptions;
let asOtherAdmin: RequestOptions;
let asForeignAdmin: RequestOptions;

beforeAll(async () => {
  // A tenant of its own: the setup checklist counts the tenant's users and sessions.
  tenantId = (await createTestTenant()).id;
  [inviter, otherAdmin] = await Promise.all([createTestUser(tenantId, 'admin', 'all'), createTestUser(tenantId, 'admin', 'all')]);
  const foreign = await createTestUser(DEMO.tenants.northwind.id, 'admin', 'all');
  [asInviter, asOtherAdmin, asForeignAdmin] = await Promise.all([asUser(inviter), asUser(otherAdmin), asUser(foreign)]);
});

async function invite(as: RequestOptions = asInviter) {
  const res = await call('POST', '/api/v2/users', { ...as, body: { email: email('ivy'), role: 'staff', allCompanies: true } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const messageOf = async (userId: string) => {
  const rows = await db()
    .select({ id: messages.id, status: messages.status, invitationId: messages.invitationId })
    .from(messages)
    .innerJoin(userInvitations, eq(userInvitations.id, messages.invitationId))
    .where(eq(userInvitations.userId, userId))
    .orderBy(messages.createdAt);
  return rows[rows.length - 1];
};

/** The real messages worker, as a server without SMTP_URL runs it: production fails the e-mail, staging keeps it in the mailbox. */
async function send(userId: string, appEnv: 'production' | 'staging') {
  const message = await messageOf(userId);
  await runDueMessages({ db: db(), messageIds: [message.id], providers: providersFromEnv({ APP_ENV: appEnv }) });
}

/** The user as the API shows it to `as` (a PATCH that changes nothing answers it unchanged). */
const userAs = (as: RequestOptions, id: string) => call('PATCH', `/api/v2/users/${id}`, { ...as, body: {} });
const showLink = (as: RequestOptions, id: string) => call('POST', `/api/v2/users/${id}/invitation/link`, { ...as });

describe('invitationMessage: what became of the invitation e-mail', () => {
  it('queued at first, then failed with providerNotConfigured in production, or sent into the staging mailbox', async () => {
    const failing = await invite();
    expect(failing).toMatchObject({ status: 'invited', invitationMessage: { status: 'queued', lastError: null, sentAt: null }, invitationLinkAvailable: false });
    await send(failing.id, 'production');
    const failed = await userAs(asInviter, failing.id);
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ status: 'invited', invitationMessage: { status: 'failed', lastError: 'providerNotConfigured', sentAt: null }, invitationLinkAvailable: true });

    const captured = await invite();
    await send(captured.id, 'staging');
    const sent = await userAs(asInviter, captured.id);
    expect(sent.body.invitationMessage).toEqual({ status: 'sent', lastError: null, sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) });
    expect(sent.body.invitationLinkAvailable).toBe(false);
  });

  it('an active user has none', async () => {
    const res = await userAs(asInviter, otherAdmin.id);
    expect(res.body).toMatchObject({ status: 'active', invitationExpiresAt: null, invitationMessage: null, invitationLinkAvailable: false });
  });
});

describe('POST /api/v2/users/{id}/invitation/link', () => {
  it('shows the failed invitation link once, to the admin who sent it; audited; the link works', async () => {
    const user = await invite();
    await send(user.id, 'production');

    // Another admin of the tenant, and an admin of another tenant: as if the user did not exist.
    expect((await userAs(asOtherAdmin, user.id)).body.invitationLinkAvailable).toBe(false);
    const missing = await showLink(asOtherAdmin, '00000000-0000-4000-8000-000000000000');
    expectError(missing, 404, 'notFound');
    const other = await showLink(asOtherAdmin, user.id);
    expectError(other, 404, 'notFound');
    expect(other.body).toEqual(missing.body);
    expectError(await showLink(asForeignAdmin, user.id), 404, 'notFound');

    const res = await showLink(asInviter, user.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [invitation] = await db().select().from(userInvitations).where(eq(userInvitations.userId, user.id));
    expect(res.body).toEqual({ object: 'invitationLink', url: expect.stringMatching(/^https?:\/\/[^/]+\/invite\/[A-Za-z0-9_-]{43}$/), expiresAt: invitation.expiresAt.toISOString() });
    const linkToken = res.body.url.split('/invite/')[1];
    expect(hashInvitationToken(linkToken)).toBe(invitation.tokenHash);
    expect(invitation.linkShownAt).toBeInstanceOf(Date);
    const audit = await db()
      .select({ actorUserId: auditEvents.actorUserId, data: auditEvents.data })
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, user.id), eq(auditEvents.action, 'user.invitation.linkShown')));
    expect(audit).toEqual([{ actorUserId: inviter.id, data: { invitationId: invitation.id } }]);

    // Once: the second time is refused, and the list no longer offers it.
    const again = await showLink(asInviter, user.id);
    expectError(again, 422, 'invalidState');
    expect(again.body.errors[0].detail).toBe('The link of this invitation was shown once already; send a new invitation to get another.');
    expect((await userAs(asInviter, user.id)).body.invitationLinkAvailable).toBe(false);

    // The link passed on by hand is the invitation's own: the invitee sets a password with it.
    await acceptInvitation(db(), { token: linkToken, password: 'a-long-new-password' });
    expectError(await showLink(asInviter, user.id), 422, 'invalidState');
  });

  it('422 invalidState while the e-mail is queued, and once it was sent', async () => {
    const queued = await invite();
    const res = await showLink(asInviter, queued.id);
    expectError(res, 422, 'invalidState');
    expect(res.body.errors[0].detail).toBe('The invitation e-mail has not failed: it is waiting to be sent.');

    const sent = await invite();
    await send(sent.id, 'staging');
    const refused = await showLink(asInviter, sent.id);
    expectError(refused, 422, 'invalidState');
    expect(refused.body.errors[0].detail).toBe("The invitation e-mail was sent: the link is in the invitee's mailbox.");
    const [row] = await db().select({ linkShownAt: userInvitations.linkShownAt }).from(userInvitations).where(eq(userInvitations.userId, sent.id));
    expect(row.linkShownAt).toBeNull();
  });

  it('422 invalidState for an expired invitation and for an active user', async () => {
    const user = await invite();
    await send(user.id, 'production');
    await db().update(userInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(userInvitations.userId, user.id));
    expect((await userAs(asInviter, user.id)).body.invitationLinkAvailable).toBe(false);
    expectError(await showLink(asInviter, user.id), 422, 'invalidState');
    expectError(await showLink(asInviter, otherAdmin.id), 422, 'invalidState');
  });

  it('a new invitation (by another admin) belongs to that admin: its link, once its e-mail failed, is theirs', async () => {
    const user = await invite();
    await send(user.id, 'production');
    const resent = await call('POST', `/api/v2/users/${user.id}/invitation`, { ...asOtherAdmin });
    expect(resent.status).toBe(200);
    expect(resent.body.invitationMessage).toEqual({ status: 'queued', lastError: null, sentAt: null });
    await send(user.id, 'production');
    expectError(await showLink(asInviter, user.id), 404, 'notFound');
    const res = await showLink(asOtherAdmin, user.id);
    expect(res.status).toBe(200);
    const open = await db().select().from(userInvitations).where(and(eq(userInvitations.userId, user.id), eq(userInvitations.tokenHash, hashInvitationToken(res.body.url.split('/invite/')[1]))));
    expect(open).toHaveLength(1);
    expect(open[0].revokedAt).toBeNull();
  });

  it('an API token that invited gets the link too; another token does not', async () => {
    const bearer = await token();
    const res = await call('POST', '/api/v2/users', { token: bearer, body: { email: email('tok'), role: 'staff', allCompanies: true } });
    expect(res.status).toBe(201);
    await send(res.body.id, 'production');
    expectError(await showLink({ token: await token() }, res.body.id), 404, 'notFound');
    expect((await showLink({ token: bearer }, res.body.id)).status).toBe(200);
  });
});

describe('setup checklist: "Invite a colleague" is done when a colleague has signed in', () => {
  it('not for an invitation, nor for a password set; yes once the colleague has a session', async () => {
    const tenant = (await createTestTenant()).id;
    const admin = await createTestUser(tenant, 'admin', 'all');
    expect((await setupProgress(db(), tenant)).user).toBe(false);
    const res = await call('POST', '/api/v2/users', { ...(await asUser(admin)), body: { email: email('colleague'), role: 'staff', allCompanies: true } });
    expect(res.status).toBe(201);
    await send(res.body.id, 'production');
    expect((await setupProgress(db(), tenant)).user).toBe(false);

    const linkRes = await showLink(await asUser(admin), res.body.id);
    await acceptInvitation(db(), { token: linkRes.body.url.split('/invite/')[1], password: 'colleague-password' });
    expect((await setupProgress(db(), tenant)).user).toBe(false);

    await startUserSession(db(), res.body.id);
    expect(await setupProgress(db(), tenant)).toMatchObject({ user: true, complete: false, firstRun: true });
  });
});
