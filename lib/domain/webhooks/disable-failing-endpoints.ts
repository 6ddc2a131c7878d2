/**
 * An account webhook endpoint whose every attempt failed for 5 days in a row is disabled (DESIGN.md
 * 7.6), by the delivery worker in the transaction that records the failing attempt: status
 * `disabled` (`disabledReason: failing`), its pending deliveries `failed`, one open action
 * `webhookEndpointDisabled` (high), and an e-mail to every active admin of the tenant saying which
 * endpoint, since when, and how to enable it again. Enabling it again (./update-webhook-endpoint.ts)
 * resolves the action.
 */
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { users, webhookDeliveries, webhookEndpoints } from '@/lib/db/schema';
import { raiseAction } from '@/lib/domain/actions';
import { auditChange } from '@/lib/domain/audit';
import { makeCtx, systemPrincipal } from '@/lib/domain/context';
import { queueMessage } from '@/lib/domain/outbox/message-queue';
import { FAILING_DAYS_BEFORE_DISABLE } from '@/lib/domain/webhook-endpoints/rules';

export const ENDPOINT_DISABLED_ACTION = 'webhookEndpointDisabled';
export const ENDPOINT_DISABLED_ERROR = `The webhook endpoint was disabled after failing for ${FAILING_DAYS_BEFORE_DISABLE} days`;

export interface FailingEndpoint {
  id: string;
  tenantId: string;
  failingSince: Date;
}

/**
 * Disables these endpoints (those still enabled) in `db`'s transaction; the ids it disabled.
 * `attempted`: the deliveries whose failed attempt this is; they keep that attempt's error.
 */
export async function disableFailingEndpoints(db: Db, endpoints: readonly FailingEndpoint[], at: Date, attempted: readonly string[] = []): Promise<string[]> {
  if (endpoints.length === 0) return [];
  const disabled = await db
    .update(webhookEndpoints)
    .set({ status: 'disabled', disabledReason: 'failing', updatedAt: at })
    .where(and(inArray(webhookEndpoints.id, endpoints.map((e) => e.id)), eq(webhookEndpoints.status, 'enabled')))
    .returning();
  for (const endpoint of disabled) {
    const failingSince = endpoints.find((e) => e.id === endpoint.id)!.failingSince;
    await db
      .update(webhookDeliveries)
      .set({
        status: 'failed',
        nextAttemptAt: null,
        lastError: sql`case when ${inArray(webhookDeliveries.id, [...attempted])} then ${webhookDeliveries.lastError} else ${ENDPOINT_DISABLED_ERROR} end`,
      })
      .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, 'pending')));
    const raised = await raiseAction(db, {
      tenantId: endpoint.tenantId,
      type: ENDPOINT_DISABLED_ACTION,
      severity: 'high',
      title: `Webhook endpoint ${endpoint.url} was disabled after failing for ${FAILING_DAYS_BEFORE_DISABLE} days`,
      subject: { object: 'webhookEndpoint', id: endpoint.id },
      companyId: null,
      dueAt: null,
      citation: null,
    });
    const ctx = makeCtx(systemPrincipal('webhook delivery worker', { tenantId: endpoint.tenantId, companyIds: [] }, new Set()), db);
    await auditChange(ctx, {
      action: 'webhookEndpoint.disabled',
      subject: { type: 'webhookEndpoint', id: endpoint.id },
      data: { reason: 'failing', failingSince: failingSince.toISOString(), actionId: raised?.id ?? null },
    });
    const admins = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.tenantId, endpoint.tenantId), eq(users.role, 'admin'), isNull(users.disabledAt), isNotNull(users.passwordHash)));
    for (const admin of admins)
      await queueMessage(db, {
        tenantId: endpoint.tenantId,
        channel: 'email',
        to: admin.email,
        template: 'webhookEndpointDisabled',
        data: { endpointId: endpoint.id, url: endpoint.url, failingSince: failingSince.toISOString(), disabledAt: at.toISOString() },
      });
  }
  return disabled.map((e) => e.id);
}
