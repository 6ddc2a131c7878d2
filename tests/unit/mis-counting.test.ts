/** The MIS report's counting rules (PROGRAM-FACTS.md "The MIS report"; ODAPC), on hand-made cases. */
import { describe, expect, it } from 'vitest';
import { countMis, type MisEmployee, type MisTest, type ResultDetails } from '@/lib/domain/reports/mis-counting';
import { ALCOHOL_COLUMNS, DRUG_COLUMNS, MIS_ROWS } from '@/lib/domain/reports/mis-form';

let n = 0;
function test(over: Partial<MisTest> & { result?: ResultDetails | null } = {}): MisTest {
  n++;
  return {
    orderId: `o${n}`, orderCode: `C-${n}`, serviceId: `s${n}`, kind: 'drug', testReason: 'preEmployment', blind: false, employeeId: `e${n}`,
    category: 'driver', drawn: false, status: 'negative', result: null, collectedAt: `2026-03-${String(1 + (n % 27)).padStart(2, '0')}T10:00:00.000Z`,
    ...over,
  };
}
const run = (tests: MisTest[], employees: MisEmployee[] = [], extra: Partial<Parameters<typeof countMis>[0]> = {}) =>
  countMis({ year: 2026, categories: ['driver'], alcoholSection: true, omitRows: [], tests, employees, ...extra });
const drugOf = (tests: MisTest[]) => run(tests).categories[0].drug;

describe('every pre-employment test counts, hired or not', () => {
  it('a pre-employment negative of an applicant who is on no roster counts in its row', () => {
    const d = drugOf([test({ employeeId: null }), test({ employeeId: 'never-hired' })]);
    expect(d.preEmployment).toMatchObject({ totalResults: 2, verifiedNegative: 2 });
  });
});

describe('a positive later cancelled counts only as cancelled', () => {
  it('column 13 only: not in column 1, 3 or the drug\'s column', () => {
    const d = drugOf([test({ status: 'nonNegative', result: { positiveFor: ['cocaine'], cancellation: { by: 'mro', reason: 'Split not reconfirmed.' } } })]);
    expect(d.preEmployment).toMatchObject({ totalResults: 0, verifiedPositive: 0, cocaine: 0, cancelled: 1 });
  });
  it('as the service events record it (the service cancelled, by the MRO): column 13', () => {
    const d = drugOf([test({ status: 'cancelled', result: { positiveFor: [], cancellation: { by: 'mro', reason: 'Split not reconfirmed.' } } })]);
    expect(d.preEmployment).toMatchObject({ totalResults: 0, cancelled: 1 });
  });
  it('an order the employer called off before any test is no test at all', () => {
    const r = run([test({ status: 'cancelled', result: { cancellation: { by: 'employer' } } })]);
    expect(r.categories[0].drug.total).toEqual(Object.fromEntries(DRUG_COLUMNS.map((c) => [c.name, 0])));
    expect(r.unplaced).toEqual([]);
  });
});

describe('a negative-dilute followed by a recollection counts once', () => {
  it('the recollection counts, the dilute does not', () => {
    const first = test({ employeeId: 'e-dilute', status: 'negative_negativeDilute', result: { dilute: true, recollection: 'observed' }, collectedAt: '2026-04-01T10:00:00.000Z' });
    const second = test({ employeeId: 'e-dilute', status: 'nonNegative', result: { positiveFor: ['marijuana'] }, collectedAt: '2026-04-02T10:00:00.000Z' });
    expect(drugOf([first, second]).preEmployment).toMatchObject({ totalResults: 1, verifiedNegative: 0, verifiedPositive: 1, marijuana: 1 });
  });
  it('a dilute with no recollection after it counts as the negative it is', () => {
    expect(drugOf([test({ status: 'negative_negativeDilute' })]).preEmployment).toMatchObject({ totalResults: 1, verifiedNegative: 1 });
  });
});

describe('refusals count, with or without a specimen', () => {
  it('adulterated, substituted, shy bladder and a no-show refusal land in columns 9 to 12 and in column 1', () => {
    const d = drugOf([
      test({ status: 'adulterated' }),
      test({ status: 'incomplete_refusalToTest', result: { refusal: { kind: 'substituted' } } }),
      test({ status: 'incomplete_shyBladder' }),
      test({ status: 'noShow', result: { refusal: { kind: 'other' } } }),
    ]);
    expect(d.preEmployment).toMatchObject({ totalResults: 4, refusalAdulterated: 1, refusalSubstituted: 1, refusalShyBladder: 1, refusalOther: 1 });
  });
  it('a shy lung is an alcohol refusal of column 7', () => {
    const a = run([test({ kind: 'alcohol', status: 'incomplete_shyLung' })]).categories[0].alcohol!;
    expect(a.preEmployment).toMatchObject({ refusalShyLung: 1, screeningTests: 0 });
  });
});

describe('blind specimens never count', () => {
  it('neither counted nor listed', () => {
    const r = run([test({ testReason: 'blindSample', blind: true, status: 'nonNegative', result: { positiveFor: ['pcp'] } })]);
    expect(r.categories[0].drug.total.totalResults).toBe(0);
    expect(r.unplaced).toEqual([]);
  });
});

