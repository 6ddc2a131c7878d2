/** The audit trail: one entry per change, written in the change's own transaction. */
import type { Db } from '@/lib/db/client';
import { auditEvents } from '@/lib/db/schema';
import type { Actor } from '@/lib/domain/context';
import { newId } from '@/lib/ids';

export async function writeAudit(
  db: Db,
  entry: { tenantId: string; orderId: string; action: string; actor: Actor; actorEmail?: string | null; actorUserId?: string | null; data?: Record<string, unknown> },
): Promise<void> {
  await db.insert(auditEvents).values({
    id: newId(),
    tenantId: entry.tenantId,
    orderId: entry.orderId,
    action: entry.action,
    actorType: entry.actorUserId ? 'user' : entry.actor.type,
    actorTokenId: entry.actor.type === 'token' ? entry.actor.id : null,
    actorUserId: entry.actorUserId ?? (entry.actor.type === 'user' ? entry.actor.id : null),
    actorEmail: entry.actorEmail ?? (entry.actor.type === 'user' ? entry.actor.email : null),
    data: { ...(entry.data ?? {}), ...(entry.actor.type === 'token' ? { tokenName: entry.actor.name } : {}) },
  });
}
