/**
 * The sandbox clock (DESIGN.md 7.6), staging only: production answers 404 as for a path no route
 * declares. The scope is `order.service.write`, the one that moves orders through their lifecycle in
 * the sandbox (simulated results): moving the clock expires orders and sends reminders, lifecycle
 * changes of the same kind. Reading it needs the same scope, so that a token that cannot use the
 * clock does not learn about it either.
 */
import { MoveSandboxClockBody, SandboxClock } from '@/lib/domain/sandbox/clock';
import { ok, type OperationSpec } from './spec';

const STAGING =
  'Staging only: in production this path answers 404 `notFound`, as if it did not exist. The clock is the whole tenant\'s: a principal limited to some companies gets 403 `insufficientScope`. ';

export const sandboxOperations = {
  getSandboxClock: {
    method: 'GET', path: '/api/v2/sandbox/clock', scope: 'order.service.write', tag: 'sandbox', summary: "Read the tenant's sandbox clock",
    description: "The tenant's now (real time plus `offsetMs`), which every timer of the tenant reads: order expiry and the expiry reminders. " + STAGING,
    responses: ok(SandboxClock), errors: [404],
  },
  moveSandboxClock: {
    method: 'PUT', path: '/api/v2/sandbox/clock', scope: 'order.service.write', tag: 'sandbox', summary: "Move the tenant's sandbox clock forward",
    description:
      "Sets the tenant's now to `now`: forward only (a `now` before the current one is 422 `invalidState` at `/now`), at most two years after real time (400 `invalidValue` at `/now`). " +
      'What falls due by the new now runs before the answer: orders past their expiry are `expired` and the reminders passed are queued, once each, when the answer arrives. Audited (`tenant.clockMoved`). ' +
      STAGING,
    body: MoveSandboxClockBody, responses: ok(SandboxClock), errors: [400, 404, 413, 422],
  },
} satisfies Record<string, OperationSpec>;
