/**
 * Acknowledging a result fixes the cause of its `resultUnacknowledged` action: resolved in the
 * acknowledgement's transaction, by whoever acknowledged (the routes of acknowledge and acknowledge
 * several hand this to lib/domain/orders/acknowledge.ts, which sits below the action center).
 */
import { tenantNow } from '@/lib/domain/clock';
import type { Ctx } from '@/lib/domain/context';
import type { InTransaction } from '@/lib/domain/transaction';
import { resolveWithEvent } from './changes';

export async function resolveAcknowledgedResults(tx: InTransaction<Ctx>, orderIds: string[]): Promise<void> {
  const now = await tenantNow(tx);
  for (const id of orderIds)
    await resolveWithEvent({ db: tx.db, afterCommit: tx.afterCommit, tenantId: tx.tenantId, actor: tx.actor }, { type: 'resultUnacknowledged', subject: { object: 'order', id }, resolution: 'automatic' }, now);
}
