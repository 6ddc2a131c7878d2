/**
 * The staging sandbox simulator: moves each new order through a realistic lifecycle so that
 * integrators can test their webhook receivers (DESIGN.md "Environments"). Off in production.
 *
 * Driven by the database, not by timers per order: each tick finds the services of sandbox orders
 * whose status is older than one step (`SANDBOX_STEP_SECONDS`, default 30) and moves each one step
 * along its script (lib/sandbox/lifecycle.ts, magic last names there). A restart loses nothing and
 * repeats nothing. Several server instances may tick at once: each order is locked with
 * `FOR UPDATE SKIP LOCKED` and re-checked before it moves.
 *
 * Sandbox orders: created through the API or the dashboard (not seeded), in the last 7 days, still
 * open (`ordered`, `scheduled`, `pending`), and whose services nobody else has moved (no service
 * event recorded by a token or a user: an integrator who drives an order by hand keeps it).
 *
 * Every step goes through `recordServiceEvent`, the domain function of
 * `POST /api/v2/orders/{id}/services/{serviceId}/events`, as the system actor `sandbox`: status
 * history, screen history, audit, counters and `order.updated` events are written exactly as for
 * a real collection site, lab or MRO.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { allCompanyIds } from '@/lib/domain/tenants';
import type { Scope } from '@/lib/domain/scopes';
import { rowsOf, type Db } from '@/lib/db/client';
import { env } from '@/lib/config/env';
import { auditEvents, orders, orderServices, tenants, vendors } from '@/lib/db/schema';
import { makeCtx, systemPrincipal } from '@/lib/domain/context';
import { recordServiceEvent } from '@/lib/domain/orders/record-service-event';
import { ServiceEventBody } from '@/lib/domain/orders/schemas';
import { markPassOpened } from '@/lib/domain/participant/pass-page';
import { withTransaction } from '@/lib/domain/transaction';
import { newId } from '@/lib/ids';
import { isFinalServiceStatus, OPEN_ORDER_STATUSES } from '@/lib/domain/order-model/status';
import { attachSamplePapers } from './documents';
import { lifecycle, nextStep, outcomeOf, sandboxResult, type Step } from './lifecycle';
import { afterServiceEvent } from '@/lib/domain/results';

export const DEFAULT_STEP_SECONDS = 30;
export const SANDBOX_MAX_AGE_DAYS = 7;
const SANDBOX_SOURCES = ['api', 'dashboard'];
/** The open orders the simulator moves on: an order in integrationError waits for a person, not for time. */
const SIMULATED_ORDER_STATUSES: readonly string[] = OPEN_ORDER_STATUSES.filter((s) => s !== 'integrationError');

/** The sandbox runs in staging unless SANDBOX=off (or false, 0); never in production. */
export function sandboxEnabled(): boolean {
  return env.APP_ENV === 'staging' && env.SANDBOX;
}

/** SANDBOX_STEP_SECONDS (default DEFAULT_STEP_SECONDS). */
export function stepSecondsFromEnv(): number {
  return env.SANDBOX_STEP_SECONDS;
}

export interface SandboxTickOptions {
  db: Db;
  /** Clock (tests move it forward instead of sleeping). Default: real time. */
  now?: () => Date;
  /** Default: SANDBOX_STEP_SECONDS or 30. */
  stepSeconds?: number;
  /** Services moved per tick at most. */
  limit?: number;
  /** Only these orders (tests sharing a database). */
  orderIds?: readonly string[];
}

export interface SandboxTickResult {
  /** Services moved one step. */
  advanced: number;
  /** Orders another instance held, or that changed meanwhile. */
  skipped: number;
  /** Orders whose step failed (rolled back; tried again next tick). */
  errors: Array<{ orderId: string; error: string }>;
}

interface Candidate {
  order_id: string;
  tenant_id: string;
  last_name: string | null;
  service_id: string;
  type: string;
  category: string | null;
  specimen_type: string | null;
  status: string;
  /** The tenant's sandbox clock offset (lib/domain/clock.ts): its orders are stamped on that clock. */
  offset_ms: string | number;
}

/**
 * Services of sandbox orders that are due for their next step. The open sandbox orders are found
 * first (materialized), from `tenants`, so that PostgreSQL walks `orders_tenant_status_created_idx`
 * per tenant (0.2 ms) instead of scanning every order (100 ms at 200k orders) or every service.
 */
