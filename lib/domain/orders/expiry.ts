/**
 * An order's expiry (DESIGN.md 6.1, "Expiry and reminders"), in every environment:
 *
 * - `PUT /api/v2/orders/{id}/expiration` extends a live order's `expiresAt` (later than the current
 *   one, at most 90 days after creation) and sends `expirationExtended`.
 * - The sweep (`runExpirySweep`, driven by lib/worker/expiry-loop.ts) expires an order once its
 *   `expiresAt` has passed while no service has started collection: its `ordered` services and the
 *   order become `expired` (history, counters, stored document, audit by the system actor `expiry`,
 *   one `order.updated` event), and queues each reminder of `REMINDER_HOURS` once while nothing has
 *   been collected. Orders are taken with `FOR UPDATE SKIP LOCKED` and re-checked under the lock,
 *   so two workers never handle the same order twice.
 */
import { and, eq, sql } from 'drizzle-orm';
import { env } from '@/lib/config/env';
import { rowsOf, type Db } from '@/lib/db/client';
import { orders, orderServices, orderServiceStatusHistory } from '@/lib/db/schema';
import { writeAudit } from '@/lib/domain/audit';
import type { Actor, Ctx } from '@/lib/domain/context';
import { DomainError } from '@/lib/domain/errors';
import { countStatusChange, enqueueOrderUpdated } from '@/lib/domain/orders/bookkeeping';
import { storeOrderDocuments } from '@/lib/domain/order-model/documents';
import { retentionUntil } from '@/lib/domain/orders/retention';
import { getOrder, loadOrderDocuments } from '@/lib/domain/orders/queries';
import { serializeOrder } from '@/lib/domain/order-model/serialize';
import { BACKGROUND_CHECK_TYPE, OPEN_ORDER_STATUSES } from '@/lib/domain/order-model/status';
import { withTransaction } from '@/lib/domain/transaction';
import { tenantNow } from '@/lib/domain/clock';
import { newId } from '@/lib/ids';
import { ExtendExpirationBody, MAX_EXPIRY_DAYS } from '@/lib/domain/passes/schemas';
import { insertPass, currentPass, isLiveOrderStatus, lockVisibleOrder, queueParticipantMessage } from '@/lib/domain/passes/passes';

export { ExtendExpirationBody, MAX_EXPIRY_DAYS } from '@/lib/domain/passes/schemas';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** REMINDER_HOURS (default 48,24): hours before expiry at which the participant is reminded, largest first. */
export function reminderHoursFromEnv(raw = env.REMINDER_HOURS): number[] {
  const hours = (raw?.trim() ? raw.split(',') : ['48', '24']).map((h) => Number(h.trim())).filter((h) => Number.isInteger(h) && h > 0);
  return [...new Set(hours)].sort((a, b) => b - a);
}

/** `PUT /api/v2/orders/{id}/expiration`. */
export async function extendExpiration(args: { ctx: Ctx; orderId: string; input: ExtendExpirationBody; reminderHours?: number[] }) {
  const { ctx, orderId, input } = args;
  const hours = args.reminderHours ?? reminderHoursFromEnv();
  await withTransaction(ctx, async (t) => {
    const order = await lockVisibleOrder(t, orderId);
    if (!isLiveOrderStatus(order.status))
      throw new DomainError('invalidState', `The order is ${order.status}: its expiry can be extended only while it is under way.`, { meta: { status: order.status } });
    const next = new Date(input.expiresAt);
    const realNow = new Date();
    // The tenant's clock (lib/domain/clock.ts): the new expiry must lie after the tenant's now.
    const now = await tenantNow(t, realNow);
    const current = order.expiresAt;
    if ((current && next.getTime() <= current.getTime()) || next.getTime() <= now.getTime())
      throw new DomainError('invalidValue', `expiresAt must be later than the current expiry${current ? ` (${current.toISOString()})` : ''} and in the future.`, {
        pointer: '/expiresAt',
        meta: { current: current?.toISOString() ?? null },
      });
    const latest = new Date(order.createdAt.getTime() + MAX_EXPIRY_DAYS * DAY_MS);
    if (next.getTime() > latest.getTime())
      throw new DomainError('expirationTooLate', `expiresAt may be at most ${MAX_EXPIRY_DAYS} days after the order was created (${latest.toISOString()}).`, {
        pointer: '/expiresAt',
        meta: { latest: latest.toISOString() },
      });
    // Reminders whose moment now lies ahead again are due again before the new expiry.
    const remindersSent = order.remindersSent.filter((h) => next.getTime() - h * HOUR_MS <= now.getTime() && hours.includes(h));
    await t.db.update(orders).set({ expiresAt: next, remindersSent, updatedAt: realNow }).where(eq(orders.id, orderId));
    await storeOrderDocuments(t.db, [orderId]);
    const pass = (await currentPass(t.db, orderId)) ?? (await insertPass(t.db, order)).row;
    const sent = await queueParticipantMessage(t, order, 'expirationExtended', pass.id, { limited: true });
    await writeAudit(t.db, {
      tenantId: order.tenantId,
      orderId,
      action: 'order.expiration.extended',
      actor: ctx.actor,
      data: { from: current?.toISOString() ?? null, to: next.toISOString(), messageQueued: sent },
    });
    const updated = await getOrder(t, orderId, { identifiers: false });
    await enqueueOrderUpdated(t, updated, { tenantId: order.tenantId, callbackUrl: order.callbackUrl, previousStatus: order.status, at: now });
  });
  return getOrder(ctx, orderId);
}

