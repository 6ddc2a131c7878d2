/**
 * The change of `PATCH /api/v2/webhook-endpoints/{id}`: the members sent change; `status: disabled`
 * stops its deliveries, `status: enabled` clears its failing streak. The operation itself is
 * lib/domain/webhooks/update-webhook-endpoint.ts: re-enabling also resolves the endpoint's open
 * action (lib/domain/actions, above this module in the domain's order), through `onReEnabled`,
 * which runs in this change's transaction.
 */
import { eq } from 'drizzle-orm';
import { webhookEndpoints } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import type { Ctx } from '@/lib/domain/context';
import { notFound } from '@/lib/domain/errors';
import { withTransaction, type InTransaction } from '@/lib/domain/transaction';
import { assertTenantCompanies, assertTenantWide, tenantEndpoint } from './queries';
import { assertEnabledEvents, assertEndpointUrl } from './rules';
import type { UpdateWebhookEndpointBody } from './schemas';
import { serializeWebhookEndpoint, type WebhookEndpoint, type WebhookEndpointRow } from './serialize';

export async function changeWebhookEndpoint({
  ctx,
  id,
  input,
  onReEnabled,
}: {
  ctx: Ctx;
  id: string;
  input: UpdateWebhookEndpointBody;
  /** Runs in the transaction when a disabled endpoint is enabled again. */
  onReEnabled?: (tx: InTransaction<Ctx>, endpoint: WebhookEndpointRow) => Promise<void>;
}): Promise<WebhookEndpoint> {
  assertTenantWide(ctx);
  if (input.url !== undefined) assertEndpointUrl(input.url);
  if (input.enabledEvents !== undefined) assertEnabledEvents(input.enabledEvents);
  if (input.companies) await assertTenantCompanies(ctx, input.companies);
  return withTransaction(ctx, async (tx) => {
    const [before] = await tx.db.select().from(webhookEndpoints).where(tenantEndpoint(ctx, id)).for('update');
    if (!before) throw notFound('Webhook endpoint');
    const changes: Partial<typeof webhookEndpoints.$inferInsert> = {
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.enabledEvents !== undefined ? { enabledEvents: input.enabledEvents } : {}),
      ...(input.companies !== undefined ? { companyIds: input.companies ? [...new Set(input.companies.map((c) => c.id))] : null } : {}),
      ...(input.status !== undefined && input.status !== before.status
        ? { status: input.status, disabledReason: input.status === 'disabled' ? 'byUser' : null, ...(input.status === 'enabled' ? { failingSince: null } : {}) }
        : {}),
    };
    const changed = Object.keys(changes);
    if (changed.length === 0) return serializeWebhookEndpoint(before);
    const [row] = await tx.db.update(webhookEndpoints).set({ ...changes, updatedAt: new Date() }).where(eq(webhookEndpoints.id, id)).returning();
    await auditChange(tx, { action: 'webhookEndpoint.updated', subject: { type: 'webhookEndpoint', id }, data: { changed } });
    if (before.status === 'disabled' && row.status === 'enabled') await onReEnabled?.(tx, row);
    return serializeWebhookEndpoint(row);
  });
}
