/**
 * The action sweep (DESIGN.md 7.4): for each type the sweep raises (types.ts `raisedBy: sweep`), the
 * causes present at `now` — the tenant's clock — become open actions, and open actions whose cause
 * went away are resolved (`automatic`, by the system). The worker runs it on real time for every
 * tenant but those whose clock runs ahead, and once per such tenant with its own now
 * (lib/worker/action-loop.ts); the sandbox clock's PUT runs it for its tenant before answering.
 *
 * Idempotent: a cause is one action, known by its type, subject and due time. It is raised once: not
 * again while open (the partial unique index), nor after a person resolved or dismissed it; a cause
 * whose due time moved (a new limited query recorded, a result re-entering MRO contact) resolves the
 * old action and raises a new one. Each raise and resolution is a transaction of its own, with its
 * audit entry and event.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { rowsOf } from '@/lib/db/client';
import { actions } from '@/lib/db/schema';
import type { Actor } from '@/lib/domain/context';
import { ACTION_TYPES, DUE_RULES, type ActionSeverity, type ActionSubjectObject, type ActionType, type ActionTypeDefinition } from '@/lib/domain/contract/action-types';
import { AWAITING_COLLECTION_STATUSES } from '@/lib/domain/orders/incident';
import { withTransaction } from '@/lib/domain/transaction';
import { raiseWithEvent, resolveWithEvent } from './changes';
import { after, dayOf, dayStart, drawDue, limitedQueryDue, misReportWindow, periodOf, untestedWindow } from './rules';
import { misReportSubjectId } from './serialize';

export const SWEEP_ACTOR: Actor = { type: 'system', name: 'actions' };

export interface ActionSweepOptions {
  db: Db;
  /** The clock the causes are compared with: real time, or a tenant's own now with `tenantId`. */
  now: Date;
  /** Only this tenant (a tenant whose clock runs ahead, swept with its own now). */
  tenantId?: string;
  /** Leave out these tenants (the general round skips tenants with a clock of their own). */
  exceptTenantIds?: readonly string[];
}

export interface ActionSweepResult {
  raised: number;
  resolved: number;
  /** A type had more than a batch to do (SWEEP_BATCH): another round should follow. */
  more?: boolean;
}

/** A cause present at now: what the action will say. */
export interface Cause {
  tenantId: string;
  companyId: string | null;
  subject: { object: ActionSubjectObject; id: string };
  dueAt: Date;
  title: string;
}

type Scope = Pick<ActionSweepOptions, 'tenantId' | 'exceptTenantIds'>;

const list = (values: readonly string[]) => sql.join([...values, ''].map((v) => sql`${v}`), sql`, `);
const inScope = (column: SQL, scope: Scope): SQL =>
  sql.join(
    [
      scope.tenantId ? sql`and ${column} = ${scope.tenantId}` : sql``,
      scope.exceptTenantIds?.length ? sql`and ${column} not in (${list(scope.exceptTenantIds)})` : sql``,
    ],
    sql` `,
  );
const ts = (at: Date) => sql`${at.toISOString()}::timestamptz`;
/** A timestamp column as epoch milliseconds (the same number from both drivers). */
const ms = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;
const name = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || 'the participant';

/** A batch: at most this many causes raised, and open actions resolved, per type and round. */
export const SWEEP_BATCH = 500;

/**
 * A vocabulary's values as SQL literals (never bound parameters): the planner proves a partial
 * index's predicate (migration 0023) only from constants.
 */
const literals = (values: readonly string[]) => sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '));
const awaiting = literals(AWAITING_COLLECTION_STATUSES);
/** The final statuses the employer reviews (beside a refusal on a service). */
export const UNREVIEWED_STATUSES = ['nonNegative', 'positive', 'adulterated', 'substituted'] as const;
const unreviewed = literals(UNREVIEWED_STATUSES);
/** An interval of `n` milliseconds. */
const millis = (n: number) => sql`(${n} * interval '1 millisecond')`;

/** One order cause as its SQL gives it: the order's facts, `detail` for the title and the due time. */
interface OrderCauseRow {
  tenant_id: string;
  company_id: string;
  id: string;
  code: string;
  first_name: string | null;
  last_name: string | null;
  detail: string | null;
  due_ms: number;
}

