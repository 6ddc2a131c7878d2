/** The `webhookDelivery` representation (lib/api/representations.ts `WebhookDelivery`). */
import type { webhookAttempts, webhookDeliveries } from '@/lib/db/schema';
import { iso, isoOrNull, type WebhookAttempt, type WebhookDelivery } from '@/lib/domain/contract/representation';
import type { DeliveryStatus } from './schemas';

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

/** Attempts shown with a delivery: the most recent ones, oldest first. */
export const ATTEMPTS_SHOWN = 20;

export function serializeAttempt(a: AttemptRow): WebhookAttempt {
  return {
    object: 'webhookAttempt' as const,
    attemptedAt: iso(a.attemptedAt),
    statusCode: a.statusCode,
    durationMs: a.durationMs,
    error: a.error,
  };
}

export function serializeDelivery(d: DeliveryRow, attempts: readonly AttemptRow[]): WebhookDelivery {
  return {
    id: d.id,
    object: 'webhookDelivery' as const,
    eventId: d.eventId,
    eventType: d.eventType,
    orderId: d.orderId,
    sequence: d.sequence,
    url: d.url,
    status: d.status as DeliveryStatus,
    attemptCount: d.attemptCount,
    nextAttemptAt: d.status === 'pending' ? isoOrNull(d.nextAttemptAt) : null,
    lastAttemptAt: isoOrNull(d.lastAttemptAt),
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    deliveredAt: isoOrNull(d.deliveredAt),
    createdAt: iso(d.createdAt),
    attempts: attempts.slice(-ATTEMPTS_SHOWN).map(serializeAttempt),
  };
}
