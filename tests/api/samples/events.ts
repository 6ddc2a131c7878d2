/** Samples of lib/api/operations/events.ts for the isolation matrix and the fuzz run (see ../operation-samples.ts). */
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/db/client';
import { db } from '../harness';
import type { Fixtures, SampleOf } from '../operation-samples';
import { missing } from './ids';

export const samples = {
  // The catalog is the same for every tenant: reference data, like the agencies.
  listEventTypes: () => ({ path: '/api/v2/event-types', companyScoped: false, global: true }),
  // Events are the tenant's; one about a company only for principals linked to it.
  listEvents: () => ({ path: '/api/v2/events', query: { type: 'order.created' }, companyScoped: true }),
  getEvent: (f) => ({ path: `/api/v2/events/${f.eventId}`, missingPath: `/api/v2/events/evt_${missing.replace(/-/g, '')}`, companyScoped: true }),
} satisfies Record<string, SampleOf>;

/** The `order.created` event of the fixture order (Acme's primary company). */
export async function fixtures(_t: string, base: Fixtures): Promise<Record<string, string>> {
  const [event] = rowsOf<{ id: string }>(await db().execute(sql`select id from events where order_id = ${base.orderId} and type = 'order.created'`));
  if (!event) throw new Error('The fixture order has no order.created event');
  return { eventId: event.id };
}
