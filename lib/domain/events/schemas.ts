/** The Events API's list query (DESIGN.md 7.6). Pure (zod only). */
import { z } from 'zod';
import { PageQuery } from '@/lib/domain/pagination';
import { EVENT_TYPES } from './catalog';

const EVENT_TYPE_NAMES = EVENT_TYPES.map((t) => t.type) as [string, ...string[]];

export const ListEventsQuery = PageQuery.extend({
  type: z.enum(EVENT_TYPE_NAMES).optional().describe('Only events of this type of the catalog (400 `invalidValue` at `/type` otherwise).'),
  createdAfter: z.iso.datetime({ offset: true }).optional().describe('Only events created at or after this instant.'),
  createdBefore: z.iso.datetime({ offset: true }).optional().describe('Only events created before this instant.'),
  deliverySuccess: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional()
    .describe(
      '`true`: events delivered to every webhook endpoint they went to (at least one, each acknowledged with a 2xx). ' +
        '`false`: events with at least one endpoint delivery that failed for good or is being retried after a failed attempt (its last attempt was not a 2xx). ' +
        'Events that went to no endpoint, or whose deliveries were not attempted yet, match neither.',
    ),
});
export type ListEventsQuery = z.output<typeof ListEventsQuery>;
