/**
 * The MIS report's counting (DOT F 1385; PROGRAM-FACTS.md "The MIS report"), a pure function over
 * the year's tests and the roster. ODAPC's rules: every pre-employment test counts, hired or not; a
 * positive later cancelled counts only as cancelled; refusals count even with no specimen; a
 * negative-dilute followed by a recollection counts once (the recollection); blind specimens never.
 * What it cannot place (no category, a random test without a draw, a result without the details
 * its column needs) is listed, never guessed.
 */
import { serviceStatusGroup } from '@/lib/domain/order-model/status';
import {
  ALCOHOL_COLUMNS, ALCOHOL_REFUSAL_TO_COLUMN, ALCOHOL_SCREENING_THRESHOLD, ALCOHOL_VIOLATION_THRESHOLD, DRUG_COLUMNS, DRUG_REFUSAL_TO_COLUMN,
  DRUG_TO_COLUMN, MIS_ROWS, type AlcoholColumn, type DrugColumn, type MisRowName,
} from './mis-form';

/** `order_services.result` (DESIGN.md 7.5); every member optional, since older rows have fewer. */
export interface ResultDetails {
  positiveFor?: readonly string[] | null;
  alcohol?: { screening: number; confirmation: number | null } | null;
  refusal?: { kind: string } | null;
  cancellation?: { by: string; reason?: string | null } | null;
  dilute?: boolean | null;
  recollection?: string | null;
}

/** One DOT drug or alcohol test (an order service) of the agency in the year. */
export interface MisTest {
  orderId: string;
  orderCode: string;
  serviceId: string;
  kind: 'drug' | 'alcohol';
  testReason: string | null;
  /** A blind specimen (testReason `blindSample`): never counted. */
  blind: boolean;
  employeeId: string | null;
  /** The form category it falls in; null: the agency has several and neither the order nor its employee names one. */
  category: string | null;
  /** A random test: whether a draw selected it (a random selection names the order). */
  drawn: boolean;
  status: string;
  result: ResultDetails | null;
  /** When the specimen was collected (or the result came): orders a dilute before its recollection. */
  collectedAt: string;
}

/** A covered employee of the roster, for Section II. */
export interface MisEmployee {
  id: string;
  externalId: string;
  category: string | null;
  activeFrom: string;
  activeTo: string | null;
}

export type UnplacedReason = 'noCategory' | 'randomWithoutDraw' | 'resultWithoutDetails' | 'notFinal' | 'testReasonNotOnForm' | 'rowNotOnForm' | 'sectionNotOnForm';

export interface Unplaced {
  object: 'order' | 'employee';
  id: string;
  /** The order's code or the employee's externalId. */
  reference: string;
  serviceId: string | null;
  test: 'drug' | 'alcohol' | null;
  reason: UnplacedReason;
  detail: string;
}

export type DrugCells = Record<DrugColumn, number>;
export type AlcoholCells = Record<AlcoholColumn, number>;
export type Table<C> = Record<MisRowName | 'total', C>;

export interface CategoryCounts {
  category: string;
  coveredEmployees: number;
  drug: Table<DrugCells>;
  /** null where the agency reports no alcohol section (USCG). */
  alcohol: Table<AlcoholCells> | null;
}

export interface MisCounts {
  totalCoveredEmployees: number;
  categories: CategoryCounts[];
  unplaced: Unplaced[];
}

export interface MisCountingInput {
  /** Dates compared as `YYYY-MM-DD`. */
  year: number;
  categories: readonly string[];
  alcoholSection: boolean;
  omitRows: readonly MisRowName[];
  tests: readonly MisTest[];
  employees: readonly MisEmployee[];
}

type Outcome =
  | { kind: 'noTest' }
  | { kind: 'notFinal' }
  | { kind: 'unplaced'; detail: string }
  | { kind: 'drug'; columns: DrugColumn[]; diluteNegative: boolean }
  | { kind: 'alcohol'; columns: AlcoholColumn[] };

const OPEN_GROUPS = new Set(['ordered', 'pending', 'integrationError']);
/** Outcomes where nothing was tested, absent a refusal in the details (an expired or declined order, a no-show the employer did not call a refusal). */
const NO_TEST_GROUPS = new Set(['cancelled', 'expired', 'noShow', 'notRun', 'declined']);

/** A cancellation counts as a cancelled test unless the employer called off an order nothing was collected for. */
function cancelledTest(status: string, result: ResultDetails | null): boolean | null {
  if (!result?.cancellation) return null;
  return !(result.cancellation.by === 'employer' && serviceStatusGroup(status) === 'cancelled');
}