async function dueServices(db: Db, now: Date, stepMs: number, limit: number, orderIds?: readonly string[]): Promise<Candidate[]> {
  const dueBefore = new Date(now.getTime() - stepMs).toISOString();
  const createdAfter = new Date(now.getTime() - SANDBOX_MAX_AGE_DAYS * 86_400_000).toISOString();
  const only = orderIds ? sql`and o.id in (${sql.join([...orderIds, ''].map((id) => sql`${id}`), sql`, `)})` : sql``;
  return rowsOf<Candidate>(
    await db.execute(sql`
      with sandbox_orders as materialized (
        select o.id, o.tenant_id, o.participant_last_name, t.clock_offset_ms as offset_ms
        from ${tenants} t join ${orders} o on o.tenant_id = t.id
        where o.source in (${sql.join(SANDBOX_SOURCES.map((v) => sql`${v}`), sql`, `)})
          and o.status in (${sql.join(SIMULATED_ORDER_STATUSES.map((v) => sql`${v}`), sql`, `)})
          and o.created_at >= ${createdAfter}::timestamptz + t.clock_offset_ms * interval '1 millisecond' ${only}
          and not exists (
            select 1 from ${auditEvents} a
            where a.order_id = o.id and a.action = 'order.service.updated' and a.actor_type <> 'system'
          )
      )
      select o.id as order_id, o.tenant_id, o.participant_last_name as last_name, s.id as service_id,
             s.type, s.category, s.specimen_type, s.status, o.offset_ms
      from sandbox_orders o join ${orderServices} s on s.order_id = o.id
      where (s.status = 'ordered' or s.status like 'pending%')
        and s.status_updated_at <= ${dueBefore}::timestamptz + o.offset_ms * interval '1 millisecond'
      order by s.status_updated_at, s.id
      limit ${limit}`),
  );
}

/** A stable pseudo-random number for a service (same values after a restart). */
function digitsOf(seed: string, count: number): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return BigInt(`0x${hex}`).toString().slice(0, count).padStart(count, '0');
}
function pick<T>(seed: string, items: readonly T[]): T {
  return items[Number(BigInt(`0x${createHash('sha256').update(seed).digest('hex').slice(0, 12)}`) % BigInt(items.length))];
}

const COURIERS = ['FedEx', 'UPS', 'Quest Courier', 'Labcorp Courier'] as const;
const LABS_BY_SPECIMEN: Record<string, readonly string[]> = {
  hair: ['Psychemedics', 'Omega Laboratories'],
  oralFluid: ['Clinical Reference Laboratory', 'Quest Diagnostics'],
};
const DEFAULT_LABS = ['Quest Diagnostics', 'Labcorp', 'Clinical Reference Laboratory', 'MEDTOX Laboratories'];

async function chooseLab(db: Db, serviceId: string, specimenType: string | null): Promise<string | undefined> {
  const labs = await db.select({ id: vendors.id, name: vendors.name }).from(vendors).where(sql`${vendors.type} = 'lab'`).orderBy(vendors.name);
  if (labs.length === 0) return undefined;
  const preferred = labs.filter((l) => (LABS_BY_SPECIMEN[specimenType ?? ''] ?? DEFAULT_LABS).includes(l.name));
  return pick(`${serviceId}/lab`, preferred.length ? preferred : labs).id;
}

/** The service-event body of one step. */
async function eventOf(db: Db, c: Candidate, step: Step, now: Date): Promise<ServiceEventBody> {
  const courier = pick(`${c.service_id}/courier`, COURIERS);
  const tracking =
    courier === 'FedEx' ? digitsOf(`${c.service_id}/tracking`, 12)
      : courier === 'UPS' ? `1Z${digitsOf(`${c.service_id}/tracking`, 16)}`
        : `${courier === 'Quest Courier' ? 'QC' : 'LC'}${digitsOf(`${c.service_id}/tracking`, 10)}`;
  const lab = step.lab ? await chooseLab(db, c.service_id, c.specimen_type) : undefined;
  // A terminal step of a drug or alcohol test carries its result in detail (DESIGN.md 7.5).
  const result = isFinalServiceStatus(step.status)
    ? sandboxResult({ type: c.type, category: c.category, specimenType: c.specimen_type }, outcomeOf(c.last_name), step.status, (purpose, items) => pick(`${c.service_id}/${purpose}`, items))
    : undefined;
  return ServiceEventBody.parse({
    status: step.status,
    occurredAt: now.toISOString(),
    ...(step.milestone ? { milestone: step.milestone } : {}),
    ...(step.specimen ? { specimenId: `SBX${digitsOf(`${c.service_id}/specimen`, 9)}` } : {}),
    ...(step.ship ? { courierServiceName: courier, trackingNumber: tracking } : {}),
    ...(lab ? { lab: { id: lab } } : {}),
    ...(result ? { result } : {}),
  });
}