/**
 * A rule about orders, bounded in SQL: `causes` selects the causes present at now (one row per
 * order, `due` truncated to the millisecond as a stored due time is), each through a partial index
 * that holds only the rows in the cause's states (migration 0023), never every order or result;
 * `only` narrows it to one order (the resolution's check).
 */
interface OrderRule {
  causes: (scope: Scope, now: Date, only: SQL) => SQL;
  title: (r: OrderCauseRow) => string;
}

const facts = sql`o.tenant_id, o.company_id, o.id, o.code, o.participant_first_name as first_name, o.participant_last_name as last_name`;
const dueOf = (at: SQL) => sql`date_trunc('milliseconds', ${at})`;

/** Orders with services in a state, due at the earliest service stamp (or deadline) plus `plus` ms. */
const byServices = (where: SQL, stamp: SQL, plus = 0) => (scope: Scope, _now: Date, only: SQL) =>
  sql`select ${facts}, null::text as detail, ${dueOf(sql`min(${stamp})${plus ? sql` + ${millis(plus)}` : sql``}`)} as due
    from order_services s join orders o on o.id = s.order_id
    where ${where} ${inScope(sql`o.tenant_id`, scope)} ${only}
    group by o.tenant_id, o.company_id, o.id, o.code, o.participant_first_name, o.participant_last_name`;

const ORDER_RULES: Partial<Record<ActionType, OrderRule>> = {
  // 382.303(d)(1): from the order until collection; due when the 8-hour window closes.
  postAccidentAlcoholWindow: {
    causes: byServices(
      sql`s.deadline_closes_at is not null and s.status in (${awaiting}) and s.deadline_reason_required_after is not null and o.status not in ('cancelled', 'expired')`,
      sql`s.deadline_closes_at`,
    ),
    title: (r) => `Post-accident alcohol test for ${name(r.first_name, r.last_name)} (order ${r.code}): collect within 8 hours of the incident; past 2 hours, record why it was not done sooner`,
  },
  // 382.303(d)(2): from the order until collection; due when the 32-hour window closes.
  postAccidentDrugWindow: {
    causes: byServices(
      sql`s.deadline_closes_at is not null and s.status in (${awaiting}) and s.deadline_reason_required_after is null and o.status not in ('cancelled', 'expired')`,
      sql`s.deadline_closes_at`,
    ),
    title: (r) => `Post-accident drug test for ${name(r.first_name, r.last_name)} (order ${r.code}): collect within 32 hours of the incident`,
  },
  // A final result the employer has not acknowledged in 24 hours: a non-negative status, or a refusal on a service.
  resultUnacknowledged: {
    causes: (scope, now, only) => {
      const unacknowledged = sql`o.is_final = true and o.acknowledged_at is null
        and o.status_updated_at <= ${ts(new Date(now.getTime() - DUE_RULES.resultReviewMs))} ${inScope(sql`o.tenant_id`, scope)} ${only}`;
      const due = dueOf(sql`o.status_updated_at + ${millis(DUE_RULES.resultReviewMs)}`);
      return sql`select ${facts}, o.status as detail, ${due} as due from orders o
          where o.status in (${unreviewed}) and ${unacknowledged}
        union all
        select ${facts}, o.status as detail, ${due} as due from orders o
          where o.status not in (${unreviewed}) and ${unacknowledged}
            and o.id in (select s.order_id from order_services s where s.status = 'incomplete_refusalToTest' or jsonb_typeof(s.result -> 'refusal') = 'object')`;
    },
    title: (r) => `Result "${r.detail}" for ${name(r.first_name, r.last_name)} (order ${r.code}) not acknowledged after 24 hours`,
  },
  // 40.131: the MRO could not reach the donor over 24 hours; the DER makes contact.
  mroCannotReachDonor: {
    causes: (scope, now, only) =>
      byServices(
        sql`s.status = 'pending_awaitingMROContact' and s.status_updated_at <= ${ts(new Date(now.getTime() - DUE_RULES.mroContactMs))}`,
        sql`s.status_updated_at`,
        DUE_RULES.mroContactMs,
      )(scope, now, only),
    title: (r) => `The MRO cannot reach ${name(r.first_name, r.last_name)} (order ${r.code}): contact the employee and have them call the MRO`,
  },
  specimenNotAtLab: {
    causes: (scope, now, only) =>
      byServices(
        sql`s.status = 'pending_collectionCompleted' and s.status_updated_at <= ${ts(new Date(now.getTime() - DUE_RULES.labArrivalMs))}`,
        sql`s.status_updated_at`,
        DUE_RULES.labArrivalMs,
      )(scope, now, only),
    title: (r) => `Specimen of ${name(r.first_name, r.last_name)} (order ${r.code}) not at the laboratory 48 hours after collection`,
  },
  // 40.191: an expired random, follow-up or return-to-duty order may be a refusal to test.
  orderExpiredUncollected: {
    causes: (scope, now, only) =>
      sql`select ${facts}, o.test_reason as detail, ${dueOf(sql`coalesce(o.expires_at, o.status_updated_at)`)} as due from orders o
        where o.status = 'expired' and o.test_reason in ('random', 'followUp', 'returnToDuty')
          and coalesce(o.expires_at, o.status_updated_at) > ${ts(new Date(now.getTime() - DUE_RULES.expiredLookbackMs))}
          ${inScope(sql`o.tenant_id`, scope)} ${only}`,
    title: (r) => `The ${r.detail} order of ${name(r.first_name, r.last_name)} (order ${r.code}) expired uncollected: review whether it is a refusal to test`,
  },
};

