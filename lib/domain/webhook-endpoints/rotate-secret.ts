/**
 * `POST /api/v2/webhook-endpoints/{id}/secret-rotation`: a new secret, in this answer only; the one
 * before keeps signing (a second `v1,` signature) for 24 hours, so receivers switch without a gap.
 */
import { eq } from 'drizzle-orm';
import { webhookEndpoints } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import type { Ctx } from '@/lib/domain/context';
import type { CreatedWebhookEndpoint } from '@/lib/domain/contract/management';
import { notFound } from '@/lib/domain/errors';
import { withTransaction } from '@/lib/domain/transaction';
import { sealSecret } from '@/lib/secrets';
import { assertTenantWide, tenantEndpoint } from './queries';
import { newEndpointSecret } from './rules';
import { SECRET_OVERLAP_MS, serializeWebhookEndpoint } from './serialize';

export async function rotateEndpointSecret({ ctx, id }: { ctx: Ctx; id: string }): Promise<CreatedWebhookEndpoint> {
  assertTenantWide(ctx);
  const secret = newEndpointSecret();
  return withTransaction(ctx, async (tx) => {
    const [before] = await tx.db.select().from(webhookEndpoints).where(tenantEndpoint(ctx, id)).for('update');
    if (!before) throw notFound('Webhook endpoint');
    const now = new Date();
    const [row] = await tx.db
      .update(webhookEndpoints)
      .set({ secretEncrypted: sealSecret(secret), previousSecretEncrypted: before.secretEncrypted, previousSecretExpiresAt: new Date(now.getTime() + SECRET_OVERLAP_MS), updatedAt: now })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    await auditChange(tx, { action: 'webhookEndpoint.secretRotated', subject: { type: 'webhookEndpoint', id } });
    return { ...serializeWebhookEndpoint(row, now), secret };
  });
}
