/**
 * `POST /api/v2/orders/{id}/recollection` (DESIGN.md 7.5): the observed recollection the MRO
 * directs (a service's result with `recollection: "observed"`, 49 CFR 40.67), in one click: a new
 * order for the same participant (and employee), location and package, the same test reason and
 * coverage, `settings.observedCollection: true`, never matched to an open order. The audit trails of
 * both orders name each other, and the original order's `recollectionDirected` action is resolved,
 * all in one transaction. 422 when no service directs one. Ordering it again answers the
 * recollection ordered first, as create-order answers an equivalent open order (200 with `matched`).
 */
import { and, eq, sql } from 'drizzle-orm';
import { auditEvents, orders } from '@/lib/db/schema';
import { resolveWithEvent } from '@/lib/domain/actions';
import { tenantNow } from '@/lib/domain/clock';
import { visibleOrder } from '@/lib/domain/access';
import { writeAudit } from '@/lib/domain/audit';
import type { Ctx } from '@/lib/domain/context';
import type { Order } from '@/lib/domain/contract/representation';
import { DomainError, notFound } from '@/lib/domain/errors';
import { getOrder } from '@/lib/domain/orders/queries';
import type { CreateOrderBody } from '@/lib/domain/orders/schemas';
import { withTransaction } from '@/lib/domain/transaction';
import { RESULT_ACTIONS } from './action-types';
import { createOrderCheckingDriver } from './prohibited-driver';
import type { RecollectionBody } from './schemas';

export const RECOLLECTION_ORDERED = 'order.recollection.ordered';

/** The create-order input of the recollection: the first order's, observed. */
function recollectionInput(first: Order, callbackUrl: string | null, input: RecollectionBody): CreateOrderBody {
  const p = first.participant;
  const address = p.address && p.address.line1 && p.address.city
    ? { line1: p.address.line1, line2: p.address.line2, city: p.address.city, state: p.address.state ?? '', postalCode: p.address.postalCode ?? '', country: p.address.country ?? 'US' }
    : null;
  const participant = {
    firstName: p.firstName ?? undefined,
    lastName: p.lastName ?? undefined,
    middleName: p.middleName,
    birthDate: p.birthDate,
    email: p.email,
    phone: p.phone,
    address,
    language: p.language,
    ...(p.identifiers ? { identifiers: p.identifiers.map((i) => ({ type: i.type, value: i.value, issuingCountry: i.issuingCountry, issuingState: i.issuingState })) } : {}),
  };
  return {
    deliveryMethods: input.deliveryMethods ?? first.deliveryMethods,
    location: { id: first.location!.id },
    package: { id: first.packages[0].id },
    ...(first.employee ? { employee: { id: first.employee.id } } : {}),
    participant,
    requester: first.requester,
    settings: {
      observedCollection: true,
      schedule: first.settings.schedule.clinic
        ? { strategy: 'clinic', clinic: { id: first.settings.schedule.clinic.id } }
        : ({ strategy: first.settings.schedule.strategy } as { strategy: 'participantChoice' | 'nearestClinic' }),
      notes: `Observed recollection directed by the MRO for order ${first.code} (49 CFR 40.67).`,
    },
    testReason: first.testReason as CreateOrderBody['testReason'],
    ...(first.otherTestReason ? { otherTestReason: first.otherTestReason } : {}),
    ...(first.incident ? { incident: { occurredAt: first.incident.occurredAt, ...(first.incident.delayReason ? { delayReason: first.incident.delayReason } : {}) } } : {}),
    ...(first.agency ? { agency: { id: first.agency.id } } : {}),
    ...(first.jobCategory ? { jobCategory: { id: first.jobCategory.id } } : {}),
    ...(callbackUrl ? { callback: { url: callbackUrl } } : {}),
    orderMatching: { enabled: false },
  } as CreateOrderBody;
}

export async function orderRecollection({ ctx, id, input }: { ctx: Ctx; id: string; input: RecollectionBody }) {
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .select({ id: orders.id, tenantId: orders.tenantId, callbackUrl: orders.callbackUrl })
      .from(orders)
      .where(and(visibleOrder(ctx), eq(orders.id, id)))
      .for('update');
    if (!row) throw notFound('Order');
    const first = await getOrder(tx, id, { identifiers: true });
    if (!first.services.some((s) => s.result?.recollection === 'observed'))
      throw new DomainError('invalidState', 'No result of this order directs an observed recollection (result.recollection "observed").');
    const [already] = await tx.db
      .select({ data: auditEvents.data })
      .from(auditEvents)
      .where(and(eq(auditEvents.orderId, id), eq(auditEvents.action, RECOLLECTION_ORDERED)))
      .limit(1);
    const earlier = (already?.data as { recollectionOrderId?: string } | undefined)?.recollectionOrderId;
    if (earlier) {
      const order = await getOrder(tx, earlier);
      return { order, matched: { originalSource: 'recollection', score: 100 } };
    }

    const created = await createOrderCheckingDriver({ ctx: tx, input: recollectionInput(first, row.callbackUrl, input) });
    const recollection = created.order;
    await writeAudit(tx.db, { tenantId: row.tenantId, orderId: id, action: RECOLLECTION_ORDERED, actor: ctx.actor, data: { recollectionOrderId: recollection.id, recollectionCode: recollection.code } });
    await writeAudit(tx.db, { tenantId: row.tenantId, orderId: recollection.id, action: 'order.recollection.of', actor: ctx.actor, data: { originalOrderId: id, originalCode: first.code } });
    await resolveWithEvent(tx, { type: RESULT_ACTIONS.recollectionDirected.type, subject: { object: 'order', id }, resolution: 'automatic' }, await tenantNow(tx));
    return { order: await getOrder(tx, recollection.id), matched: null as { originalSource: string; score: number } | null };
  });
}

/** Whether the recollection of an order was ordered, and which order it is (the order page). */
export async function recollectionOf(ctx: Ctx, id: string): Promise<{ orderId: string; code: string } | null> {
  const [row] = await ctx.db
    .select({ data: auditEvents.data })
    .from(auditEvents)
    .where(and(eq(auditEvents.tenantId, ctx.tenantId), eq(auditEvents.orderId, id), eq(auditEvents.action, RECOLLECTION_ORDERED)))
    .orderBy(sql`${auditEvents.createdAt} desc`)
    .limit(1);
  const data = row?.data as { recollectionOrderId?: string; recollectionCode?: string } | undefined;
  return data?.recollectionOrderId ? { orderId: data.recollectionOrderId, code: data.recollectionCode ?? '' } : null;
}
