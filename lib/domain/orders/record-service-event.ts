/**
 * A collection-site, lab or MRO event moves one service of an order (DESIGN.md "Service
 * lifecycle"). The order status is re-derived from its services; `statusUpdatedAt` changes only
 * when the order status does. Used by the API and by the staging sandbox simulator.
 */
import { and, eq } from 'drizzle-orm';
import { agencies, locations, orders, orderServices, orderServiceScreenHistory, orderServiceStatusHistory, vendors } from '@/lib/db/schema';
import { zoneOf } from '@/lib/domain/clinics/hours';
import { tenantNow } from '@/lib/domain/clock';
import type { ClearinghouseItem, ServiceResult } from '@/lib/domain/contract/result-details';
import { clearinghouseItems, reportableItems } from '@/lib/domain/order-model/clearinghouse';
import { normalizeResult, resultProblems } from '@/lib/domain/order-model/result-details';
import { visibleOrder } from '@/lib/domain/access';
import { writeAudit } from '@/lib/domain/audit';
import type { Ctx } from '@/lib/domain/context';
import { DomainError, notFound } from '@/lib/domain/errors';
import { withTransaction, type InTransaction } from '@/lib/domain/transaction';
import { newId } from '@/lib/ids';
import { countStatusChange, enqueueOrderUpdated } from './bookkeeping';
import { storeOrderDocuments } from '@/lib/domain/order-model/documents';
import { getOrder } from './queries';
import { retentionUntil } from './retention';
import type { ServiceEventBody } from './schemas';
import { deriveOrderStatus, isFinalOrderStatus, isFinalServiceStatus, serviceStatusGroup } from '@/lib/domain/order-model/status';

/** Where the Clearinghouse's business days are counted when the order's location has no known state. */
const DEFAULT_TIME_ZONE = 'America/New_York';

/** What a service event changed, for what the groups above this one do in its transaction (the action center). */
export interface ServiceEventChange {
  orderId: string;
  tenantId: string;
  companyId: string;
  serviceId: string;
  result: ServiceResult | null;
  /** The order became final with this event. */
  becameFinal: boolean;
  /** The Clearinghouse items it got (DESIGN.md 7.5), when it became final with any. */
  clearinghouse: ClearinghouseItem[] | null;
  /** The tenant's now, read once for the operation. */
  now: Date;
}
export type AfterServiceEvent = (tx: InTransaction<Ctx>, change: ServiceEventChange) => Promise<void>;

export async function recordServiceEvent(args: { ctx: Ctx; orderId: string; serviceId: string; input: ServiceEventBody; afterServiceEvent?: AfterServiceEvent }) {
  const { ctx, orderId, serviceId, input, afterServiceEvent } = args;
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

    // DESIGN.md 7.5: the result in detail, checked against its status and its kind of service.
    const result = input.result ? normalizeResult(input.status, service, input.result) : null;
    if (result) {
      const problems = resultProblems(input.status, service, result);
      if (problems.length) {
        const error = new DomainError(problems[0].code, problems[0].detail, { pointer: problems[0].pointer });
        error.entries.push(...problems.slice(1));
        throw error;
      }
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
        ...(result ? { result } : {}),
      })
      .where(eq(orderServices.id, service.id));
    if (statusChanged)
      await tx.insert(orderServiceStatusHistory).values({ id: newId(), orderServiceId: service.id, status: input.status, groupType: serviceStatusGroup(input.status), occurredAt });
    if (input.milestone) await tx.insert(orderServiceScreenHistory).values({ id: newId(), orderServiceId: service.id, type: input.milestone, occurredAt });

    const serviceStatuses = services.map((s) => (s.id === service.id ? input.status : s.status));
    const nextStatus = deriveOrderStatus(order.status, serviceStatuses);
    const orderChanged = nextStatus !== order.status;
    const becameFinal = orderChanged && isFinalOrderStatus(nextStatus);
    // The employer learns of a final result now, on the tenant's clock: the Clearinghouse's days count from it.
    let clearinghouse: ClearinghouseItem[] | null = null;
    if (becameFinal && order.agencyId) {
      const [agency] = await tx.select({ code: agencies.code }).from(agencies).where(eq(agencies.id, order.agencyId));
      const found = reportableItems(
        { agencyCode: agency?.code ?? null, testReason: order.testReason, status: nextStatus },
        services.map((s) => ({ ...s, ...(s.id === service.id ? { status: input.status } : {}), result: s.id === service.id && result ? result : ((s.result as ServiceResult | null) ?? null) })),
      );
      if (found.length) {
        const [location] = await tx.select({ state: locations.state }).from(locations).where(eq(locations.id, order.locationId));
        clearinghouse = clearinghouseItems(found, now, zoneOf(location?.state ?? null) ?? DEFAULT_TIME_ZONE);
      }
    }
    await tx
      .update(orders)
      .set({
        updatedAt: now,
        ...(clearinghouse ? { clearinghouse: { items: clearinghouse } } : {}),
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
      data: {
        serviceId,
        from: service.status,
        to: input.status,
        ...(input.milestone ? { milestone: input.milestone } : {}),
        ...(orderChanged ? { orderStatus: nextStatus } : {}),
        ...(result ? { result } : {}),
        ...(clearinghouse ? { clearinghouse: clearinghouse.map((i) => i.kind) } : {}),
      },
    });
    await afterServiceEvent?.(t, { orderId, tenantId: order.tenantId, companyId: order.companyId, serviceId, result, becameFinal, clearinghouse, now });
    if (statusChanged || orderChanged) {
      const updated = await getOrder(t, orderId, { identifiers: false });
      await enqueueOrderUpdated(t, updated, { tenantId: order.tenantId, callbackUrl: order.callbackUrl, previousStatus: order.status, at: now });
    }
  });
  return getOrder(ctx, orderId);
}
