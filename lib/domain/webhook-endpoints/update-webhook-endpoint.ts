/** `PATCH /api/v2/webhook-endpoints/{id}`: the members sent change; `status: disabled` stops its deliveries. */
import { eq } from 'drizzle-orm';
import { webhookEndpoints } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import type { Ctx } from '@/lib/domain/context';
import { notFound } from '@/lib/domain/errors';
import { withTransaction } from '@/lib/domain/transaction';
import { assertTenantCompanies, assertTenantWide, tenantEndpoint } from './queries';
import { assertEnabledEvents, assertEndpointUrl } from './rules';
import type { UpdateWebhookEndpointBody } from './schemas';
import { serializeWebhookEndpoint, type WebhookEndpoint } from './serialize';

export async function updateWebhookEndpoint({ ctx, id, input }: { ctx: Ctx; id: string; input: UpdateWebhookEndpointBody }): Promise<WebhookEndpoint> {
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
    return serializeWebhookEndpoint(row);
  });
}
