/**
 * The events of random testing (lib/domain/events/catalog.ts): `randomDraw.created` and
 * `randomSelection.updated`, emitted in the change's transaction through the fan-out to the tenant's
 * webhook endpoints. About no order: a draw's event names its pool's company (null for a consortium
 * pool: tenant-wide endpoints only). The payload never carries the seed before it is revealed, nor
 * an employee's identifiers.
 */
import type { Db } from '@/lib/db/client';
import { fanOutEvent } from '@/lib/domain/webhook-endpoints';
import { newId } from '@/lib/ids';
import type { RandomDraw, RandomSelection } from './serialize';

async function emit(db: Db, e: { tenantId: string; companyId: string | null; orderId: string | null; type: string; sequence: number; data: Record<string, unknown> }) {
  const eventId = `evt_${newId().replace(/-/g, '')}`;
  const createdAt = new Date();
  const payload = { id: eventId, object: 'event', type: e.type, sequence: e.sequence, createdAt: createdAt.toISOString(), data: e.data };
  // events.order_id and webhook_deliveries.order_id are nullable (migration 0019); the fan-out's type still says string until it is generalized.
  await fanOutEvent(db, { tenantId: e.tenantId, companyId: e.companyId, orderId: e.orderId as string, eventId, type: e.type, sequence: e.sequence, payload, createdAt });
}

export async function emitDrawCreated(ctx: { db: Db; tenantId: string }, draw: RandomDraw, poolCompanyIds: readonly string[]): Promise<void> {
  await emit(ctx.db, { tenantId: ctx.tenantId, companyId: poolCompanyIds.length === 1 ? poolCompanyIds[0] : null, orderId: null, type: 'randomDraw.created', sequence: 1, data: { randomDraw: draw } });
}

/** `sequence`: how far the selection has moved (selected 1; ordered or excused 2; completed or lost 3), so a receiver drops an older event. */
const SEQUENCE: Record<RandomSelection['status'], number> = { selected: 1, ordered: 2, excused: 2, completed: 3, lost: 3 };

export async function emitSelectionUpdated(ctx: { db: Db; tenantId: string }, selection: RandomSelection): Promise<void> {
  await emit(ctx.db, {
    tenantId: ctx.tenantId,
    companyId: selection.company.id,
    orderId: selection.order?.id ?? null,
    type: 'randomSelection.updated',
    sequence: SEQUENCE[selection.status],
    data: { randomSelection: selection },
  });
}
