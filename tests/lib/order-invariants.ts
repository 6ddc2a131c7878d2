/**
 * What no crash may leave behind, checked on the database itself after a SIGKILL (the crash-safety
 * test on PGlite, the scale-out test on PostgreSQL): every order has a service, every service a
 * status history, every order its `order.created` audit event, and the status counters (kept in the
 * same transactions) equal a count of the orders. Each check lists the offending rows, so a failure
 * names them.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf, type Database } from '@/lib/db/client';

export async function expectNoHalfWrittenOrder(database: Database): Promise<void> {
  const q = async (query: ReturnType<typeof sql>) => rowsOf<Record<string, unknown>>(await database.db.execute(query));
  expect(await q(sql`select o.id from orders o where not exists (select 1 from order_services s where s.order_id = o.id)`), 'orders without a service').toEqual([]);
  expect(
    await q(sql`select s.id from order_services s where not exists (select 1 from order_service_status_history h where h.order_service_id = s.id)`),
    'services without status history',
  ).toEqual([]);
  expect(
    await q(sql`select o.id from orders o where not exists (select 1 from audit_events a where a.order_id = o.id and a.action = 'order.created')`),
    'orders without an order.created audit event',
  ).toEqual([]);
  // Summed over their slots: a counter row is split into slots so that concurrent writers do not queue on one row.
  expect(
    await q(sql`
      with actual as (select tenant_id, company_id, status, count(*)::int as n from orders group by 1, 2, 3),
           kept as (select tenant_id, company_id, status, sum(count)::int as n from order_counters group by 1, 2, 3 having sum(count) <> 0)
      select * from actual full join kept using (tenant_id, company_id, status)
      where actual.n is distinct from kept.n`),
    'order counters that differ from the orders',
  ).toEqual([]);
}

/** Orders of `ids` that lack their audit event `action` (e.g. every cancel answered 200 has `order.cancelled`). */
export async function ordersWithoutAudit(database: Database, ids: string[], action: string): Promise<string[]> {
  if (!ids.length) return [];
  const list = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  const rows = rowsOf<{ id: string }>(
    await database.db.execute(
      sql`select o.id from orders o where o.id in (${list}) and not exists (select 1 from audit_events a where a.order_id = o.id and a.action = ${action})`,
    ),
  );
  return rows.map((r) => r.id);
}