/** The causes of each type about employees, pools and selections (read whole: they grow with the roster, not with orders). */
const CAUSES: Partial<Record<ActionType, (db: Db, scope: Scope, now: Date) => Promise<Cause[]>>> = {
  // 382.701(b): every driver's limited query at least once every 12 months.
  async limitedQueryDue(db, scope, now) {
    const rows = rowsOf<{ tenant_id: string; company_id: string; id: string; first_name: string; last_name: string; last_on: string | null; active_from: string }>(
      await db.execute(sql`select e.tenant_id, e.company_id, e.id, e.first_name, e.last_name, e.last_limited_query_on::text as last_on, e.active_from::text as active_from
        from employees e join agencies a on a.id = e.agency_id
        where a.code = 'FMCSA' and e.status = 'active' and (e.cdl_last4 is not null or e.cdl_number_encrypted is not null)
          ${inScope(sql`e.tenant_id`, scope)}`),
    );
    return rows.flatMap((r) => {
      const due = limitedQueryDue(r.last_on, r.active_from);
      if (due.raiseAt.getTime() > now.getTime()) return [];
      return [{ tenantId: r.tenant_id, companyId: r.company_id, subject: { object: 'employee' as const, id: r.id }, dueAt: due.dueAt, title: `Annual Clearinghouse limited query for ${name(r.first_name, r.last_name)} due ${dayOf(due.dueAt)}` }];
    });
  },
  // 40.26: one report per company and agency with covered employees in the year before.
  async misReportDue(db, scope, now) {
    const window = misReportWindow(now);
    if (!window) return [];
    const rows = rowsOf<{ tenant_id: string; company_id: string; company_name: string; agency: string }>(
      await db.execute(sql`select distinct e.tenant_id, e.company_id, c.name as company_name, a.code as agency
        from employees e join agencies a on a.id = e.agency_id join companies c on c.id = e.company_id
        where e.active_from <= ${`${window.year}-12-31`}::date and (e.active_to is null or e.active_to >= ${`${window.year}-01-01`}::date)
          and c.deleted_at is null ${inScope(sql`e.tenant_id`, scope)}`),
    );
    return rows.map((r) => ({
      tenantId: r.tenant_id,
      companyId: r.company_id,
      subject: { object: 'misReport' as const, id: misReportSubjectId(window.year, r.agency, r.company_id) },
      dueAt: window.dueAt,
      title: `${r.agency} MIS report ${window.year} for ${r.company_name}: file it on DAMIS by 15 March`,
    }));
  },
  // 382.305: each period's draw, made early enough to spread the tests through it.
  async randomDrawNotMade(db, scope, now) {
    const monthly = periodOf(now, 'monthly');
    const quarterly = periodOf(now, 'quarterly');
    const rows = rowsOf<{ tenant_id: string; id: string; name: string; frequency: string; company_ids: string[] | string; drawn_periods: string | null }>(
      await db.execute(sql`select p.tenant_id, p.id, p.name, p.frequency, p.company_ids,
          (select string_agg(d.period, ',') from random_draws d where d.pool_id = p.id and d.period in (${monthly.period}, ${quarterly.period})) as drawn_periods
        from random_pools p where p.is_active = true ${inScope(sql`p.tenant_id`, scope)}`),
    );
    return rows.flatMap((r) => {
      const period = r.frequency === 'monthly' ? monthly : quarterly;
      const dueAt = drawDue(period);
      if (dueAt.getTime() > now.getTime() || (r.drawn_periods ?? '').split(',').includes(period.period)) return [];
      const companies = companyIds(r.company_ids);
      return [{ tenantId: r.tenant_id, companyId: companies.length === 1 ? companies[0] : null, subject: { object: 'randomPool' as const, id: r.id }, dueAt, title: `No random draw yet for ${r.name} in ${period.period}` }];
    });
  },
  // The DER chooses when to notify: on the selection's `notifyOn` day, a drawn day with no pattern.
  async randomSelectionToNotify(db, scope, now) {
    const today = dayOf(now);
    const rows = rowsOf<{ tenant_id: string; company_id: string; id: string; kind: string; notify_on: string; period: string; first_name: string; last_name: string }>(
      await db.execute(sql`select s.tenant_id, s.company_id, s.id, s.kind, s.notify_on::text as notify_on, d.period, e.first_name, e.last_name
        from random_selections s join random_draws d on d.id = s.draw_id join employees e on e.id = s.employee_id
        where s.status = 'selected' and s.notify_on <= ${today}::date and d.period_end >= ${today}::date ${inScope(sql`s.tenant_id`, scope)}`),
    );
    return rows.map((r) => ({
      tenantId: r.tenant_id,
      companyId: r.company_id,
      subject: { object: 'randomSelection' as const, id: r.id },
      dueAt: dayStart(r.notify_on),
      title: `Notify ${name(r.first_name, r.last_name)} of their random ${r.kind} test (${r.period}) and order it`,
    }));
  },
  async randomSelectionUntested(db, scope, now) {
    const today = dayOf(now);
    const rows = rowsOf<{ tenant_id: string; company_id: string; id: string; kind: string; period: string; period_end: string; first_name: string; last_name: string }>(
      await db.execute(sql`select s.tenant_id, s.company_id, s.id, s.kind, d.period, d.period_end::text as period_end, e.first_name, e.last_name
        from random_selections s join random_draws d on d.id = s.draw_id join employees e on e.id = s.employee_id
        where s.status in ('selected', 'ordered') and d.period_end >= ${today}::date
          and not exists (select 1 from orders o where o.id = s.order_id and o.is_final = true)
          ${inScope(sql`s.tenant_id`, scope)}`),
    );
    return rows.flatMap((r) => {
      const window = untestedWindow(r.period_end, now);
      if (!window || window.raiseAt.getTime() > now.getTime()) return [];
      return [{
        tenantId: r.tenant_id,
        companyId: r.company_id,
        subject: { object: 'randomSelection' as const, id: r.id },
        dueAt: window.dueAt,
        title: `Random ${r.kind} test of ${name(r.first_name, r.last_name)} still not done: ${r.period} ends ${r.period_end}`,
      }];
    });
  },
};

