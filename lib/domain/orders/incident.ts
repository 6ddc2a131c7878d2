/**
 * The incident clock of DOT post-accident and reasonable-suspicion orders (DESIGN.md 6.3; 49 CFR
 * 382.303 and 382.307): from `incident.occurredAt` (the accident, or the reasonable-suspicion
 * determination), a DOT alcohol test within 8 hours, with a reason recorded when it is not done
 * within 2, and a DOT drug test within 32 hours.
 *
 * A window that has closed does not end the matter (382.303(d)): the tests whose windows are still
 * open are ordered, and the employer records why the alcohol test was not administered
 * (`alcoholNotTestedReason`, kept with the order's incident). `openPackages` names the packages of
 * a location that order only tests whose windows are open.
 *
 * Pure: the create-order operation applies it (`incidentClock`), and the dashboard's form computes
 * the same windows for its countdowns (`incidentWindows`), the same open packages and the same
 * required reasons (`missingIncidentReasons`) before it submits. Which window a service has comes from
 * its catalog facts: alcohol by category `alcohol`, type `breathAlcoholTest` or a breath specimen;
 * drug by category `drug` or a drug-test type (lib/seed/catalog.ts STANDARD_CATALOG). Other DOT
 * services (a DOT physical) and non-DOT services have no window.
 */
import { z } from 'zod';
import { DomainError } from '@/lib/domain/errors';

/** Test reasons whose DOT orders run the clock (spec 2.2 codes). */
export const INCIDENT_TEST_REASONS = ['postAccident', 'reasonableSuspicion'] as const;

export const ALCOHOL_WINDOW_HOURS = 8;
export const ALCOHOL_REASON_AFTER_HOURS = 2;
export const DRUG_WINDOW_HOURS = 32;
/** Clock skew allowed between the caller and the server before `occurredAt` counts as future. */
export const FUTURE_TOLERANCE_MS = 2 * 60_000;

const HOUR = 3_600_000;

/** The `incident` member of a create-order body. */
export const IncidentInput = z.strictObject({
  occurredAt: z.iso
    .datetime({ offset: true })
    .describe('When the accident happened, or when reasonable suspicion was determined; not in the future.'),
  delayReason: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .optional()
    .describe(`Why the alcohol test is not done within ${ALCOHOL_REASON_AFTER_HOURS} hours (required after that).`),
  alcoholNotTestedReason: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .optional()
    .describe(
      `Why the alcohol test was not administered (49 CFR 382.303(d)(1)): accepted once the ${ALCOHOL_WINDOW_HOURS}-hour alcohol window has closed, for an order without an alcohol test; required then for a DOT post-accident order.`,
    ),
});
export type IncidentInput = z.output<typeof IncidentInput>;

/** The catalog facts of a service that decide its window. */
export interface WindowService {
  name: string;
  type: string;
  category: string | null;
  specimenType: string | null;
  isDot: boolean;
}

export type WindowKind = 'alcohol' | 'drug';

const DRUG_TYPES = ['labBasedToxicology', 'instantDrugTest', 'confirmationTest'];

/** The DOT window a service has, or null. */
export function windowKindOf(s: WindowService): WindowKind | null {
  if (!s.isDot) return null;
  if (s.category === 'alcohol' || s.type === 'breathAlcoholTest' || s.specimenType === 'breath') return 'alcohol';
  if (s.category === 'drug' || DRUG_TYPES.includes(s.type)) return 'drug';
  return null;
}

/**
 * Service statuses before the specimen is collected: the window still matters (countdowns, the
 * `deadlineBefore` filter). From `pending_collectionCompleted` on, or a final status, it is over.
 */
export const AWAITING_COLLECTION_STATUSES = [
  'ordered', 'integrationError', 'pending', 'pending_arrivedAtTheClinic', 'pending_collectionInitiated', 'pending_collectionSuspended',
] as const;
export const awaitsCollection = (status: string): boolean => (AWAITING_COLLECTION_STATUSES as readonly string[]).includes(status);