const SANDBOX_SCOPES: ReadonlySet<Scope> = new Set<Scope>(['order.read', 'order.service.write', 'document.write']);

/** One tick: every due service of every sandbox order moves one step. */
export async function runSandboxTick(options: SandboxTickOptions): Promise<SandboxTickResult> {
  const now = (options.now ?? (() => new Date()))();
  const stepMs = (options.stepSeconds ?? stepSecondsFromEnv()) * 1000;
  const candidates = await dueServices(options.db, now, stepMs, options.limit ?? 200, options.orderIds);
  const byOrder = new Map<string, Candidate[]>();
  for (const c of candidates) byOrder.set(c.order_id, [...(byOrder.get(c.order_id) ?? []), c]);
  const companiesOf = new Map<string, string[]>();
  const result: SandboxTickResult = { advanced: 0, skipped: 0, errors: [] };

  for (const [orderId, services] of byOrder) {
    const tenantId = services[0].tenant_id;
    if (!companiesOf.has(tenantId)) companiesOf.set(tenantId, await allCompanyIds(options.db, tenantId));
    const principal = systemPrincipal('sandbox', { tenantId, companyIds: companiesOf.get(tenantId)! }, SANDBOX_SCOPES);
    // Its service events join this transaction, which holds the order's lock; their wake-ups of the
    // delivery worker run once it commits.
    const moved = await withTransaction(makeCtx(principal, options.db, { requestId: `sandbox-${newId()}` }), async (ctx) => {
      const tx = ctx.db;
      // Another instance holding the order moves it this time; we skip it.
      const [locked] = rowsOf<{ status: string }>(await tx.execute(sql`select status from ${orders} where id = ${orderId} for update skip locked`));
      if (!locked || !SIMULATED_ORDER_STATUSES.includes(locked.status)) return -1;
      let count = 0;
      for (const c of services) {
        // The tenant's now: a sandbox tenant whose clock moved has its orders stamped on that clock.
        const tenantNow = new Date(now.getTime() + Number(c.offset_ms));
        // Re-check under the lock: the service must still be where the candidate query saw it.
        const [current] = rowsOf<{ status: string; due: boolean }>(
          await tx.execute(sql`select status, status_updated_at <= ${new Date(tenantNow.getTime() - stepMs).toISOString()}::timestamptz as due
            from ${orderServices} where id = ${c.service_id}`),
        );
        if (!current || current.status !== c.status || !current.due) continue;
        const step = nextStep(lifecycle({ type: c.type, category: c.category, specimenType: c.specimen_type }, outcomeOf(c.last_name)), c.status);
        if (!step) continue;
        // The participant opens the pass before anything happens at the clinic (DESIGN.md 6.1).
        if (c.status === 'ordered' && step.status !== 'expired') await markPassOpened(tx, orderId, tenantNow);
        await recordServiceEvent({ ctx, orderId, serviceId: c.service_id, input: await eventOf(tx, c, step, tenantNow), afterServiceEvent });
        // A drug or alcohol result carries its SAMPLE papers (MRO letter, lab report, alcohol testing form).
        if (isFinalServiceStatus(step.status)) await attachSamplePapers(ctx, orderId, c.service_id);
        count++;
      }
      return count;
    }).catch((error: unknown) => {
      result.errors.push({ orderId, error: error instanceof Error ? error.message : String(error) });
      return 0;
    });
    if (moved < 0) result.skipped++;
    else result.advanced += moved;
  }
  return result;
}