/** SQL: no service of the order (background checks aside, which need no visit) has left `ordered`. */
const nothingStarted = (orderId: SqlRef) => sql`not exists (
  select 1 from ${orderServices} s where s.order_id = ${orderId} and s.type <> ${BACKGROUND_CHECK_TYPE} and s.status <> 'ordered')`;
type SqlRef = ReturnType<typeof sql>;

const LIVE = sql.join(OPEN_ORDER_STATUSES.map((s) => sql`${s}`), sql`, `);
/** The partial index `orders_live_expiry_idx` holds exactly the orders this condition can match. */
const liveWithExpiry = sql`o.is_final = false and o.expires_at is not null and o.status not in ('cancelled', 'expired') and o.status in (${LIVE})`;

const EXPIRY_ACTOR: Actor = { type: 'system', name: 'expiry' };

export interface ExpirySweepOptions {
  db: Db;
  /**
   * The clock the orders' `expiresAt` is compared with: real time by default, a tenant's own now
   * (lib/domain/clock.ts) with `tenantId`. createdAt/statusUpdatedAt stamps stay real time.
   */
  now?: Date;
  /** Only this tenant's orders (a tenant whose clock runs ahead, swept with its own now). */
  tenantId?: string;
  /** Leave out these tenants' orders (the general round skips tenants with a clock of their own). */
  exceptTenantIds?: readonly string[];
  /** Orders handled per kind and sweep at most (default 100). */
  limit?: number;
  /** Only these orders (tests sharing a database). */
  orderIds?: readonly string[];
  reminderHours?: number[];
}

export interface ExpirySweepResult {
  expired: string[];
  reminded: Array<{ orderId: string; hours: number }>;
  /** Orders another worker held, or that changed before we locked them. */
  skipped: number;
}

const inList = (ids: readonly string[]) => sql.join([...ids, ''].map((id) => sql`${id}`), sql`, `);
const onlyOrders = (options: Pick<ExpirySweepOptions, 'orderIds' | 'tenantId' | 'exceptTenantIds'>) =>
  sql.join(
    [
      options.orderIds ? sql`and o.id in (${inList(options.orderIds)})` : sql``,
      options.tenantId ? sql`and o.tenant_id = ${options.tenantId}` : sql``,
      options.exceptTenantIds?.length ? sql`and o.tenant_id not in (${inList(options.exceptTenantIds)})` : sql``,
    ],
    sql` `,
  );

/** One sweep: expires due orders, then queues due reminders. */
export async function runExpirySweep(options: ExpirySweepOptions): Promise<ExpirySweepResult> {
  const now = options.now ?? new Date();
  const limit = options.limit ?? 100;
  const result: ExpirySweepResult = { expired: [], reminded: [], skipped: 0 };
  const due = rowsOf<{ id: string }>(
    await options.db.execute(sql`select o.id from ${orders} o
      where ${liveWithExpiry} and o.expires_at <= ${now.toISOString()}::timestamptz and ${nothingStarted(sql`o.id`)} ${onlyOrders(options)}
      order by o.expires_at, o.id limit ${limit}`),
  );
  for (const { id } of due) {
    if (await expireOrder(options.db, id, now)) result.expired.push(id);
    else result.skipped++;
  }
  const reminderHours = options.reminderHours ?? reminderHoursFromEnv();
  // Smallest first: an order inside several windows at once gets the nearest one's reminder, once.
  for (const hours of [...reminderHours].sort((a, b) => a - b)) {
    const dueReminders = rowsOf<{ id: string }>(
      await options.db.execute(sql`select o.id from ${orders} o
        where ${liveWithExpiry} and o.expires_at > ${now.toISOString()}::timestamptz
          and o.expires_at <= ${new Date(now.getTime() + hours * HOUR_MS).toISOString()}::timestamptz
          and o.created_at < o.expires_at - make_interval(hours => ${hours})
          and o.delivery_method in ('email', 'sms') and not (${hours} = any(o.reminders_sent))
          and ${nothingStarted(sql`o.id`)} ${onlyOrders(options)}
        order by o.expires_at, o.id limit ${limit}`),
    );
    for (const { id } of dueReminders) {
      if (await remindOrder(options.db, id, hours, reminderHours, now)) result.reminded.push({ orderId: id, hours });
      else result.skipped++;
    }
  }
  return result;
}

