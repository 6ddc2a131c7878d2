/** The audit trail: one entry per change, written in the change's own transaction. */
import type { Db } from '@/lib/db/client';
import { auditEvents } from '@/lib/db/schema';
import type { Actor, Ctx } from '@/lib/domain/context';
import { newId } from '@/lib/ids';

const actorName = (actor: Actor) => (actor.type === 'user' ? null : actor.name);

type OrderAuditEntry = { tenantId: string; orderId: string; action: string; actor: Actor; actorEmail?: string | null; actorUserId?: string | null; data?: Record<string, unknown> };

/** The row of an order's trail entry (also written by the create-order statement). */
export function orderAuditValues(entry: OrderAuditEntry) {
  return {
    id: newId(),
    tenantId: entry.tenantId,
    orderId: entry.orderId,
    action: entry.action,
    actorType: entry.actorUserId ? 'user' : entry.actor.type,
    actorTokenId: entry.actor.type === 'token' ? entry.actor.id : null,
    actorUserId: entry.actorUserId ?? (entry.actor.type === 'user' ? entry.actor.id : null),
    actorEmail: entry.actorEmail ?? (entry.actor.type === 'user' ? entry.actor.email : null),
    actorName: actorName(entry.actor),
    data: { ...(entry.data ?? {}), ...(entry.actor.type === 'token' ? { tokenName: entry.actor.name } : {}) },
  };
}

/** An entry of an order's trail (shown on the order page). */
export async function writeAudit(db: Db, entry: OrderAuditEntry): Promise<void> {
  await db.insert(auditEvents).values(orderAuditValues(entry));
}

/** What a change outside orders is about. */
export type AuditSubject = {
  type:
    | 'token' | 'user' | 'tenant' | 'company' | 'location' | 'package' | 'webhookEndpoint'
    // DESIGN.md 7: the testing program.
    | 'employee' | 'randomPool' | 'randomDraw' | 'randomSelection' | 'followUpPlan' | 'action';
  id: string;
};

/**
 * An entry for a change to a token, a user or a tenant, by the Ctx's actor, in the Ctx's
 * transaction. `tenantId` defaults to the Ctx's (a tenant being created names itself). Never a
 * secret in `data`: no token, password or signing secret.
 */
export async function auditChange(
  ctx: Ctx,
  entry: { action: string; subject: AuditSubject; tenantId?: string; data?: Record<string, unknown> },
): Promise<void> {
  const { actor } = ctx;
  await ctx.db.insert(auditEvents).values({
    id: newId(),
    tenantId: entry.tenantId ?? ctx.tenantId,
    action: entry.action,
    actorType: actor.type,
    actorTokenId: actor.type === 'token' ? actor.id : null,
    actorUserId: actor.type === 'user' ? actor.id : null,
    actorEmail: actor.type === 'user' ? actor.email : null,
    actorName: actorName(actor),
    subjectType: entry.subject.type,
    subjectId: entry.subject.id,
    data: entry.data ?? {},
  });
}

/** The members whose value `changes` alters. */
export function changedKeys<T extends Record<string, unknown>>(before: T, changes: Partial<T>): string[] {
  return Object.entries(changes)
    .filter(([key, value]) => JSON.stringify(before[key] ?? null) !== JSON.stringify(value ?? null))
    .map(([key]) => key);
}

/** `<subject>.deactivated` or `.reactivated` when only the state moved, else `<subject>.updated`. */
export function auditAction(subject: 'company' | 'location' | 'package', changed: string[], isActive: boolean): string {
  if (changed.length === 1 && changed[0] === 'isActive') return `${subject}.${isActive ? 'reactivated' : 'deactivated'}`;
  return `${subject}.updated`;
}
