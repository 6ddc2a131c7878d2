/**
 * Invitations (DESIGN.md 6.4): an admin invites a user by e-mail; the user is created without a
 * password, and gets a one-time link `${publicUrl()}/invite/<token>` through the messages outbox
 * (template `userInvitation`, rendered and sent by the messages worker). The token is 32 random
 * bytes (base64url), stored as its SHA-256 (`token_hash`, the lookup) and sealed
 * (`token_encrypted`, for the renderer), never in clear; it is valid for 7 days and once.
 * Sending it again revokes the previous link. Accepting sets the password; the user then signs in.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { publicUrl } from '@/lib/config/public-url';
import { messages, tenants, userInvitations, users } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import { makeCtx, type Ctx } from '@/lib/domain/context';
import { DomainError, notFound } from '@/lib/domain/errors';
import { queueMessage } from '@/lib/domain/outbox/message-queue';
import type { Role } from '@/lib/domain/scopes';
import { withTransaction } from '@/lib/domain/transaction';
import { newId } from '@/lib/ids';
import { log } from '@/lib/log';
import { openSecret, sealSecret } from '@/lib/secrets';
import { assertPasswordRules, createUser, EmailOfAnotherTenant, type CreatedUser } from './create-user';
import { lockManageableUser, sentByActor } from './queries';
import { hashPassword } from './passwords';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Why a link no longer works: each answers 410 on the invitation page. */
export type InvitationGoneReason = 'used' | 'expired' | 'revoked';

/** A link that was real but can no longer be used (used, expired, revoked): HTTP 410 where it is served. */
export class InvitationGone extends DomainError {
  constructor(
    readonly reason: InvitationGoneReason,
    detail = GONE_DETAIL[reason],
  ) {
    super('invalidState', detail);
  }
}

export const GONE_DETAIL: Record<InvitationGoneReason, string> = {
  used: 'This invitation link has already been used. Sign in with your e-mail address and password.',
  expired: 'This invitation link has expired. Ask an admin of your organisation to send a new one.',
  revoked: 'This invitation link is no longer valid: a newer one was sent, or the account was deactivated. Use the newest link, or ask an admin.',
};

/** What a one-time link of `user_invitations` is for: a first password, or a new one. */
export type OneTimeLinkPurpose = 'invitation' | 'passwordReset';

const LINK_TEMPLATE = { invitation: 'userInvitation', passwordReset: 'passwordReset' } as const;

/**
 * Writes a new one-time link of `purpose` for the user (revoking any open one of that purpose) and
 * queues its e-mail; in `tx`. `limited`: the message counts against the hourly limits per recipient
 * (429 past them), for links anyone may ask for (a password reset).
 */
export async function issueOneTimeLink(
  tx: Ctx,
  user: { id: string; email: string },
  options: { purpose: OneTimeLinkPurpose; ttlMs: number; limited?: boolean },
): Promise<{ invitationId: string; expiresAt: Date; token: string }> {
  const now = new Date();
  await tx.db
    .update(userInvitations)
    .set({ revokedAt: now })
    .where(and(eq(userInvitations.userId, user.id), eq(userInvitations.purpose, options.purpose), isNull(userInvitations.usedAt), isNull(userInvitations.revokedAt)));
  const token = randomBytes(32).toString('base64url');
  const invitationId = newId();
  const expiresAt = new Date(now.getTime() + options.ttlMs);
  await tx.db.insert(userInvitations).values({
    id: invitationId,
    tenantId: tx.tenantId,
    userId: user.id,
    tokenHash: hashInvitationToken(token),
    tokenEncrypted: sealSecret(token),
    purpose: options.purpose,
    expiresAt,
    createdByUserId: tx.actor.type === 'user' ? tx.actor.id : null,
  });
  await queueMessage(
    tx.db,
    { tenantId: tx.tenantId, invitationId, channel: 'email', to: user.email, template: LINK_TEMPLATE[options.purpose], data: { invitationId } },
    { limited: options.limited },
  );
  return { invitationId, expiresAt, token };
}

const issueInvitation = (tx: Ctx, user: { id: string; email: string }) => issueOneTimeLink(tx, user, { purpose: 'invitation', ttlMs: INVITATION_TTL_MS });

export interface InviteUserInput {
  email: string;
  name?: string | null;
  role: string;
  companyIds: readonly string[] | 'all';
}

export interface InvitedUser extends CreatedUser {
  invitationId: string;
  invitationExpiresAt: string;
}

/**
 * Invites a user: createUser without a password (the same rules: role and companies within the
 * actor's, unique e-mail), an invitation and its message, in one transaction. Audited as
 * `user.created` and `user.invited`.
 *
 * An address that is a user's of another tenant answers exactly like a fresh one (issue 26: the
 * inviter must not learn which addresses exist elsewhere), but nothing is written and nothing is
 * sent: addresses are unique across tenants (they are the login), so there is no user to create,
 * and an invitation for the existing account would let the inviter's tenant take it over. The
 * operator's log says so. (The inviter's user list does not show the address afterwards; a user
 * per tenant for one address would need the sign-in to choose among them.)
 */
