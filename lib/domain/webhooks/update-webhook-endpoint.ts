/**
 * `PATCH /api/v2/webhook-endpoints/{id}` (DESIGN.md 7.6): the change itself is the endpoint
 * module's (lib/domain/webhook-endpoints/update-webhook-endpoint.ts); it lives here because enabling
 * an endpoint again resolves its open `webhookEndpointDisabled` action in the same transaction, and
 * the actions (lib/domain/actions) come after the endpoints in the domain's order.
 */
import { resolveActions } from '@/lib/domain/actions';
import type { Ctx } from '@/lib/domain/context';
import { changeWebhookEndpoint, type UpdateWebhookEndpointBody, type WebhookEndpoint } from '@/lib/domain/webhook-endpoints';
import { ENDPOINT_DISABLED_ACTION } from './disable-failing-endpoints';

export function updateWebhookEndpoint({ ctx, id, input }: { ctx: Ctx; id: string; input: UpdateWebhookEndpointBody }): Promise<WebhookEndpoint> {
  return changeWebhookEndpoint({
    ctx,
    id,
    input,
    onReEnabled: async (tx, endpoint) => {
      await resolveActions(tx.db, { tenantId: tx.tenantId, type: ENDPOINT_DISABLED_ACTION, subject: { object: 'webhookEndpoint', id: endpoint.id }, by: tx.actor });
    },
  });
}
