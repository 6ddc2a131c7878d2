/**
 * `action.created` and `action.resolved` (DESIGN.md 7.6 catalog): emitted in the transaction of the
 * change, to the tenant's webhook endpoints that take the action's company. An action's event is
 * about no order (its subject may be one): it is not sequenced with the order's events.
 */
import type { Db } from '@/lib/db/client';
import type { Action } from '@/lib/domain/contract/actions';
import type { InTransaction } from '@/lib/domain/transaction';
import { emitEvent } from '@/lib/domain/webhook-endpoints/fan-out';

export type ActionEventType = 'action.created' | 'action.resolved';

/** `at`: the tenant's now when the caller has it (the sweep's, the operation's), so it is not read again. */
export async function emitActionEvent(tx: InTransaction<{ db: Db }>, tenantId: string, type: ActionEventType, action: Action, at?: Date): Promise<void> {
  await emitEvent(tx, { tenantId, type, companyId: action.company?.id ?? null, data: { action }, at });
}