export interface Deadline {
  closesAt: Date;
  /** Alcohol only: a reason must be recorded after this instant. */
  reasonRequiredAfter: Date | null;
}

/** The window of a kind of service from the incident. */
export function deadlineOf(kind: WindowKind, occurredAt: Date): Deadline {
  const t = occurredAt.getTime();
  return kind === 'alcohol'
    ? { closesAt: new Date(t + ALCOHOL_WINDOW_HOURS * HOUR), reasonRequiredAfter: new Date(t + ALCOHOL_REASON_AFTER_HOURS * HOUR) }
    : { closesAt: new Date(t + DRUG_WINDOW_HOURS * HOUR), reasonRequiredAfter: null };
}

/** Whether an order of this test reason and these services runs the clock (a DOT service with a window). */
export function needsIncident(testReason: string, services: readonly WindowService[]): boolean {
  return (INCIDENT_TEST_REASONS as readonly string[]).includes(testReason) && services.some((s) => windowKindOf(s) !== null);
}

/** Each service's window (null without one), in the order given: for the form's countdowns. */
export function incidentWindows<S extends WindowService>(services: readonly S[], occurredAt: Date): Array<{ service: S; kind: WindowKind; deadline: Deadline } | null> {
  return services.map((service) => {
    const kind = windowKindOf(service);
    return kind ? { service, kind, deadline: deadlineOf(kind, occurredAt) } : null;
  });
}

/** What `orders.incident` stores and the Order echoes. */
export interface StoredIncident {
  occurredAt: string;
  delayReason: string | null;
  /** Why the alcohol test was not administered once its window had closed (382.303(d)(1)). */
  alcoholNotTestedReason: string | null;
}

/** The result of the clock on a create-order request. */
export interface IncidentClock {
  /** What `orders.incident` stores (null: no incident given). */
  incident: StoredIncident | null;
  /** The deadline columns of one of the request's services. */
  deadlineColumns(service: WindowService): { deadlineClosesAt: Date | null; deadlineReasonRequiredAfter: Date | null };
}

/** A service of the request whose window had closed. */
export interface ClosedWindow {
  name: string;
  kind: WindowKind;
  closesAt: string;
}

/** A package of the location that orders only tests whose windows are open: a way on after a closed window. */
export interface OpenPackage {
  id: string;
  name: string;
  services: string[];
}

/** A package the location offers, with its services' facts. */
export interface CandidatePackage<S extends WindowService = WindowService> {
  id: string;
  name: string;
  services: readonly S[];
}

const isAlcohol = (s: WindowService) => windowKindOf(s) === 'alcohol';
const alcoholWindowClosed = (occurredAt: Date, now: Date) => deadlineOf('alcohol', occurredAt).closesAt.getTime() <= now.getTime();

/**
 * The packages to order instead of one with a closed window: those (other than `refused`) whose
 * services have windows, all of them open at `now`; first those made only of the refused package's
 * services (the same tests without the closed one), then by name.
 */
export function openPackages<S extends WindowService>(
  refused: readonly WindowService[],
  candidates: ReadonlyArray<CandidatePackage<S>>,
  occurredAt: Date,
  now: Date,
  excludeId?: string,
): OpenPackage[] {
  const names = new Set(refused.map((s) => s.name));
  const open = (s: WindowService) => {
    const kind = windowKindOf(s);
    return kind === null || deadlineOf(kind, occurredAt).closesAt.getTime() > now.getTime();
  };
  return candidates
    .filter((p) => p.id !== excludeId && p.services.some((s) => windowKindOf(s) !== null) && p.services.every(open))
    .map((p) => ({ p, subset: p.services.every((s) => names.has(s.name)) }))
    .sort((a, b) => Number(b.subset) - Number(a.subset) || a.p.name.localeCompare(b.p.name))
    .map(({ p }) => ({ id: p.id, name: p.name, services: p.services.map((s) => s.name) }));
}