/** Locks the order if nobody else holds it and it is still due, in the caller's transaction. */
async function lockIfStill(db: Db, id: string, condition: SqlRef) {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`select o.id from ${orders} o where o.id = ${id} and ${liveWithExpiry} and ${condition} for update of o skip locked`),
  );
  if (!row) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  return order ?? null;
}

/** Expires one order; false when another worker holds it or it is no longer due. */
async function expireOrder(db: Db, id: string, now: Date): Promise<boolean> {
  return withTransaction({ db }, async (t) => {
    const order = await lockIfStill(t.db, id, sql`o.expires_at <= ${now.toISOString()}::timestamptz and ${nothingStarted(sql`o.id`)}`);
    if (!order) return false;
    // `now` is the tenant's clock (what fell due); the stamps and retention stay real time for now.
    const at = new Date();
    const moved = await t.db
      .update(orderServices)
      .set({ status: 'expired', statusUpdatedAt: at })
      .where(and(eq(orderServices.orderId, id), eq(orderServices.status, 'ordered')))
      .returning({ id: orderServices.id });
    if (moved.length)
      await t.db.insert(orderServiceStatusHistory).values(moved.map((s) => ({ id: newId(), orderServiceId: s.id, status: 'expired', groupType: 'expired', occurredAt: at })));
    await t.db.update(orders).set({ status: 'expired', isFinal: false, statusUpdatedAt: at, updatedAt: at, retentionUntil: retentionUntil('expired', at) }).where(eq(orders.id, id));
    await countStatusChange(t.db, order.tenantId, order.companyId, order.status, 'expired');
    await storeOrderDocuments(t.db, [id]);
    await writeAudit(t.db, {
      tenantId: order.tenantId,
      orderId: id,
      action: 'order.expired',
      actor: EXPIRY_ACTOR,
      data: { previousStatus: order.status, expiresAt: order.expiresAt?.toISOString() ?? null, services: moved.length },
    });
    const [document] = await loadOrderDocuments(t.db, [id], false);
    await enqueueOrderUpdated(t, serializeOrder(document, { identifiers: false }), { tenantId: order.tenantId, callbackUrl: order.callbackUrl, previousStatus: order.status, at: now });
    return true;
  });
}

/** Queues the reminder `hours` before expiry once (and marks every larger one as passed). */
async function remindOrder(db: Db, id: string, hours: number, allHours: number[], now: Date): Promise<boolean> {
  return withTransaction({ db }, async (t) => {
    const order = await lockIfStill(
      t.db,
      id,
      sql`o.expires_at > ${now.toISOString()}::timestamptz and not (${hours} = any(o.reminders_sent)) and ${nothingStarted(sql`o.id`)}`,
    );
    if (!order || !order.expiresAt) return false;
    // A larger reminder not sent yet is past too: one message, not two in a row.
    const passed = allHours.filter((h) => h >= hours && order.expiresAt!.getTime() - h * HOUR_MS <= now.getTime());
    const remindersSent = [...new Set([...order.remindersSent, ...passed, hours])].sort((a, b) => b - a);
    await t.db.update(orders).set({ remindersSent }).where(eq(orders.id, id));
    await storeOrderDocuments(t.db, [id]);
    const pass = (await currentPass(t.db, id)) ?? (await insertPass(t.db, order)).row;
    const sent = await queueParticipantMessage(t, order, 'reminder', pass.id);
    await writeAudit(t.db, {
      tenantId: order.tenantId,
      orderId: id,
      action: 'order.reminder.queued',
      actor: EXPIRY_ACTOR,
      data: { hoursBeforeExpiry: hours, messageQueued: sent },
    });
    return true;
  });
}

/**
 * Everything of one tenant that is due at `now` (its own clock), batch after batch until nothing is
 * left: the sandbox clock runs it before it answers, so what fell due is done when PUT returns.
 */
export async function runTenantExpirySweep(options: { db: Db; tenantId: string; now: Date; reminderHours?: number[] }): Promise<ExpirySweepResult> {
  const total: ExpirySweepResult = { expired: [], reminded: [], skipped: 0 };
  const limit = 100;
  for (;;) {
    const round = await runExpirySweep({ ...options, limit });
    total.expired.push(...round.expired);
    total.reminded.push(...round.reminded);
    total.skipped += round.skipped;
    if (round.expired.length < limit && round.reminded.length < limit) return total;
  }
}