/** `text[]` from either driver (an array, or its `{a,b}` text). */
function companyIds(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  return value.replace(/^\{|\}$/g, '').split(',').filter(Boolean).map((v) => v.replace(/^"|"$/g, ''));
}

/** The types the sweep raises. */
export const SWEPT_TYPES = (ACTION_TYPES as readonly ActionTypeDefinition[]).filter((t) => t.raisedBy === 'sweep' && (CAUSES[t.type as ActionType] || ORDER_RULES[t.type as ActionType]));

interface Existing {
  id: string;
  tenant_id: string;
  subject_object: string;
  subject_id: string;
  status: string;
  due_ms: number | null;
}

const keyOf = (tenantId: string, object: string, id: string) => `${tenantId}|${object}|${id}`;

/** The causes of one type made into actions: raised, moved (resolved and raised again) or resolved. */
async function reconcile(db: Db, def: ActionTypeDefinition, causes: Cause[], scope: Scope, now: Date): Promise<ActionSweepResult> {
  const result: ActionSweepResult = { raised: 0, resolved: 0 };
  const subjectIds = [...new Set(causes.map((c) => c.subject.id))];
  const existing: Existing[] = [];
  // The open actions of the type, and every action of the causes' subjects (raised before, perhaps closed by hand).
  for (let i = 0; i === 0 || i < subjectIds.length; i += 500) {
    const chunk = subjectIds.slice(i, i + 500);
    existing.push(
      ...rowsOf<Existing>(
        await db.execute(sql`select a.id, a.tenant_id, a.subject_object, a.subject_id, a.status, ${ms(sql`a.due_at`)} as due_ms
          from ${actions} a
          where a.type = ${def.type} ${inScope(sql`a.tenant_id`, scope)}
            and (${i === 0 ? sql`a.status = 'open' or` : sql``} a.subject_id in (${list(chunk)}))`),
      ),
    );
  }
  const byKey = new Map<string, Existing[]>();
  for (const e of existing) {
    const key = keyOf(e.tenant_id, e.subject_object, e.subject_id);
    if (!byKey.get(key)?.some((x) => x.id === e.id)) byKey.set(key, [...(byKey.get(key) ?? []), e]);
  }
  const present = new Set<string>();
  for (const cause of causes) {
    const key = keyOf(cause.tenantId, cause.subject.object, cause.subject.id);
    present.add(key);
    const known = byKey.get(key) ?? [];
    if (known.some((e) => e.due_ms !== null && Math.round(e.due_ms) === cause.dueAt.getTime())) continue;
    await withTransaction({ db }, async (tx) => {
      const a = { db: tx.db, afterCommit: tx.afterCommit, tenantId: cause.tenantId, actor: SWEEP_ACTOR };
      // Its due time moved: the old cause is gone, the new one is raised.
      if (known.some((e) => e.status === 'open')) result.resolved += (await resolveWithEvent(a, { type: def.type, subject: cause.subject, resolution: 'automatic' }, now)).length;
      const id = await raiseWithEvent(
        a,
        { type: def.type, severity: def.severity as ActionSeverity, title: cause.title, subject: cause.subject, companyId: cause.companyId, dueAt: cause.dueAt, citation: def.citation },
        now,
      );
      if (id) result.raised++;
    });
  }
  if (!def.autoResolve) return result;
  for (const e of existing) {
    if (e.status !== 'open' || present.has(keyOf(e.tenant_id, e.subject_object, e.subject_id))) continue;
    await withTransaction({ db }, async (tx) => {
      const ids = await resolveWithEvent(
        { db: tx.db, afterCommit: tx.afterCommit, tenantId: e.tenant_id, actor: SWEEP_ACTOR },
        { type: def.type, subject: { object: e.subject_object as ActionSubjectObject, id: e.subject_id }, resolution: 'automatic' },
        now,
      );
      result.resolved += ids.length;
    });
  }
  return result;
}