/** The services of the request whose window is closed at `now` (none when the clock does not run). */
export function closedWindows(testReason: string, services: readonly WindowService[], occurredAt: Date, now: Date): ClosedWindow[] {
  if (!needsIncident(testReason, services)) return [];
  return incidentWindows(services, occurredAt)
    .filter((w) => w !== null && w.deadline.closesAt.getTime() <= now.getTime())
    .map((w) => ({ name: w!.service.name, kind: w!.kind, closesAt: w!.deadline.closesAt.toISOString() }));
}

/** A member the request needs or must not have, with its pointer: the server's 400s and the form's checks. */
export interface IncidentProblem {
  code: 'required' | 'invalidValue';
  pointer: '/incident/delayReason' | '/incident/alcoholNotTestedReason';
  detail: string;
}

/**
 * The reasons an incident needs at `now` (the request is otherwise valid, its windows open):
 * - `delayReason` once an alcohol service is more than 2 hours after the incident;
 * - `alcoholNotTestedReason` for a DOT post-accident order without an alcohol test once the alcohol
 *   window has closed (382.303(d)(1): the employer keeps a record of why it was not administered),
 *   where `alcoholRecordRequired`: the dashboard's form asks for it; the API records it when given
 *   and does not require it, so that an integrator whose drug-only order was accepted before this
 *   member existed (the alcohol test done on another order, the record kept elsewhere) still is.
 *   Accepted for any order without an alcohol test once that window has closed, refused otherwise.
 */
export function missingIncidentReasons(
  input: { testReason: string; incident?: Pick<IncidentInput, 'occurredAt' | 'delayReason' | 'alcoholNotTestedReason'> },
  services: readonly WindowService[],
  now: Date,
  options: { alcoholRecordRequired?: boolean } = {},
): IncidentProblem[] {
  const given = input.incident;
  if (!given) return [];
  const occurredAt = new Date(given.occurredAt);
  if (Number.isNaN(occurredAt.getTime())) return [];
  const problems: IncidentProblem[] = [];
  const runs = needsIncident(input.testReason, services);
  const alcohol = runs && services.some(isAlcohol);
  if (alcohol && !given.delayReason && deadlineOf('alcohol', occurredAt).reasonRequiredAfter!.getTime() <= now.getTime())
    problems.push({
      code: 'required',
      pointer: '/incident/delayReason',
      detail: `incident.delayReason is required: the alcohol test is more than ${ALCOHOL_REASON_AFTER_HOURS} hours after the incident.`,
    });
  const closed = alcoholWindowClosed(occurredAt, now);
  if (given.alcoholNotTestedReason !== undefined) {
    if (services.some(isAlcohol))
      problems.push({
        code: 'invalidValue',
        pointer: '/incident/alcoholNotTestedReason',
        detail: 'incident.alcoholNotTestedReason is accepted only for an order without an alcohol test.',
      });
    else if (!closed)
      problems.push({
        code: 'invalidValue',
        pointer: '/incident/alcoholNotTestedReason',
        detail: `incident.alcoholNotTestedReason is accepted only once the ${ALCOHOL_WINDOW_HOURS}-hour alcohol window has closed.`,
      });
  } else if (options.alcoholRecordRequired && runs && input.testReason === 'postAccident' && closed && !services.some(isAlcohol))
    problems.push({
      code: 'required',
      pointer: '/incident/alcoholNotTestedReason',
      detail: `incident.alcoholNotTestedReason is required: the ${ALCOHOL_WINDOW_HOURS}-hour alcohol window closed at ${deadlineOf('alcohol', occurredAt).closesAt.toISOString()}, and 49 CFR 382.303(d)(1) asks for a record of why the alcohol test was not administered.`,
    });
  return problems;
}