export async function inviteUser({ ctx, input }: { ctx: Ctx; input: InviteUserInput }): Promise<InvitedUser> {
  try {
    return await withTransaction(ctx, async (tx) => {
      const user = await createUser({ ctx: tx, input: { ...input, password: null } });
      const invitation = await issueInvitation(tx, user);
      await auditChange(tx, { action: 'user.invited', subject: { type: 'user', id: user.id }, data: { invitationId: invitation.invitationId } });
      return { ...user, invitationId: invitation.invitationId, invitationExpiresAt: invitation.expiresAt.toISOString() };
    });
  } catch (error) {
    if (!(error instanceof EmailOfAnotherTenant)) throw error;
    log('info', 'invitation not sent: the address is a user of another tenant', {
      requestId: ctx.requestId,
      tenantId: ctx.tenantId,
      actor: 'id' in ctx.actor ? ctx.actor.id : ctx.actor.name,
    });
    const now = new Date();
    return { ...error.user, id: newId(), createdAt: now.toISOString(), invitationId: newId(), invitationExpiresAt: new Date(now.getTime() + INVITATION_TTL_MS).toISOString() };
  }
}

/**
 * Sends a new invitation link to a user who has not set a password yet; the previous link stops
 * working. A user outside the actor's reach is 404; an active or deactivated one 422.
 */
