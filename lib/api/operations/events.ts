/** The event catalog (DESIGN.md 7.6): what a receiver of webhooks can be sent. */
import { EventType } from '@/lib/domain/contract/management';
import { PageQuery } from '@/lib/domain/pagination';
import { pageOf } from '../representations';
import { ok, type OperationSpec } from './spec';

export const eventsOperations = {
  listEventTypes: {
    method: 'GET', path: '/api/v2/event-types', scope: 'webhook.read', tag: 'webhooks', summary: 'List the event types',
    description:
      'Every type of event the product sends, by name, with its description, the JSON Schema of its payload and an example. ' +
      'The same catalog is the `webhooks` section of this document.',
    query: PageQuery, responses: ok(pageOf(EventType, 'EventType')), errors: [400],
  },
} satisfies Record<string, OperationSpec>;
