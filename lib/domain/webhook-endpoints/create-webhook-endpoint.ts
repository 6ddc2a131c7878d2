/** `POST /api/v2/webhook-endpoints` (DESIGN.md 7.6): the secret is in this answer only. */
import { count, eq, sql } from 'drizzle-orm';
import { tenants, webhookEndpoints } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import type { Ctx } from '@/lib/domain/context';
import type { CreatedWebhookEndpoint } from '@/lib/domain/contract/management';
import { DomainError } from '@/lib/domain/errors';
import { withTransaction } from '@/lib/domain/transaction';
import { newId } from '@/lib/ids';
import { sealSecret } from '@/lib/secrets';
import { assertTenantCompanies, assertTenantWide } from './queries';
import { assertEnabledEvents, assertEndpointUrl, newEndpointSecret } from './rules';
import { MAX_ENDPOINTS_PER_TENANT, type CreateWebhookEndpointBody } from './schemas';
import { serializeWebhookEndpoint } from './serialize';

export async function createWebhookEndpoint({ ctx, input }: { ctx: Ctx; input: CreateWebhookEndpointBody }): Promise<{ webhookEndpoint: CreatedWebhookEndpoint; matched: null }> {
  assertTenantWide(ctx);
  assertEndpointUrl(input.url);
  assertEnabledEvents(input.enabledEvents);
  if (input.companies) await assertTenantCompanies(ctx, input.companies);
  const secret = newEndpointSecret();
  return withTransaction(ctx, async (tx) => {
    // The tenant row is the lock that keeps two concurrent creates from passing the limit together.
    await tx.db.execute(sql`select 1 from ${tenants} where ${tenants.id} = ${ctx.tenantId} for update`);
    const [{ n }] = await tx.db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.tenantId, ctx.tenantId));
    if (n >= MAX_ENDPOINTS_PER_TENANT)
      throw new DomainError('invalidState', `A tenant has at most ${MAX_ENDPOINTS_PER_TENANT} webhook endpoints; delete or reuse one.`, {
        meta: { limit: MAX_ENDPOINTS_PER_TENANT, count: Number(n) },
      });
    const [row] = await tx.db
      .insert(webhookEndpoints)
      .values({
        id: newId(),
        tenantId: ctx.tenantId,
        url: input.url,
        description: input.description ?? null,
        enabledEvents: input.enabledEvents,
        companyIds: input.companies ? [...new Set(input.companies.map((c) => c.id))] : null,
        secretEncrypted: sealSecret(secret),
      })
      .returning();
    await auditChange(tx, { action: 'webhookEndpoint.created', subject: { type: 'webhookEndpoint', id: row.id }, data: { url: row.url, enabledEvents: row.enabledEvents } });
    return { webhookEndpoint: { ...serializeWebhookEndpoint(row), secret }, matched: null };
  });
}