/** Raises (or moves) the causes that have no action with their due time yet. */
async function raiseCause(db: Db, def: ActionTypeDefinition, cause: Cause, now: Date, result: ActionSweepResult): Promise<void> {
  await withTransaction({ db }, async (tx) => {
    const a = { db: tx.db, afterCommit: tx.afterCommit, tenantId: cause.tenantId, actor: SWEEP_ACTOR };
    // An open action of the subject with another due time: the old cause is gone, the new one is raised.
    result.resolved += (await resolveWithEvent(a, { type: def.type, subject: cause.subject, resolution: 'automatic' }, now)).length;
    const id = await raiseWithEvent(
      a,
      { type: def.type, severity: def.severity as ActionSeverity, title: cause.title, subject: cause.subject, companyId: cause.companyId, dueAt: cause.dueAt, citation: def.citation },
      now,
    );
    if (id) result.raised++;
  });
}

/** The causes of an order rule with no action of their type, subject and due time yet: a batch, earliest due first. */
const freshCauses = (def: ActionTypeDefinition, rule: OrderRule, scope: Scope, now: Date) =>
  sql`select c.tenant_id, c.company_id, c.id, c.code, c.first_name, c.last_name, c.detail, ${ms(sql`c.due`)} as due_ms
    from (${rule.causes(scope, now, sql``)}) c
    where not exists (select 1 from ${actions} a where a.type = ${def.type} and a.subject_id = c.id and a.due_at = c.due and a.subject_object = 'order' and a.tenant_id = c.tenant_id)
    order by c.due, c.id limit ${SWEEP_BATCH}`;

