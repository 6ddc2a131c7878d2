/** Messages to participants (DESIGN.md 6.1): the outbox as the API shows it. */
import { ListOrderMessagesQuery } from '@/lib/domain/messages/queries';
import * as R from '../representations';
import { ok, type OperationSpec } from './spec';

export const messagesOperations = {
  listOrderMessages: {
    method: 'GET', path: '/api/v2/orders/{id}/messages', scope: 'order.read', tag: 'orders', summary: "List an order's messages",
    description:
      'E-mails and text messages sent to the participant about this order (the pass link when the order was created, reminders, a reissued pass, an extended deadline), oldest first. ' +
      'The address is masked and the content is not shown. `queued` messages are retried with backoff for about a day; `failed` ones carry `lastError` ' +
      '(`providerNotConfigured`: no SMTP or Twilio provider is configured in production).',
    query: ListOrderMessagesQuery, responses: ok(R.pageOf(R.Message, 'Message')), errors: [400, 404],
  },
} satisfies Record<string, OperationSpec>;