/** The 422 of a closed window: which services, when they closed, and how to go on (`openPackages`). */
export function testingWindowClosed(closed: readonly ClosedWindow[], open: readonly OpenPackage[]): DomainError {
  const names = closed.map((w) => `${w.name} (${w.kind}, ${w.kind === 'alcohol' ? ALCOHOL_WINDOW_HOURS : DRUG_WINDOW_HOURS} hours, closed ${w.closesAt})`);
  const alcoholOnly = closed.every((w) => w.kind === 'alcohol');
  const onward = open.length
    ? ` Order the tests whose windows are still open instead: ${open.map((p) => `package "${p.name}" (${p.id})`).join(' or ')}${
        alcoholOnly ? ', with incident.alcoholNotTestedReason saying why the alcohol test was not administered (49 CFR 382.303(d)(1))' : ''
      }.`
    : ' No package of this location orders only tests whose windows are still open; keep on file a record of why the test was not administered (49 CFR 382.303(d)).';
  return new DomainError('testingWindowClosed', `The DOT testing window has closed for: ${names.join('; ')}.${onward}`, {
    pointer: '/incident/occurredAt',
    meta: { services: closed.map((w) => ({ ...w })), openPackages: open.map((p) => ({ ...p, services: [...p.services] })) },
  });
}

/**
 * Applies the rules to a create-order request, at `now`:
 * - a DOT order with testReason postAccident or reasonableSuspicion needs `incident` (400 `required`
 *   at /incident); `incident` is accepted only with those test reasons (400 `invalidValue`);
 * - `occurredAt` not in the future (400 `invalidValue` at /incident/occurredAt);
 * - a window already closed: 422 `testingWindowClosed` at /incident/occurredAt, naming the services
 *   and, in `meta.openPackages`, the packages of the location whose windows are open (`offered`: the
 *   caller reads them when `closedWindows` finds one);
 * - the reasons `missingIncidentReasons` asks for: 400 at their pointers.
 */
export function incidentClock(
  input: { testReason: string; incident?: IncidentInput },
  services: readonly WindowService[],
  now: Date,
  offered: readonly OpenPackage[] = [],
): IncidentClock {
  const runs = needsIncident(input.testReason, services);
  const given = input.incident;
  if (!given) {
    if (runs)
      throw new DomainError('required', `incident is required: a DOT ${input.testReason} order runs the testing windows from when the incident occurred.`, {
        pointer: '/incident',
      });
    return { incident: null, deadlineColumns: () => ({ deadlineClosesAt: null, deadlineReasonRequiredAfter: null }) };
  }
  if (!(INCIDENT_TEST_REASONS as readonly string[]).includes(input.testReason))
    throw new DomainError('invalidValue', `incident is accepted only with testReason ${INCIDENT_TEST_REASONS.join(' or ')}.`, { pointer: '/incident' });
  const occurredAt = new Date(given.occurredAt);
  if (occurredAt.getTime() > now.getTime() + FUTURE_TOLERANCE_MS)
    throw new DomainError('invalidValue', 'incident.occurredAt must not be in the future.', { pointer: '/incident/occurredAt' });

  const closed = closedWindows(input.testReason, services, occurredAt, now);
  if (closed.length) throw testingWindowClosed(closed, offered);
  const [problem] = missingIncidentReasons(input, services, now);
  if (problem) throw new DomainError(problem.code, problem.detail, { pointer: problem.pointer });

  const windows = runs ? incidentWindows(services, occurredAt) : services.map(() => null);
  const byService = new Map<WindowService, Deadline>();
  windows.forEach((w) => w && byService.set(w.service, w.deadline));
  return {
    incident: { occurredAt: occurredAt.toISOString(), delayReason: given.delayReason ?? null, alcoholNotTestedReason: given.alcoholNotTestedReason ?? null },
    deadlineColumns: (service) => {
      const d = byService.get(service);
      return { deadlineClosesAt: d?.closesAt ?? null, deadlineReasonRequiredAfter: d?.reasonRequiredAfter ?? null };
    },
  };
}