describe('what cannot be placed is listed, never guessed', () => {
  it('no category, a random test without a draw, a positive without its drugs, a reason not on the form, a test not final', () => {
    const r = run([
      test({ orderId: 'no-cat', category: null }),
      test({ orderId: 'undrawn', testReason: 'random', drawn: false }),
      test({ orderId: 'no-drugs', status: 'nonNegative' }),
      test({ orderId: 'periodic', testReason: 'periodic' }),
      test({ orderId: 'open', status: 'pending_atTheLab' }),
    ]);
    expect(r.unplaced.map((u) => [u.id, u.reason])).toEqual([
      ['no-cat', 'noCategory'], ['undrawn', 'randomWithoutDraw'], ['no-drugs', 'resultWithoutDetails'], ['periodic', 'testReasonNotOnForm'], ['open', 'notFinal'],
    ]);
    expect(r.categories[0].drug.total.totalResults).toBe(0);
  });
  it('a drawn random test counts; FRA has no post-accident row and USCG no alcohol section', () => {
    expect(drugOf([test({ testReason: 'random', drawn: true })]).random.totalResults).toBe(1);
    const fra = run([test({ testReason: 'postAccident' })], [], { omitRows: ['postAccident'] });
    expect(fra.unplaced.map((u) => u.reason)).toEqual(['rowNotOnForm']);
    const uscg = run([test({ kind: 'alcohol' })], [], { alcoholSection: false });
    expect(uscg.categories[0].alcohol).toBeNull();
    expect(uscg.unplaced.map((u) => u.reason)).toEqual(['sectionNotOnForm']);
  });
});

describe('alcohol readings', () => {
  it('screening below 0.02, 0.02 or more; confirmation 0.02–0.039 and 0.04 or more', () => {
    const a = run([
      test({ kind: 'alcohol', status: 'negative' }),
      test({ kind: 'alcohol', status: 'nonNegative', result: { alcohol: { screening: 0.03, confirmation: 0.039 } } }),
      test({ kind: 'alcohol', status: 'nonNegative', result: { alcohol: { screening: 0.05, confirmation: 0.04 } } }),
      test({ kind: 'alcohol', status: 'nonNegative', result: { alcohol: { screening: 0.02, confirmation: 0.01 } } }),
    ]).categories[0].alcohol!;
    expect(a.preEmployment).toMatchObject({ screeningTests: 4, screeningBelow002: 1, screening002OrGreater: 3, confirmationTests: 3, confirmation002To0039: 1, confirmation004OrGreater: 1 });
  });
});

describe('Section II: covered employees active on 31 December', () => {
  it('counts those who started by then and had not left before it; no category is listed', () => {
    const r = run([], [
      { id: 'a', externalId: 'A', category: 'driver', activeFrom: '2020-01-01', activeTo: null },
      { id: 'b', externalId: 'B', category: 'driver', activeFrom: '2020-01-01', activeTo: '2026-12-31' },
      { id: 'c', externalId: 'C', category: 'driver', activeFrom: '2020-01-01', activeTo: '2026-06-30' },
      { id: 'd', externalId: 'D', category: 'driver', activeFrom: '2027-01-01', activeTo: null },
      { id: 'e', externalId: 'E', category: null, activeFrom: '2020-01-01', activeTo: null },
    ]);
    expect(r.totalCoveredEmployees).toBe(2);
    expect(r.unplaced).toEqual([expect.objectContaining({ object: 'employee', id: 'e', reason: 'noCategory' })]);
  });
});

describe('the sums', () => {
  it('column 1 = 2 + 3 + 9..12 on every row, and the total row is the sum of the rows', () => {
    const statuses: Array<Partial<MisTest>> = [
      { status: 'negative' }, { status: 'nonNegative', result: { positiveFor: ['marijuana', 'cocaine'] } }, { status: 'adulterated' },
      { status: 'incomplete_shyBladder' }, { status: 'nonNegative', result: { positiveFor: ['opioids'], cancellation: { by: 'mro' } } },
      { status: 'noShow', result: { refusal: { kind: 'other' } } }, { status: 'negative_negativeDilute' },
    ];
    const tests = MIS_ROWS.flatMap((row, i) => statuses.slice(0, 2 + (i % statuses.length)).map((s) => test({ testReason: row.testReasons[0], drawn: true, ...s })));
    const d = drugOf(tests);
    for (const row of [...MIS_ROWS.map((r) => r.name), 'total'] as const) {
      const c = d[row];
      expect(c.totalResults).toBe(c.verifiedNegative + c.verifiedPositive + c.refusalAdulterated + c.refusalSubstituted + c.refusalShyBladder + c.refusalOther);
    }
    for (const col of DRUG_COLUMNS) expect(d.total[col.name]).toBe(MIS_ROWS.reduce((sum, row) => sum + d[row.name][col.name], 0));
    expect(d.total.totalResults).toBeGreaterThan(10);
    const a = run(tests.map((t) => ({ ...t, kind: 'alcohol' as const }))).categories[0].alcohol!;
    for (const col of ALCOHOL_COLUMNS) expect(a.total[col.name]).toBe(MIS_ROWS.reduce((sum, row) => sum + a[row.name][col.name], 0));
  });
});