export function drugOutcome(status: string, result: ResultDetails | null): Outcome {
  const group = serviceStatusGroup(status);
  if (OPEN_GROUPS.has(group)) return { kind: 'notFinal' };
  const cancelled = cancelledTest(status, result);
  // A positive later cancelled (the split did not reconfirm) counts only as cancelled.
  if (cancelled === true) return { kind: 'drug', columns: ['cancelled'], diluteNegative: false };
  if (cancelled === false) return { kind: 'noTest' };
  const refusal = result?.refusal?.kind;
  if (refusal) {
    const column = DRUG_REFUSAL_TO_COLUMN[refusal];
    return column ? { kind: 'drug', columns: ['totalResults', column], diluteNegative: false } : { kind: 'unplaced', detail: `Refusal kind ${refusal} has no column.` };
  }
  if (group === 'negative')
    return { kind: 'drug', columns: ['totalResults', 'verifiedNegative'], diluteNegative: Boolean(result?.dilute) || status === 'negative_negativeDilute' };
  if (group === 'nonNegative') {
    const drugs = result?.positiveFor ?? [];
    if (!drugs.length) return { kind: 'unplaced', detail: 'A verified positive without the drugs it was positive for (result.positiveFor).' };
    const unknown = drugs.filter((d) => !(d in DRUG_TO_COLUMN));
    if (unknown.length) return { kind: 'unplaced', detail: `Positive for ${unknown.join(', ')}, which the form does not know.` };
    const drugColumns = [...new Set(drugs.map((d) => DRUG_TO_COLUMN[d]).filter((c): c is DrugColumn => c !== null))];
    return { kind: 'drug', columns: ['totalResults', 'verifiedPositive', ...drugColumns], diluteNegative: false };
  }
  if (group === 'adulterated') return { kind: 'drug', columns: ['totalResults', 'refusalAdulterated'], diluteNegative: false };
  if (status === 'incomplete_shyBladder') return { kind: 'drug', columns: ['totalResults', 'refusalShyBladder'], diluteNegative: false };
  if (status === 'incomplete_refusalToTest') return { kind: 'drug', columns: ['totalResults', 'refusalOther'], diluteNegative: false };
  if (NO_TEST_GROUPS.has(group)) return { kind: 'noTest' };
  return { kind: 'unplaced', detail: `Status ${status} without result details (refusal, cancellation or drugs) places in no column.` };
}

export function alcoholOutcome(status: string, result: ResultDetails | null): Outcome {
  const group = serviceStatusGroup(status);
  if (OPEN_GROUPS.has(group)) return { kind: 'notFinal' };
  const cancelled = cancelledTest(status, result);
  if (cancelled === true) return { kind: 'alcohol', columns: ['cancelled'] };
  if (cancelled === false) return { kind: 'noTest' };
  const refusal = result?.refusal?.kind;
  if (refusal) {
    const column = ALCOHOL_REFUSAL_TO_COLUMN[refusal];
    return column ? { kind: 'alcohol', columns: [column] } : { kind: 'unplaced', detail: `Refusal kind ${refusal} has no column.` };
  }
  const readings = result?.alcohol;
  if (readings && typeof readings.screening === 'number') {
    const columns: AlcoholColumn[] = ['screeningTests', readings.screening < ALCOHOL_SCREENING_THRESHOLD ? 'screeningBelow002' : 'screening002OrGreater'];
    const c = readings.confirmation;
    if (typeof c === 'number') {
      columns.push('confirmationTests');
      if (c >= ALCOHOL_VIOLATION_THRESHOLD) columns.push('confirmation004OrGreater');
      else if (c >= ALCOHOL_SCREENING_THRESHOLD) columns.push('confirmation002To0039');
    }
    return { kind: 'alcohol', columns };
  }
  // A negative breath test is a screening below 0.02 (49 CFR 40.247(a)(1)), readings or not.
  if (group === 'negative') return { kind: 'alcohol', columns: ['screeningTests', 'screeningBelow002'] };
  if (status === 'incomplete_shyLung') return { kind: 'alcohol', columns: ['refusalShyLung'] };
  if (status === 'incomplete_refusalToTest') return { kind: 'alcohol', columns: ['refusalOther'] };
  if (NO_TEST_GROUPS.has(group)) return { kind: 'noTest' };
  return { kind: 'unplaced', detail: `Status ${status} without its readings (result.alcohol), refusal or cancellation places in no column.` };
}

