/**
 * `PUT /api/v2/actions/{id}/resolution` and `/dismissal`: a person closes an open action with a note,
 * in one transaction with its audit entry and its `action.resolved` event. Resolving by hand is for
 * the types whose cause lies outside the product (types.ts `resolvableByHand`); the others resolve
 * only by fixing their cause (422 `invalidState`), and any action may be dismissed with a reason.
 */
import { eq } from 'drizzle-orm';
import { actions } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import { tenantNow } from '@/lib/domain/clock';
import type { Ctx } from '@/lib/domain/context';
import { actionTypeOf } from '@/lib/domain/contract/action-types';
import { DomainError } from '@/lib/domain/errors';
import { withTransaction } from '@/lib/domain/transaction';
import { emitActionEvent } from './events';
import { actionById, actionRow } from './queries';
import { resolvedByOf } from './raise';
import type { DismissActionBody, ResolveActionBody } from './schemas';
import type { Action } from './serialize';

async function closeAction(ctx: Ctx, id: string, status: 'resolved' | 'dismissed', note: string | null): Promise<Action> {
  return withTransaction(ctx, async (tx) => {
    const row = await actionRow(tx, id, true);
    if (row.status !== 'open')
      throw new DomainError('invalidState', `The action is ${row.status} already: only an open action is resolved or dismissed.`, { meta: { status: row.status } });
    if (status === 'resolved' && actionTypeOf(row.type)?.resolvableByHand === false)
      throw new DomainError('invalidState', `A ${row.type} action resolves when its cause is fixed (${actionTypeOf(row.type)!.rule}); dismiss it with a note if it needs no action.`, {
        meta: { type: row.type },
      });
    const at = new Date();
    await tx.db
      .update(actions)
      .set({ status, resolution: 'manual', resolvedAt: at, resolvedBy: resolvedByOf(ctx.actor), note, updatedAt: at })
      .where(eq(actions.id, id));
    await auditChange(tx, { action: status === 'resolved' ? 'action.resolved' : 'action.dismissed', subject: { type: 'action', id }, data: { type: row.type, ...(note ? { note } : {}) } });
    const now = await tenantNow(tx);
    const action = (await actionById(tx.db, id, now))!;
    await emitActionEvent(tx, ctx.tenantId, 'action.resolved', action, now);
    return action;
  });
}

export async function resolveAction({ ctx, id, input }: { ctx: Ctx; id: string; input: ResolveActionBody }): Promise<Action> {
  return closeAction(ctx, id, 'resolved', input.note ?? null);
}

export async function dismissAction({ ctx, id, input }: { ctx: Ctx; id: string; input: DismissActionBody }): Promise<Action> {
  return closeAction(ctx, id, 'dismissed', input.note);
}
