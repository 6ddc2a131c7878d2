/** The webhook endpoint representation (lib/domain/contract/management.ts). Never the secret but at creation and rotation. */
import type { webhookAttempts, webhookDeliveries, webhookEndpoints } from '@/lib/db/schema';
import { webhookEndpointUrl, type EndpointDelivery, type WebhookEndpoint } from '@/lib/domain/contract/management';
import { API, iso, isoOrNull } from '@/lib/domain/contract/representation';

export type { WebhookEndpoint };
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/** The previous secret signs for 24 hours after a rotation. */
export const SECRET_OVERLAP_MS = 24 * 3600 * 1000;

export function serializeWebhookEndpoint(e: WebhookEndpointRow, now = new Date()): WebhookEndpoint {
  const overlap = e.previousSecretEncrypted && e.previousSecretExpiresAt && e.previousSecretExpiresAt > now ? e.previousSecretExpiresAt : null;
  return {
    object: 'webhookEndpoint',
    id: e.id,
    url: e.url,
    description: e.description,
    enabledEvents: e.enabledEvents,
    companies: e.companyIds ? e.companyIds.map((id) => ({ id, object: 'company' as const, url: `${API}/companies/${id}` })) : null,
    status: e.status === 'disabled' ? 'disabled' : 'enabled',
    disabledReason: e.status === 'disabled' ? (e.disabledReason === 'failing' ? 'failing' : 'byUser') : null,
    failingSince: isoOrNull(e.failingSince),
    // The overlap ends 24 hours after the rotation: the rotation time is read back from it.
    secretRotatedAt: e.previousSecretExpiresAt ? new Date(e.previousSecretExpiresAt.getTime() - SECRET_OVERLAP_MS).toISOString() : null,
    previousSecretExpiresAt: overlap ? iso(overlap) : null,
    createdAt: iso(e.createdAt),
    updatedAt: iso(e.updatedAt),
    resourceUrl: webhookEndpointUrl(e.id),
  };
}

/** One row of an endpoint's delivery log; `attempts` newest first (the first 20 are shown). */
export function serializeEndpointDelivery(d: typeof webhookDeliveries.$inferSelect, attempts: ReadonlyArray<typeof webhookAttempts.$inferSelect>): EndpointDelivery {
  return {
    object: 'webhookEndpointDelivery',
    id: d.id,
    eventId: d.eventId,
    eventType: d.eventType,
    status: d.status === 'delivered' ? 'delivered' : d.status === 'failed' ? 'failed' : 'pending',
    createdAt: iso(d.createdAt),
    deliveredAt: isoOrNull(d.deliveredAt),
    attempts: attempts
      .slice(0, 20)
      .map((a) => ({ attemptedAt: iso(a.attemptedAt), statusCode: a.statusCode, durationMs: a.durationMs, error: a.error, responseExcerpt: a.responseExcerpt })),
  };
}
