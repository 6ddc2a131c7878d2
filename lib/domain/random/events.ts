/**
 * The events of random testing (lib/domain/events/catalog.ts): `randomDraw.created` and
 * `randomSelection.updated`, emitted in the change's transaction (emitEvent) to the tenant's webhook
 * endpoints. About no order, so without a `sequence`: a draw's event names its pool's company (null
 * for a consortium pool: only endpoints without a company filter take it). The payload never carries
 * the seed before it is revealed, nor an employee's identifiers.
 */
import type { Db } from '@/lib/db/client';
import type { InTransaction } from '@/lib/domain/transaction';
import { emitEvent } from '@/lib/domain/webhook-endpoints';
import type { RandomDraw, RandomSelection } from './serialize';

type Tx = InTransaction<{ db: Db; tenantId: string }>;

/** `at`: the tenant's now the operation read already (not read again per event). */
export async function emitDrawCreated(tx: Tx, draw: RandomDraw, poolCompanyIds: readonly string[], at?: Date): Promise<void> {
  await emitEvent(tx, { tenantId: tx.tenantId, type: 'randomDraw.created', companyId: poolCompanyIds.length === 1 ? poolCompanyIds[0] : null, order: null, data: { randomDraw: draw }, at });
}

export async function emitSelectionUpdated(tx: Tx, selection: RandomSelection, at?: Date): Promise<void> {
  await emitEvent(tx, { tenantId: tx.tenantId, type: 'randomSelection.updated', companyId: selection.company.id, order: null, data: { randomSelection: selection }, at });
}
