/**
 * `POST /api/v2/webhook-endpoints/{id}/recovery` (DESIGN.md 7.6): every event of the tenant created
 * in [since, until) that the endpoint takes now (its `enabledEvents`, its companies) is queued to it
 * again with its original id as `webhook-id` and its original payload, oldest first. An order's
 * events keep their `sequence`: a receiver that already has a newer one drops them, and the worker
 * sends one order's events in sequence order. Events are kept 30 days, so `since` reaches no further.
 */
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { events, webhookEndpoints } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import { tenantNow } from '@/lib/domain/clock';
import type { Ctx } from '@/lib/domain/context';
import type { WebhookRecovery } from '@/lib/domain/contract/management';
import { DomainError, notFound } from '@/lib/domain/errors';
import { notifyDeliveriesDue } from '@/lib/domain/outbox/webhook-wake';
import { withTransaction } from '@/lib/domain/transaction';
import { newId } from '@/lib/ids';
import { assertTenantWide, tenantEndpoint } from './queries';
import { assertEndpointEnabled } from './rules';
import { RECOVERY_WINDOW_DAYS, type WebhookRecoveryBody } from './schemas';

/** Deliveries written per statement. */
const CHUNK = 1000;

export async function recoverEvents({ ctx, id, input }: { ctx: Ctx; id: string; input: WebhookRecoveryBody }): Promise<WebhookRecovery> {
  assertTenantWide(ctx);
  const now = await tenantNow(ctx);
  const since = new Date(input.since);
  const until = input.until ? new Date(input.until) : now;
  const earliest = new Date(now.getTime() - RECOVERY_WINDOW_DAYS * 24 * 3600 * 1000);
  if (since < earliest)
    throw new DomainError('invalidValue', `since may be at most ${RECOVERY_WINDOW_DAYS} days ago (${earliest.toISOString()}): events are kept ${RECOVERY_WINDOW_DAYS} days.`, {
      pointer: '/since',
      meta: { earliest: earliest.toISOString() },
    });
  if (until <= since) throw new DomainError('invalidValue', 'until must be after since.', { pointer: '/until' });
  return withTransaction(ctx, async (tx) => {
    // Shared lock: a concurrent change of its types, companies or status waits for this recovery.
    const [endpoint] = await tx.db.select().from(webhookEndpoints).where(tenantEndpoint(ctx, id)).for('share');
    if (!endpoint) throw notFound('Webhook endpoint');
    assertEndpointEnabled(endpoint);
    const takes = endpoint.enabledEvents.includes('*') ? undefined : inArray(events.type, endpoint.enabledEvents);
    // The same rule as the fan-out: an event about no company goes only to an endpoint of every company.
    const ofCompanies = endpoint.companyIds ? inArray(events.companyId, endpoint.companyIds) : undefined;
    const found = await tx.db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.tenantId, ctx.tenantId), gte(events.createdAt, since), lt(events.createdAt, until), takes, ofCompanies))
      .orderBy(asc(events.createdAt), asc(events.id));
    // Due now, a millisecond apart in the events' order: the worker claims the oldest first.
    const start = Date.now() - found.length;
    for (let from = 0; from < found.length; from += CHUNK) {
      const rows = found.slice(from, from + CHUNK).map((e, i) => ({ event_id: e.id, delivery_id: newId(), due_at: new Date(start + from + i).toISOString() }));
      await tx.db.execute(sql`
        insert into webhook_deliveries (id, tenant_id, order_id, endpoint_id, event_id, event_type, sequence, url, payload, status, attempt_count, next_attempt_at, created_at)
        select v.delivery_id, e.tenant_id, e.order_id, ${endpoint.id}, e.id, e.type,
          case when jsonb_typeof(e.payload->'sequence') = 'number' then (e.payload->>'sequence')::int else 0 end,
          ${endpoint.url}, e.payload, 'pending', 0, v.due_at, v.due_at
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(event_id text, delivery_id text, due_at timestamptz)
        join ${events} e on e.id = v.event_id and e.tenant_id = ${ctx.tenantId}`);
    }
    const answer: WebhookRecovery = { object: 'webhookRecovery', endpoint: id, since: since.toISOString(), until: until.toISOString(), events: found.length };
    await auditChange(tx, { action: 'webhookEndpoint.recovered', subject: { type: 'webhookEndpoint', id }, data: { since: answer.since, until: answer.until, events: found.length } });
    if (found.length) tx.afterCommit(notifyDeliveriesDue);
    return answer;
  });
}