/** The open actions of an order rule whose order no longer has the cause: a batch. */
const goneCauses = (def: ActionTypeDefinition, rule: OrderRule, scope: Scope, now: Date) =>
  sql`select a.tenant_id, a.subject_id from ${actions} a
    where a.type = ${def.type} and a.status = 'open' and a.subject_object = 'order' ${inScope(sql`a.tenant_id`, scope)}
      and not exists (${rule.causes(scope, now, sql`and o.id = a.subject_id`)})
    order by a.due_at limit ${SWEEP_BATCH}`;

/** EXPLAIN (ANALYZE, BUFFERS) of each order rule's two queries at `now` (scripts/bench-program.ts prints them). */
export async function explainOrderRules(db: Db, now: Date): Promise<Array<{ type: string; step: 'raise' | 'resolve'; plan: string }>> {
  const plans: Array<{ type: string; step: 'raise' | 'resolve'; plan: string }> = [];
  for (const def of SWEPT_TYPES) {
    const rule = ORDER_RULES[def.type as ActionType];
    if (!rule) continue;
    for (const [step, query] of [['raise', freshCauses(def, rule, {}, now)], ...(def.autoResolve ? [['resolve', goneCauses(def, rule, {}, now)] as const] : [])] as const) {
      const rows = rowsOf<Record<string, string>>(await db.execute(sql`explain (analyze, buffers) ${query}`));
      plans.push({ type: def.type, step, plan: rows.map((r) => Object.values(r)[0]).join('\n') });
    }
  }
  return plans;
}

/**
 * A rule about orders, in SQL and in batches: the causes with no action of the type, subject and
 * due time (of any status: one a person closed is not raised again) through the actions' subject
 * index, earliest due first; then the open actions of the type whose order no longer has the cause.
 */
async function sweepOrderRule(db: Db, def: ActionTypeDefinition, rule: OrderRule, scope: Scope, now: Date): Promise<ActionSweepResult> {
  const result: ActionSweepResult = { raised: 0, resolved: 0 };
  const fresh = rowsOf<OrderCauseRow>(await db.execute(freshCauses(def, rule, scope, now)));
  for (const r of fresh)
    await raiseCause(db, def, { tenantId: r.tenant_id, companyId: r.company_id, subject: { object: 'order', id: r.id }, dueAt: new Date(Math.round(r.due_ms)), title: rule.title(r) }, now, result);
  let gone: Array<{ tenant_id: string; subject_id: string }> = [];
  if (def.autoResolve) {
    gone = rowsOf(await db.execute(goneCauses(def, rule, scope, now)));
    for (const e of gone)
      await withTransaction({ db }, async (tx) => {
        const a = { db: tx.db, afterCommit: tx.afterCommit, tenantId: e.tenant_id, actor: SWEEP_ACTOR };
        result.resolved += (await resolveWithEvent(a, { type: def.type, subject: { object: 'order', id: e.subject_id }, resolution: 'automatic' }, now)).length;
      });
  }
  result.more = fresh.length === SWEEP_BATCH || gone.length === SWEEP_BATCH;
  return result;
}

/** One sweep over every type: what is due at `now` raised, what went away resolved (a batch per type). */
export async function runActionSweep(options: ActionSweepOptions): Promise<ActionSweepResult> {
  const scope: Scope = { tenantId: options.tenantId, exceptTenantIds: options.exceptTenantIds };
  const total: ActionSweepResult = { raised: 0, resolved: 0, more: false };
  for (const def of SWEPT_TYPES) {
    const rule = ORDER_RULES[def.type as ActionType];
    const r = rule
      ? await sweepOrderRule(options.db, def, rule, scope, options.now)
      : await reconcile(options.db, def, await CAUSES[def.type as ActionType]!(options.db, scope, options.now), scope, options.now);
    total.raised += r.raised;
    total.resolved += r.resolved;
    total.more ||= r.more ?? false;
  }
  return total;
}
