/**
 * Reading the event catalog (the same for every tenant) and the Events API (DESIGN.md 7.6): the
 * tenant's events of the last 30 days, each with how its deliveries to the account's webhook
 * endpoints stand. An event about a company is seen only by principals linked to it, an event about
 * no company by every principal of the tenant: both in SQL.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf } from '@/lib/db/client';
import { events, webhookDeliveries, webhookEndpoints } from '@/lib/db/schema';
import type { Ctx } from '@/lib/domain/context';
import type { Event, EventType } from '@/lib/domain/contract/management';
import { notFound } from '@/lib/domain/errors';
import { offsetOf, page, type PageQuery } from '@/lib/domain/pagination';
import { EVENT_TYPES, type EventTypeDefinition } from './catalog';
import type { ListEventsQuery } from './schemas';

/** The JSON Schema of a payload, computed once per type. */
const schemas = new Map<string, Record<string, unknown>>();

function serializeEventType(def: EventTypeDefinition): EventType {
  let schema = schemas.get(def.type);
  if (!schema) {
    schema = z.toJSONSchema(def.schema, { io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;
    schemas.set(def.type, schema);
  }
  return { object: 'eventType', type: def.type, summary: def.summary, description: def.description, schema, example: def.example as Record<string, unknown> };
}

/** The catalog by type name. */
export async function listEventTypes(q: PageQuery) {
  const sorted = [...EVENT_TYPES].sort((a, b) => a.type.localeCompare(b.type));
  const start = (q.page - 1) * q.limit;
  return page(sorted.slice(start, start + q.limit).map(serializeEventType), sorted.length, q);
}

interface EventRow {
  id: string;
  type: string;
  created_at: string | Date;
  data: Record<string, unknown> | null;
  total: number;
  delivered: number;
  pending: number;
  failed: number;
  unsuccessful: number;
}

/** The event `e` is the principal's: its tenant, and no company or one of the principal's. */
const visible = (ctx: Ctx) =>
  sql`e.tenant_id = ${ctx.tenantId} and (e.company_id is null or e.company_id = any(${sql.param(ctx.companyIds)}::text[]))`;

/**
 * The event `e` with its endpoint deliveries counted (`d`). A delivery is written when its event
 * is (or later, by a recovery), so the endpoints' partial index is read from the event's creation on.
 * `unsuccessful`: failed for good, or pending after a last attempt that was not a 2xx (a
 * redelivered row that had succeeded keeps `delivered_at` at or after its last attempt).
 */
const withDeliveries = (where: SQL) => sql`
  from ${events} e
  cross join lateral (
    select count(*)::int as total,
      count(*) filter (where d.status = 'delivered')::int as delivered,
      count(*) filter (where d.status = 'pending')::int as pending,
      count(*) filter (where d.status = 'failed')::int as failed,
      count(*) filter (where d.status = 'failed'
        or (d.status = 'pending' and d.last_attempt_at is not null and (d.delivered_at is null or d.delivered_at < d.last_attempt_at)))::int as unsuccessful
    from ${webhookDeliveries} d
    where d.endpoint_id = any(array(select w.id from ${webhookEndpoints} w where w.tenant_id = e.tenant_id))
      and d.created_at >= e.created_at and d.event_id = e.id
  ) d
  where ${where}`;

const iso = (v: string | Date) => new Date(v).toISOString();

function serializeEvent(r: EventRow): Event {
  return {
    object: 'event',
    id: r.id,
    type: r.type,
    createdAt: iso(r.created_at),
    data: r.data ?? {},
    deliveries: { total: r.total, delivered: r.delivered, pending: r.pending, failed: r.failed },
  };
}

const COLUMNS = sql`e.id, e.type, e.created_at, e.payload -> 'data' as data, d.total, d.delivered, d.pending, d.failed, d.unsuccessful`;

/** `GET /api/v2/events`: newest first, filtered by type, time and delivery success. */
export async function listEvents(ctx: Ctx, q: ListEventsQuery) {
  const conditions: SQL[] = [visible(ctx)];
  if (q.type) conditions.push(sql`e.type = ${q.type}`);
  if (q.createdAfter) conditions.push(sql`e.created_at >= ${q.createdAfter}::timestamptz`);
  if (q.createdBefore) conditions.push(sql`e.created_at < ${q.createdBefore}::timestamptz`);
  if (q.deliverySuccess === true) conditions.push(sql`d.total > 0 and d.delivered = d.total`);
  if (q.deliverySuccess === false) conditions.push(sql`d.unsuccessful > 0`);
  const where = sql.join(conditions, sql` and `);
  const rows = rowsOf<EventRow>(
    await ctx.db.execute(sql`select ${COLUMNS} ${withDeliveries(where)} order by e.created_at desc, e.id desc limit ${q.limit} offset ${offsetOf(q)}`),
  );
  // The delivery counts matter to the total only under a deliverySuccess filter.
  const [{ total }] = rowsOf<{ total: number }>(
    await ctx.db.execute(
      q.deliverySuccess === undefined
        ? sql`select count(*)::int as total from ${events} e where ${sql.join(conditions, sql` and `)}`
        : sql`select count(*)::int as total ${withDeliveries(where)}`,
    ),
  );
  return page(rows.map(serializeEvent), total, q);
}

/** `GET /api/v2/events/{id}`; 404 for an event of another tenant or of a company not the principal's. */
export async function getEvent(ctx: Ctx, id: string): Promise<Event> {
  const [row] = rowsOf<EventRow>(await ctx.db.execute(sql`select ${COLUMNS} ${withDeliveries(sql`${visible(ctx)} and e.id = ${id}`)}`));
  if (!row) throw notFound('Event');
  return serializeEvent(row);
}
