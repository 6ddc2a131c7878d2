/** The checks a create and an update share: the URL rules of callbacks and the catalog's types. */
import { DomainError } from '@/lib/domain/errors';
import { EVENT_TYPES } from '@/lib/domain/events/catalog';
import { callbackUrlProblem } from '@/lib/domain/outbox/callback-url';
import { randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@/lib/domain/outbox/webhook-signature';

export function assertEndpointUrl(url: string): void {
  const problem = callbackUrlProblem(url);
  if (problem) throw new DomainError('invalidValue', problem.replace('callback.url', 'url'), { pointer: '/url' });
}

/** `["*"]` or catalog types; 400 invalidValue at `/enabledEvents/<i>` for anything else. */
export function assertEnabledEvents(types: readonly string[]): void {
  types.forEach((type, i) => {
    if (type === '*' ? types.length !== 1 : !EVENT_TYPES.some((t) => t.type === type))
      throw new DomainError(
        'invalidValue',
        type === '*' ? '`*` stands alone: it already means every type.' : `Unknown event type "${type}": see GET /api/v2/event-types.`,
        { pointer: `/enabledEvents/${i}` },
      );
  });
}

/** A new Standard Webhooks secret: `whsec_` and the base64 of 32 random bytes. */
export const newEndpointSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/** A test send, a recovery or a redelivery goes only to an enabled endpoint (422 invalidState otherwise). */
export function assertEndpointEnabled(endpoint: { status: string; disabledReason: string | null }): void {
  if (endpoint.status !== 'enabled')
    throw new DomainError(
      'invalidState',
      `The webhook endpoint is disabled${endpoint.disabledReason === 'failing' ? ' (it failed for 5 days in a row)' : ''}: enable it first with PATCH {"status": "enabled"}.`,
      { meta: { status: endpoint.status, disabledReason: endpoint.disabledReason } },
    );
}

/** DESIGN.md 7.6: an endpoint whose every attempt failed for this many days in a row is disabled (the worker). */
export const FAILING_DAYS_BEFORE_DISABLE = 5;