export async function resendInvitation({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<{ id: string; invitationId: string; invitationExpiresAt: string }> {
  return withTransaction(ctx, async (tx) => {
    const user = await lockManageableUser(tx, input.id);
    if (user.disabledAt) throw new DomainError('invalidState', 'The user is deactivated; reactivate the user first.');
    if (user.passwordHash) throw new DomainError('invalidState', 'The user has set a password already and signs in with it.');
    const invitation = await issueInvitation(tx, user);
    await auditChange(tx, { action: 'user.invited', subject: { type: 'user', id: user.id }, data: { invitationId: invitation.invitationId, resent: true } });
    return { id: user.id, invitationId: invitation.invitationId, invitationExpiresAt: invitation.expiresAt.toISOString() };
  });
}

export interface InvitationView {
  state: 'valid' | InvitationGoneReason;
  email: string;
  name: string | null;
  role: Role;
  tenantName: string;
  expiresAt: string;
}

function stateOf(row: { usedAt: Date | null; revokedAt: Date | null; expiresAt: Date; disabledAt: Date | null }, now = Date.now()): InvitationView['state'] {
  if (row.usedAt) return 'used';
  if (row.revokedAt || row.disabledAt) return 'revoked';
  if (row.expiresAt.getTime() <= now) return 'expired';
  return 'valid';
}

const invitationColumns = {
  id: userInvitations.id,
  tenantId: userInvitations.tenantId,
  userId: userInvitations.userId,
  usedAt: userInvitations.usedAt,
  revokedAt: userInvitations.revokedAt,
  expiresAt: userInvitations.expiresAt,
  email: users.email,
  name: users.name,
  role: users.role,
  disabledAt: users.disabledAt,
  tenantName: tenants.name,
};

/** A one-time link's row of `purpose` for a token, with its user and tenant; undefined for a token that never existed (as a link of that purpose). */
async function linkRow(db: Db, token: string, purpose: OneTimeLinkPurpose, lock = false) {
  if (!token || token.length > 200) return undefined;
  const query = db
    .select(invitationColumns)
    .from(userInvitations)
    .innerJoin(users, eq(users.id, userInvitations.userId))
    .innerJoin(tenants, eq(tenants.id, userInvitations.tenantId))
    .where(and(eq(userInvitations.tokenHash, hashInvitationToken(token)), eq(userInvitations.purpose, purpose)));
  const [row] = lock ? await query.for('update', { of: [userInvitations, users] }) : await query;
  return row;
}

/** What the page of a one-time link shows for a token; null for a token that never existed. */
export async function oneTimeLinkByToken(db: Db, token: string, purpose: OneTimeLinkPurpose): Promise<InvitationView | null> {
  const row = await linkRow(db, token, purpose);
  if (!row) return null;
  return { state: stateOf(row), email: row.email, name: row.name, role: row.role as Role, tenantName: row.tenantName, expiresAt: row.expiresAt.toISOString() };
}

/** What the invitation page shows for a token; null for a token that never existed. */
export const invitationByToken = (db: Db, token: string) => oneTimeLinkByToken(db, token, 'invitation');

export type LinkRow = NonNullable<Awaited<ReturnType<typeof linkRow>>>;

/**
 * Uses a one-time link up to set the user's password: `apply` runs in the transaction with the
 * locked row, after the password and `used_at` are written. An unknown token is 404; a used,
 * expired or revoked one throws InvitationGone (410 where served). The row is locked, so of two
 * requests with one link exactly one succeeds. The actor is the user.
 */
export async function redeemOneTimeLink<T>(
  db: Db,
  input: { token: string; password: string; purpose: OneTimeLinkPurpose; gone?: Record<InvitationGoneReason, string> },
  apply: (tx: Ctx, row: LinkRow) => Promise<T>,
): Promise<T> {
  assertPasswordRules(input.password);
  const lookup = async (tx: Db, lock: boolean) => {
    const row = await linkRow(tx, input.token, input.purpose, lock);
    if (!row) throw notFound(input.purpose === 'invitation' ? 'Invitation' : 'Password reset link');
    const state = stateOf(row);
    if (state !== 'valid') throw new InvitationGone(state, input.gone?.[state]);
    return row;
  };
  const found = await lookup(db, false);
  // bcrypt takes ~70 ms: before the transaction, not while it holds a connection.
  const passwordHash = await hashPassword(input.password);
  const ctx = makeCtx(
    { tenantId: found.tenantId, companyIds: [], scopes: new Set(), actor: { type: 'user', id: found.userId, email: found.email, name: found.name } },
    db,
    { source: 'dashboard' },
  );
  return withTransaction(ctx, async (tx) => {
    const row = await lookup(tx.db, true);
    await tx.db.update(userInvitations).set({ usedAt: new Date() }).where(eq(userInvitations.id, row.id));
    await tx.db.update(users).set({ passwordHash }).where(eq(users.id, row.userId));
    return apply(tx, row);
  });
}

/**
 * Sets the invited user's password and uses the link up (redeemOneTimeLink). Audited as
 * `user.invitationAccepted` by the user.
 */
export async function acceptInvitation(db: Db, input: { token: string; password: string }): Promise<{ userId: string; email: string }> {
  return redeemOneTimeLink(db, { ...input, purpose: 'invitation' }, async (tx, row) => {
    await auditChange(tx, { action: 'user.invitationAccepted', subject: { type: 'user', id: row.userId }, data: { invitationId: row.id } });
    return { userId: row.userId, email: row.email };
  });
}

/** The answer of `POST /api/v2/users/{id}/invitation/link`: the link itself, this once. */
export interface ShownInvitationLink {
  object: 'invitationLink';
  url: string;
  expiresAt: string;
}

/**
 * Shows the inviting admin the open invitation link of a user whose invitation e-mail failed (no
 * provider, or refused for good), so that the admin passes it on by hand: once (`link_shown_at`),
 * to that admin only. A user the principal does not manage, or whose open invitation another
 * principal sent, is 404 like a missing one; no open invitation, an e-mail that did not fail (queued:
 * it may still go; sent: it went) or a link shown already is 422 `invalidState`. Audited
 * (`user.invitation.linkShown`).
 */
export async function showInvitationLink({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<ShownInvitationLink> {
  return withTransaction(ctx, async (tx) => {
    const user = await lockManageableUser(tx, input.id);
    const [open] = await tx.db
      .select({
        id: userInvitations.id,
        tokenEncrypted: userInvitations.tokenEncrypted,
        expiresAt: userInvitations.expiresAt,
        linkShownAt: userInvitations.linkShownAt,
        // Qualified by hand: drizzle leaves the columns of a one-table select unqualified.
        sentByActor: sentByActor(ctx.actor, {
          id: sql`"user_invitations"."id"`,
          userId: sql`"user_invitations"."user_id"`,
          tenantId: sql`"user_invitations"."tenant_id"`,
          createdBy: sql`"user_invitations"."created_by_user_id"`,
        }).mapWith(Boolean),
      })
      .from(userInvitations)
      .where(and(eq(userInvitations.userId, user.id), eq(userInvitations.purpose, 'invitation'), isNull(userInvitations.usedAt), isNull(userInvitations.revokedAt)))
      .orderBy(desc(userInvitations.createdAt), desc(userInvitations.id))
      .limit(1)
      .for('update');
    if (open && !open.sentByActor) throw notFound('User');
    if (!open || user.disabledAt || user.passwordHash) throw new DomainError('invalidState', 'The user has no open invitation.');
    if (open.expiresAt.getTime() <= Date.now()) throw new DomainError('invalidState', 'The invitation link has expired; send a new invitation.');
    if (open.linkShownAt) throw new DomainError('invalidState', 'The link of this invitation was shown once already; send a new invitation to get another.');
    const [message] = await tx.db
      .select({ status: messages.status })
      .from(messages)
      .where(eq(messages.invitationId, open.id))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(1);
    if (message?.status !== 'failed')
      throw new DomainError(
        'invalidState',
        message?.status === 'sent' ? 'The invitation e-mail was sent: the link is in the invitee\'s mailbox.' : 'The invitation e-mail has not failed: it is waiting to be sent.',
      );
    await tx.db.update(userInvitations).set({ linkShownAt: new Date() }).where(eq(userInvitations.id, open.id));
    await auditChange(tx, { action: 'user.invitation.linkShown', subject: { type: 'user', id: user.id }, data: { invitationId: open.id } });
    return { object: 'invitationLink', url: `${publicUrl()}/invite/${encodeURIComponent(openSecret(open.tokenEncrypted))}`, expiresAt: open.expiresAt.toISOString() };
  });
}
