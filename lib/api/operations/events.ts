/** The event catalog and the Events API (DESIGN.md 7.6): what a receiver of webhooks can be sent, and what was sent. */
import { Event, EventType } from '@/lib/domain/contract/management';
import { ListEventsQuery } from '@/lib/domain/events/schemas';
import { PageQuery } from '@/lib/domain/pagination';
import { pageOf } from '../representations';
import { ok, type OperationSpec } from './spec';

const VISIBLE = 'An event about a company is visible to principals linked to that company; an event about no company (a message to a dashboard user) to every principal of the tenant.';

export const eventsOperations = {
  listEventTypes: {
    method: 'GET', path: '/api/v2/event-types', scope: 'webhook.read', tag: 'webhooks', summary: 'List the event types',
    description:
      'Every type of event the product sends, by name, with its description, the JSON Schema of its payload and an example. ' +
      'The same catalog is the `webhooks` section of this document.',
    query: PageQuery, responses: ok(pageOf(EventType, 'EventType')), errors: [400],
  },
  listEvents: {
    method: 'GET', path: '/api/v2/events', scope: 'webhook.read', tag: 'webhooks', summary: 'List events',
    description:
      'The events of the last 30 days (they are kept 30 days), newest first, each with its `data` as delivered and how its deliveries to the account\'s webhook endpoints stand. ' +
      `${VISIBLE} \`type\` must be a type of the catalog (400 \`invalidValue\` at \`/type\`); \`createdAfter\` is inclusive, \`createdBefore\` exclusive.`,
    query: ListEventsQuery, responses: ok(pageOf(Event, 'Event')), errors: [400],
  },
  getEvent: {
    method: 'GET', path: '/api/v2/events/{id}', scope: 'webhook.read', tag: 'webhooks', summary: 'Get an event',
    description: `${VISIBLE} Another's event, or one past its 30 days, is 404.`,
    responses: ok(Event), errors: [404],
  },
} satisfies Record<string, OperationSpec>;