const zeros = <C extends string>(columns: readonly { name: C }[]) => Object.fromEntries(columns.map((c) => [c.name, 0])) as Record<C, number>;
function emptyTable<C extends string>(columns: readonly { name: C }[]): Table<Record<C, number>> {
  return Object.fromEntries([...MIS_ROWS.map((r) => r.name), 'total'].map((row) => [row, zeros(columns)])) as Table<Record<C, number>>;
}

const ROW_OF_REASON = new Map<string, MisRowName>(MIS_ROWS.flatMap((r) => r.testReasons.map((reason) => [reason, r.name] as const)));

/** Active on 31 December of the year: started by then, and not ended before it. */
export function activeOnDecember31(e: { activeFrom: string; activeTo: string | null }, year: number): boolean {
  const day = `${year}-12-31`;
  return e.activeFrom <= day && (e.activeTo === null || e.activeTo >= day);
}

export function countMis(input: MisCountingInput): MisCounts {
  const unplaced: Unplaced[] = [];
  const byCategory = new Map<string, CategoryCounts>(
    input.categories.map((c) => [c, { category: c, coveredEmployees: 0, drug: emptyTable(DRUG_COLUMNS), alcohol: input.alcoholSection ? emptyTable(ALCOHOL_COLUMNS) : null }]),
  );

  let totalCoveredEmployees = 0;
  for (const e of input.employees) {
    if (!activeOnDecember31(e, input.year)) continue;
    const counts = e.category === null ? undefined : byCategory.get(e.category);
    if (!counts) {
      unplaced.push({ object: 'employee', id: e.id, reference: e.externalId, serviceId: null, test: null, reason: 'noCategory', detail: 'A covered employee without a job category of the agency.' });
      continue;
    }
    counts.coveredEmployees++;
    totalCoveredEmployees++;
  }

  const placed: Array<{ test: MisTest; row: MisRowName; counts: CategoryCounts; outcome: Extract<Outcome, { kind: 'drug' | 'alcohol' }> }> = [];
  for (const test of input.tests) {
    if (test.blind) continue; // blind specimens never count
    const outcome = test.kind === 'drug' ? drugOutcome(test.status, test.result) : alcoholOutcome(test.status, test.result);
    if (outcome.kind === 'noTest') continue;
    const miss = (reason: UnplacedReason, detail: string) =>
      unplaced.push({ object: 'order', id: test.orderId, reference: test.orderCode, serviceId: test.serviceId, test: test.kind, reason, detail });
    if (outcome.kind === 'notFinal') {
      miss('notFinal', 'The test has no final result yet.');
      continue;
    }
    const row = test.testReason ? ROW_OF_REASON.get(test.testReason) : undefined;
    if (!row) {
      miss('testReasonNotOnForm', `Test reason ${test.testReason ?? '(none)'} is not a row of the form.`);
      continue;
    }
    if (input.omitRows.includes(row)) {
      miss('rowNotOnForm', `The agency's form has no ${row} row.`);
      continue;
    }
    if (test.kind === 'alcohol' && !input.alcoholSection) {
      miss('sectionNotOnForm', 'The agency\'s form has no alcohol section.');
      continue;
    }
    const counts = test.category === null ? undefined : byCategory.get(test.category);
    if (!counts) {
      miss('noCategory', 'Neither the order nor its employee names a job category of the agency, which has several.');
      continue;
    }
    if (row === 'random' && !test.drawn) {
      miss('randomWithoutDraw', 'A random test that no random draw selected.');
      continue;
    }
    if (outcome.kind === 'unplaced') {
      miss('resultWithoutDetails', outcome.detail);
      continue;
    }
    placed.push({ test, row, counts, outcome });
  }

  // A negative-dilute followed by a recollection (a later drug test of the same employee for the
  // same reason) counts once: the recollection.
  const recollected = (p: (typeof placed)[number]) =>
    p.outcome.kind === 'drug' && p.outcome.diluteNegative && p.test.employeeId !== null &&
    placed.some((q) => q !== p && q.test.kind === 'drug' && q.test.employeeId === p.test.employeeId && q.test.testReason === p.test.testReason && q.test.collectedAt > p.test.collectedAt);

  for (const p of placed) {
    if (recollected(p)) continue;
    const table = (p.outcome.kind === 'drug' ? p.counts.drug : p.counts.alcohol) as Table<Record<string, number>>;
    for (const column of p.outcome.columns) {
      table[p.row][column]++;
      table.total[column]++;
    }
  }

  return { totalCoveredEmployees, categories: [...byCategory.values()], unplaced };
}
