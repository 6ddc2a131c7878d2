/**
 * `POST /api/v2/webhook-endpoints/{id}/test` (DESIGN.md 7.6): one delivery of the catalog's example
 * of a type, to this endpoint only, with a fresh `evt_` id (its `webhook-id`) and `createdAt` the
 * tenant's now. It is about no order (sequence 0) and is not an event: the Events API and a
 * recovery never see it. The delivery worker of this process sends it at once.
 */
import { webhookDeliveries, webhookEndpoints } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import { tenantNow } from '@/lib/domain/clock';
import type { Ctx } from '@/lib/domain/context';
import type { EndpointDelivery } from '@/lib/domain/contract/management';
import { DomainError, notFound } from '@/lib/domain/errors';
import { eventType } from '@/lib/domain/events/catalog';
import { notifyDeliveriesDue } from '@/lib/domain/outbox/webhook-wake';
import { withTransaction } from '@/lib/domain/transaction';
import { newId } from '@/lib/ids';
import { assertTenantWide, tenantEndpoint } from './queries';
import { assertEndpointEnabled } from './rules';
import type { TestWebhookEndpointBody } from './schemas';
import { serializeEndpointDelivery } from './serialize';

export const newEventId = () => `evt_${newId().replace(/-/g, '')}`;

export async function sendTestEvent({ ctx, id, input }: { ctx: Ctx; id: string; input: TestWebhookEndpointBody }): Promise<EndpointDelivery> {
  assertTenantWide(ctx);
  const definition = eventType(input.type);
  if (!definition) throw new DomainError('invalidValue', `Unknown event type "${input.type}": see GET /api/v2/event-types.`, { pointer: '/type' });
  return withTransaction(ctx, async (tx) => {
    const [endpoint] = await tx.db.select().from(webhookEndpoints).where(tenantEndpoint(ctx, id)).for('share');
    if (!endpoint) throw notFound('Webhook endpoint');
    assertEndpointEnabled(endpoint);
    const eventId = newEventId();
    const payload = { ...(definition.example as Record<string, unknown>), id: eventId, createdAt: (await tenantNow(tx)).toISOString() };
    const now = new Date();
    const [row] = await tx.db
      .insert(webhookDeliveries)
      .values({ id: newId(), tenantId: ctx.tenantId, orderId: null, endpointId: id, eventId, eventType: definition.type, sequence: 0, url: endpoint.url, payload, status: 'pending', nextAttemptAt: now, createdAt: now })
      .returning();
    await auditChange(tx, { action: 'webhookEndpoint.testSent', subject: { type: 'webhookEndpoint', id }, data: { type: definition.type, eventId, deliveryId: row.id } });
    tx.afterCommit(notifyDeliveriesDue);
    return serializeEndpointDelivery(row, []);
  });
}
