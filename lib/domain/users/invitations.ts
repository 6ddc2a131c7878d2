/**
 * Invitations (DESIGN.md 6.4): an admin invites a user by e-mail; the user is created without a
 * password, and gets a one-time link `${publicUrl()}/invite/<token>` through the messages outbox
 * (template `userInvitation`, rendered and sent by the messages worker). The token is 32 random
 * bytes (base64url), stored as its SHA-256 (`token_hash`, the lookup) and sealed
 * (`token_encrypted`, for the renderer), never in clear; it is valid for 7 days and once.
 * Sending it again revokes the previous link. Accepting sets the password; the user then signs in.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { tenants, userInvitations, users } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import { makeCtx, type Ctx } from '@/lib/domain/context';
import { DomainError, notFound } from '@/lib/domain/errors';
import { queueMessage } from '@/lib/domain/outbox/message-queue';
import type { Role } from '@/lib/domain/scopes';
import { withTransaction } from '@/lib/domain/transaction';
import { newId } from '@/lib/ids';
import { log } from '@/lib/log';
import { sealSecret } from '@/lib/secrets';
import { assertPasswordRules, createUser, EmailOfAnotherTenant, type CreatedUser } from './create-user';
import { lockManageableUser } from './queries';
import { hashPassword } from './passwords';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Why a link no longer works: each answers 410 on the invitation page. */
export type InvitationGoneReason = 'used' | 'expired' | 'revoked';

/** A link that was real but can no longer be used (used, expired, revoked): HTTP 410 where it is served. */
export class InvitationGone extends DomainError {
  constructor(readonly reason: InvitationGoneReason) {
    super('invalidState', GONE_DETAIL[reason]);
  }
}

export const GONE_DETAIL: Record<InvitationGoneReason, string> = {
  used: 'This invitation link has already been used. Sign in with your e-mail address and password.',
  expired: 'This invitation link has expired. Ask an admin of your organisation to send a new one.',
  revoked: 'This invitation link is no longer valid: a newer one was sent, or the account was deactivated. Use the newest link, or ask an admin.',
};

/** Writes a new invitation for the user (revoking any open one) and queues its e-mail; in `tx`. */
async function issueInvitation(tx: Ctx, user: { id: string; email: string }): Promise<{ invitationId: string; expiresAt: Date; token: string }> {
  const now = new Date();
  await tx.db
    .update(userInvitations)
    .set({ revokedAt: now })
    .where(and(eq(userInvitations.userId, user.id), isNull(userInvitations.usedAt), isNull(userInvitations.revokedAt)));
  const token = randomBytes(32).toString('base64url');
  const invitationId = newId();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  await tx.db.insert(userInvitations).values({
    id: invitationId,
    tenantId: tx.tenantId,
    userId: user.id,
    tokenHash: hashInvitationToken(token),
    tokenEncrypted: sealSecret(token),
    expiresAt,
    createdByUserId: tx.actor.type === 'user' ? tx.actor.id : null,
  });
  await queueMessage(tx.db, { tenantId: tx.tenantId, invitationId, channel: 'email', to: user.email, template: 'userInvitation', data: { invitationId } });
  return { invitationId, expiresAt, token };
}

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

/** What the invitation page shows for a token; null for a token that never existed. */
export async function invitationByToken(db: Db, token: string): Promise<InvitationView | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select(invitationColumns)
    .from(userInvitations)
    .innerJoin(users, eq(users.id, userInvitations.userId))
    .innerJoin(tenants, eq(tenants.id, userInvitations.tenantId))
    .where(eq(userInvitations.tokenHash, hashInvitationToken(token)));
  if (!row) return null;
  return { state: stateOf(row), email: row.email, name: row.name, role: row.role as Role, tenantName: row.tenantName, expiresAt: row.expiresAt.toISOString() };
}

/**
 * Sets the invited user's password and uses the link up. An unknown token is 404; a used, expired
 * or revoked one throws InvitationGone (410 where served). The row is locked, so of two requests
 * with one link exactly one succeeds. Audited as `user.invitationAccepted` by the user.
 */
export async function acceptInvitation(db: Db, input: { token: string; password: string }): Promise<{ userId: string; email: string }> {
  assertPasswordRules(input.password);
  const lookup = async (tx: Db, lock: boolean) => {
    const query = tx
      .select(invitationColumns)
      .from(userInvitations)
      .innerJoin(users, eq(users.id, userInvitations.userId))
      .innerJoin(tenants, eq(tenants.id, userInvitations.tenantId))
      .where(eq(userInvitations.tokenHash, hashInvitationToken(input.token)));
    const [row] = lock ? await query.for('update', { of: [userInvitations, users] }) : await query;
    if (!row) throw notFound('Invitation');
    const state = stateOf(row);
    if (state !== 'valid') throw new InvitationGone(state);
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
    const now = new Date();
    await tx.db.update(userInvitations).set({ usedAt: now }).where(eq(userInvitations.id, row.id));
    await tx.db.update(users).set({ passwordHash }).where(eq(users.id, row.userId));
    await auditChange(tx, { action: 'user.invitationAccepted', subject: { type: 'user', id: row.userId }, data: { invitationId: row.id } });
    return { userId: row.userId, email: row.email };
  });
}
