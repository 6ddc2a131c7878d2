/**
 * A collection-site, lab or MRO event moves one service of an order (DESIGN.md "Service
 * lifecycle"). The order status is re-derived from its services; `statusUpdatedAt` changes only
 * when the order status does. Used by the API and by the staging sandbox simulator.
 */
import { and, eq } from 'drizzle-orm';
import { orders, orderServices, orderServiceScreenHistory, orderServiceStatusHistory, vendors } from '@/lib/db/schema';
import { visibleOrder } from '@/lib/domain/access';
import { writeAudit } from '@/lib/domain/audit';
import { tenantNow } from '@/lib/domain/clock';
import type { Ctx } from '@/lib/domain/context';
import { DomainError, notFound } from '@/lib/domain/errors';
import { withTransaction } from '@/lib/domain/transaction';
import { newId } from '@/lib/ids';
import { countStatusChange, enqueueOrderUpdated } from './bookkeeping';
import { storeOrderDocuments } from '@/lib/domain/order-model/documents';
import { getOrder } from './queries';
import { retentionUntil } from './retention';
import type { ServiceEventBody } from './schemas';
import { deriveOrderStatus, isFinalOrderStatus, isFinalServiceStatus, serviceStatusGroup } from '@/lib/domain/order-model/status';

export async function recordServiceEvent(args: { ctx: Ctx; orderId: string; serviceId: string; input: ServiceEventBody }) {
  const { ctx, orderId, serviceId, input } = args;
  await withTransaction(ctx, async (t) => {
    const tx = t.db;
    const [order] = await tx.select().from(orders).where(and(visibleOrder(ctx), eq(orders.id, orderId))).for('update');
    if (!order) throw notFound('Order');
    const services = await tx.select().from(orderServices).where(eq(orderServices.orderId, orderId));
    const service = services.find((s) => s.id === serviceId);
    if (!service) throw notFound('Order service');
    if (order.status === 'cancelled' || order.status === 'expired')
      throw new DomainError('invalidState', `The order is ${order.status}; its services no longer move.`, { meta: { status: order.status } });
    if (isFinalServiceStatus(service.status))
      throw new DomainError('invalidState', `The service has reached the final status "${service.status}" and does not move again.`, {
        meta: { status: service.status },
      });
    if (input.lab) {
      const [lab] = await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, input.lab.id));
      if (!lab) throw new DomainError('invalidValue', 'lab must be a known vendor id.', { pointer: '/lab/id' });
    }

    // The tenant's clock (lib/domain/clock.ts): a sandbox tenant's moved clock dates its results.
    const now = await tenantNow(t);
    const occurredAt = input.occurredAt ? new Date(input.occurredAt) : now;
    const statusChanged = input.status !== service.status;
    await tx
      .update(orderServices)
      .set({
        status: input.status,
        ...(statusChanged ? { statusUpdatedAt: occurredAt } : {}),
        ...(input.specimenId !== undefined ? { specimenId: input.specimenId } : {}),
        ...(input.lab !== undefined ? { labId: input.lab.id } : {}),
        ...(input.courierServiceName !== undefined ? { courierServiceName: input.courierServiceName } : {}),
        ...(input.trackingNumber !== undefined ? { trackingNumber: input.trackingNumber } : {}),
      })
      .where(eq(orderServices.id, service.id));
    if (statusChanged)
      await tx.insert(orderServiceStatusHistory).values({ id: newId(), orderServiceId: service.id, status: input.status, groupType: serviceStatusGroup(input.status), occurredAt });
    if (input.milestone) await tx.insert(orderServiceScreenHistory).values({ id: newId(), orderServiceId: service.id, type: input.milestone, occurredAt });

    const serviceStatuses = services.map((s) => (s.id === service.id ? input.status : s.status));
    const nextStatus = deriveOrderStatus(order.status, serviceStatuses);
    const orderChanged = nextStatus !== order.status;
    await tx
      .update(orders)
      .set({
        updatedAt: now,
        ...(orderChanged
          ? { status: nextStatus, isFinal: isFinalOrderStatus(nextStatus), statusUpdatedAt: now, retentionUntil: retentionUntil(nextStatus, now, serviceStatuses) }
          : {}),
      })
      .where(eq(orders.id, orderId));
    if (orderChanged) await countStatusChange(tx, order.tenantId, order.companyId, order.status, nextStatus);
    await storeOrderDocuments(tx, [orderId]);
    await writeAudit(tx, {
      tenantId: order.tenantId,
      orderId,
      action: 'order.service.updated',
      actor: ctx.actor,
      data: { serviceId, from: service.status, to: input.status, ...(input.milestone ? { milestone: input.milestone } : {}), ...(orderChanged ? { orderStatus: nextStatus } : {}) },
    });
    if (statusChanged || orderChanged) {
      const updated = await getOrder(t, orderId, { identifiers: false });
      await enqueueOrderUpdated(t, updated, { tenantId: order.tenantId, callbackUrl: order.callbackUrl, previousStatus: order.status });
    }
  });
  return getOrder(ctx, orderId);
}
