/** The participant's pass and the order's expiry (DESIGN.md 6.1). */
import { ExtendExpirationBody, ReissuePassBody } from '@/lib/domain/passes/schemas';
import { Order, Pass } from '@/lib/domain/contract/representation';
import { MESSAGES_PER_ORDER_PER_HOUR, MESSAGES_PER_RECIPIENT_PER_HOUR } from '@/lib/domain/outbox/message-limits';
import { ok, type OperationSpec } from './spec';

const LIMITS =
  `A change that would send the participant a message beyond ${MESSAGES_PER_ORDER_PER_HOUR} about the order, or ${MESSAGES_PER_RECIPIENT_PER_HOUR} to the address, in the last hour ` +
  'is 429 `tooManyRequests` with `Retry-After` (`meta.per`: `order` or `recipient`), and changes nothing.';

export const passOperations = {
  getOrderPass: {
    // Not order.read: whoever holds the link acts as the participant (chooses the clinic).
    method: 'GET', path: '/api/v2/orders/{id}/pass', scope: 'order.update', tag: 'orders', summary: "Get an order's pass",
    description:
      'The link the participant opens without an account (`PUBLIC_URL/pass/{token}`): the order code as text and QR code, the tests, the clinic or a clinic choice, the time left. ' +
      '`openedAt` is null until the participant first opens it. Needs `order.update`, not `order.read`: the link lets whoever holds it act as the participant.',
    responses: ok(Pass), errors: [404],
  },
  reissueOrderPass: {
    method: 'POST', path: '/api/v2/orders/{id}/pass', scope: 'order.update', tag: 'orders', summary: "Reissue an order's pass",
    description:
      'Revokes the current link (its page answers 410 "this link was replaced"), creates a new one and sends it by the order\'s delivery method (`passReissued`; nothing is sent for `none`). ' +
      '422 `invalidState` when the order is final, cancelled, expired or a no-show. ' + LIMITS,
    body: ReissuePassBody, bodyOptional: true, responses: ok(Pass), errors: [400, 404, 422],
  },
  extendOrderExpiration: {
    method: 'PUT', path: '/api/v2/orders/{id}/expiration', scope: 'order.update', tag: 'orders', summary: "Extend an order's expiry",
    description:
      'Moves `expiresAt` later: 400 `invalidValue` at `/expiresAt` unless later than the current expiry (and in the future); 422 `expirationTooLate` when more than 90 days after the order was created; ' +
      '422 `invalidState` when the order is final, cancelled, expired or a no-show. Sends `expirationExtended` by the delivery method and one `order.updated` event. ' + LIMITS,
    body: ExtendExpirationBody, responses: ok(Order), errors: [400, 404, 422],
  },
} satisfies Record<string, OperationSpec>;
