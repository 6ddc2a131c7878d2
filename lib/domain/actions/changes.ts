/**
 * Raising and resolving with what goes with them, in the caller's transaction: the audit entry
 * (subject `action`) and the `action.created` / `action.resolved` event. raise.ts writes the row;
 * the sweep, the manual operations and the changes that fix a cause come through here.
 */
import type { Db } from '@/lib/db/client';
import { auditChange } from '@/lib/domain/audit';
import type { Actor, Ctx } from '@/lib/domain/context';
import type { AfterCommit } from '@/lib/domain/transaction';
import { emitActionEvent } from './events';
import { actionById } from './queries';
import { raiseAction, resolveActions, type ActionSubject, type RaiseActionInput } from './raise';

/** Who acts, in which transaction: enough for the audit entry and the event. */
export interface ActingIn {
  db: Db;
  afterCommit: AfterCommit;
  tenantId: string;
  actor: Actor;
}

const auditCtx = (a: ActingIn) => ({ db: a.db, tenantId: a.tenantId, actor: a.actor }) as Ctx;

/** Raises the action unless one of its type and subject is open; its id, or null when nothing was written. */
export async function raiseWithEvent(a: ActingIn, input: Omit<RaiseActionInput, 'tenantId'>, now: Date): Promise<string | null> {
  const raised = await raiseAction(a.db, { ...input, tenantId: a.tenantId });
  if (!raised) return null;
  const action = (await actionById(a.db, raised.id, now))!;
  await auditChange(auditCtx(a), { action: 'action.raised', subject: { type: 'action', id: raised.id }, data: { type: input.type, subject: input.subject, dueAt: action.dueAt } });
  await emitActionEvent(a, a.tenantId, 'action.created', action, now);
  return raised.id;
}

/** Resolves the open action of this type and subject (if any): the ids resolved. */
export async function resolveWithEvent(
  a: ActingIn,
  input: { type: string; subject: ActionSubject; resolution: 'automatic' | 'manual'; note?: string | null },
  now: Date,
): Promise<string[]> {
  const ids = await resolveActions(a.db, { tenantId: a.tenantId, type: input.type, subject: input.subject, by: a.actor, resolution: input.resolution, note: input.note ?? null });
  for (const id of ids) {
    await auditChange(auditCtx(a), { action: 'action.resolved', subject: { type: 'action', id }, data: { type: input.type, resolution: input.resolution } });
    await emitActionEvent(a, a.tenantId, 'action.resolved', (await actionById(a.db, id, now))!, now);
  }
  return ids;
}
