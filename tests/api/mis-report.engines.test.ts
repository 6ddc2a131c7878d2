/**
 * GET /api/v2/reports/mis (DESIGN.md 7.5; DOT F 1385): the demo tenant's report, its formats,
 * filters, pointers and isolation, and an ORACLE: a year of generated orders with known results
 * for a few hundred employees of a tenant of its own, every cell equal to a count made here.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/lib/db/client';
import { createToken } from '@/lib/domain/api-tokens/tokens';
import { SCOPES } from '@/lib/domain/scopes';
import { ALCOHOL_COLUMNS, DRUG_COLUMNS, MIS_ROWS } from '@/lib/domain/reports/mis-form';
import { DEMO } from '@/lib/seed';
import { addStandardCatalog } from '@/lib/seed/catalog';
import { createTestTenant } from './admins';
import { call, db, expectError, token, withTestDatabase } from './harness';

withTestDatabase();

const YEAR = new Date().getUTCFullYear();
const mis = (query: Record<string, string>, t: string) => call('GET', '/api/v2/reports/mis', { token: t, query });
const acmeQuery = (extra: Record<string, string> = {}) => ({ year: String(YEAR), agency: 'FMCSA', companyId: DEMO.acme.companies.primary, ...extra });

describe('GET /api/v2/reports/mis: the demo tenant', () => {
  it('answers Acme\'s FMCSA report of the year: Section I from the company, one category (drivers), counted cells and the unplaced list', async () => {
    const res = await mis(acmeQuery(), await token());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body;
    expect(r).toMatchObject({ object: 'misReport', year: YEAR, agency: { code: 'FMCSA' }, sectionI: { employer: { id: DEMO.acme.companies.primary }, periodStart: `${YEAR}-01-01`, periodEnd: `${YEAR}-12-31` } });
    expect(r.categories.map((c: { category: { code: string } }) => c.category.code)).toEqual(['driver']);
    expect(r.sectionII.totalCoveredEmployees).toBeGreaterThan(0);
    expect(r.categories[0].drug.total.totalResults).toBeGreaterThan(0);
    // The seed's random orders were placed by no draw: listed, never counted.
    expect(r.categories[0].drug.random.totalResults).toBe(0);
    expect(r.unplaced.some((u: { reason: string }) => u.reason === 'randomWithoutDraw')).toBe(true);
  });

  it('every row keeps column 1 = 2 + 3 + 9..12 and the total row is the sum of the rows', async () => {
    const r = (await mis(acmeQuery(), await token())).body;
    for (const c of r.categories) {
      for (const row of [...MIS_ROWS.map((x) => x.name), 'total']) {
        const d = c.drug[row];
        expect(d.totalResults).toBe(d.verifiedNegative + d.verifiedPositive + d.refusalAdulterated + d.refusalSubstituted + d.refusalShyBladder + d.refusalOther);
        expect(c.alcohol![row].screeningTests).toBe(c.alcohol![row].screeningBelow002 + c.alcohol![row].screening002OrGreater);
      }
      for (const col of DRUG_COLUMNS) expect(c.drug.total[col.name]).toBe(MIS_ROWS.reduce((n, row) => n + c.drug[row.name][col.name], 0));
      for (const col of ALCOHOL_COLUMNS) expect(c.alcohol!.total[col.name]).toBe(MIS_ROWS.reduce((n, row) => n + c.alcohol![row.name][col.name], 0));
    }
  });
});

describe('GET /api/v2/reports/mis: formats', () => {
  it('format=pdf is a PDF laid out like the form, one page set per category, as an attachment', async () => {
    const res = await mis(acmeQuery({ format: 'pdf' }), await token());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="mis-FMCSA-${YEAR}-[a-z0-9-]+\\.pdf"$`));
    const bytes = res.body as unknown as Buffer;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(2); // one category: Sections I–III, then Section IV
    expect(doc.getTitle()).toContain('MIS report FMCSA');
  });

  it('format=csv gives every cell one a line, in the order of the DAMIS screens, equal to the JSON', async () => {
    const t = await token();
    const [json, csv] = [(await mis(acmeQuery(), t)).body, await mis(acmeQuery({ format: 'csv' }), t)];
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (csv.body as unknown as Buffer).toString('utf8').trim().split('\r\n').map((l) => l.split(','));
    expect(lines[0]).toEqual(['category', 'section', 'row', 'column', 'cell', 'value']);
    const drug = lines.filter((l) => l[1] === 'III');
    const alcohol = lines.filter((l) => l[1] === 'IV');
    expect(drug).toHaveLength(7 * 13);
    expect(alcohol).toHaveLength(7 * 9);
    expect(drug.slice(0, 2).map((l) => l.slice(2, 5))).toEqual([['preEmployment', '1', 'totalResults'], ['preEmployment', '2', 'verifiedNegative']]);
    expect(drug.at(-1)!.slice(2, 5)).toEqual(['total', '13', 'cancelled']);
    for (const l of drug) expect(Number(l[5])).toBe(json.categories[0].drug[l[2]][l[4]]);
    for (const l of alcohol) expect(Number(l[5])).toBe(json.categories[0].alcohol![l[2]][l[4]]);
    expect(lines.find((l) => l[4] === 'totalCoveredEmployees')![5]).toBe(String(json.sectionII.totalCoveredEmployees));
  });
});

describe('GET /api/v2/reports/mis: bad input', () => {
  it('400 with a pointer for a bad year, agency or format, and for a missing one', async () => {
    const t = await token();
    expectError(await mis(acmeQuery({ year: '1999' }), t), 400, 'tooSmall', '/year');
    expectError(await mis(acmeQuery({ year: 'soon' }), t), 400, 'invalidType', '/year');
    expectError(await mis(acmeQuery({ agency: 'NASA' }), t), 400, 'invalidValue', '/agency');
    expectError(await mis(acmeQuery({ format: 'xlsx' }), t), 400, 'invalidValue', '/format');
    expectError(await mis({ year: String(YEAR), agency: 'FMCSA' }, t), 400, 'required', '/companyId');
  });

  it('404 at /companyId for a company unknown, of another tenant, or not linked to the token', async () => {
    const missing = await mis(acmeQuery({ companyId: 'no-such-company' }), await token());
    expectError(missing, 404, 'notFound', '/companyId');
    const foreign = await mis(acmeQuery(), await token({ tenant: 'northwind' }));
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ ...missing.body, errors: foreign.body.errors });
    const unlinked = await mis(acmeQuery(), await token({ companies: [DEMO.acme.companies.secondary] }));
    expectError(unlinked, 404, 'notFound', '/companyId');
  });

  it('403 without report.read', async () => {
    expectError(await mis(acmeQuery(), await token({ scopes: SCOPES.filter((s) => s !== 'report.read') })), 403, 'insufficientScope');
  });
});

// ---------------------------------------------------------------------------------------------
// The ORACLE. The roster goes in through the roster import, the orders through create-order, each
// result through the service events operation (`result` checked against its status) and the
// employer's cancellations through the order's cancellation. Two shortcuts in SQL: the collection
// is dated across the year (a row of the status history; the operations date events now), and a
// verified positive without its drugs, which the events operation refuses, is written directly
// (older rows and imports can hold one). Every expected cell is counted here from what was
// generated, by the form's rules, without the report's code.
// ---------------------------------------------------------------------------------------------

type Cells = Record<string, number>;
/** `input`: the service event's `result` (none when undefined); `via`: how it is recorded. */
interface Case { status: string; input?: Record<string, unknown>; via?: 'cancelOrder' | 'sql'; columns: string[]; unplaced?: 'notFinal' | 'resultWithoutDetails'; noTest?: boolean }
const DRUG_CASES: Record<string, Case> = {
  negative: { status: 'negative', columns: ['totalResults', 'verifiedNegative'] },
  marijuana: { status: 'nonNegative', input: { positiveFor: ['marijuana'] }, columns: ['totalResults', 'verifiedPositive', 'marijuana'] },
  cocaineAndOpioids: { status: 'nonNegative', input: { positiveFor: ['cocaine', 'opioids'] }, columns: ['totalResults', 'verifiedPositive', 'cocaine', 'opioids'] },
  amphetamines: { status: 'nonNegative', input: { positiveFor: ['amphetamines'] }, columns: ['totalResults', 'verifiedPositive', 'amphetamines'] },
  pcp: { status: 'nonNegative', input: { positiveFor: ['pcp'] }, columns: ['totalResults', 'verifiedPositive', 'pcp'] },
  fentanylOnly: { status: 'nonNegative', input: { positiveFor: ['fentanyl'] }, columns: ['totalResults', 'verifiedPositive'] },
  // A positive the MRO later cancelled (the split did not reconfirm): cancelled, and only that.
  positiveLaterCancelled: { status: 'cancelled', input: { cancellation: { by: 'mro', reason: 'The split specimen did not reconfirm the positive.' } }, columns: ['cancelled'] },
  adulterated: { status: 'adulterated', input: { refusal: { kind: 'adulterated' } }, columns: ['totalResults', 'refusalAdulterated'] },
  substituted: { status: 'adulterated', input: { refusal: { kind: 'substituted' } }, columns: ['totalResults', 'refusalSubstituted'] },
  shyBladder: { status: 'incomplete_shyBladder', input: { refusal: { kind: 'shyBladder' } }, columns: ['totalResults', 'refusalShyBladder'] },
  refusalWithoutSpecimen: { status: 'incomplete_refusalToTest', input: { refusal: { kind: 'other' } }, columns: ['totalResults', 'refusalOther'] },
  employerCancelled: { status: 'cancelled', via: 'cancelOrder', columns: [], noTest: true },
  open: { status: 'pending_atTheLab', columns: [], unplaced: 'notFinal' },
  positiveWithoutDetails: { status: 'nonNegative', via: 'sql', columns: [], unplaced: 'resultWithoutDetails' },
};
const ALCOHOL_CASES: Record<string, Case> = {
  zero: { status: 'negative', input: { alcohol: { screening: 0 } }, columns: ['screeningTests', 'screeningBelow002'] },
  low: { status: 'negative', input: { alcohol: { screening: 0.015 } }, columns: ['screeningTests', 'screeningBelow002'] },
  confirmedBelow: { status: 'negative', input: { alcohol: { screening: 0.021, confirmation: 0.012 } }, columns: ['screeningTests', 'screening002OrGreater', 'confirmationTests'] },
  confirmed002: { status: 'nonNegative', input: { alcohol: { screening: 0.031, confirmation: 0.028 } }, columns: ['screeningTests', 'screening002OrGreater', 'confirmationTests', 'confirmation002To0039'] },
  confirmed004: { status: 'nonNegative', input: { alcohol: { screening: 0.062, confirmation: 0.058 } }, columns: ['screeningTests', 'screening002OrGreater', 'confirmationTests', 'confirmation004OrGreater'] },
  shyLung: { status: 'incomplete_shyLung', input: { refusal: { kind: 'shyLung' } }, columns: ['refusalShyLung'] },
  refusal: { status: 'incomplete_refusalToTest', input: { refusal: { kind: 'other' } }, columns: ['refusalOther'] },
  cancelled: { status: 'cancelled', input: { cancellation: { by: 'mro', reason: 'Fatal flaw: the EBT failed its check.' } }, columns: ['cancelled'] },
  employerCancelled: { status: 'cancelled', via: 'cancelOrder', columns: [], noTest: true },
};

/** A small deterministic PRNG (mulberry32): the same year every run. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('GET /api/v2/reports/mis: the ORACLE (a year of generated orders, every cell counted independently)', () => {
  const rnd = prng(20261128);
  const pick = <T,>(items: readonly T[]) => items[Math.floor(rnd() * items.length)];
  const address = { line1: '500 Commerce St', city: 'Fort Worth', state: 'TX', postalCode: '76102', country: 'US' };
  let admin: string;
  let companyId: string;
  let otherCompanyId: string;
  const expected = { drug: {} as Record<string, Cells>, alcohol: {} as Record<string, Cells> };
  const expectedUnplaced: string[] = [];
  let expectedCovered = 0;

  beforeAll(async () => {
    const tenant = await createTestTenant();
    await addStandardCatalog(db(), tenant.id);
    admin = (await createToken(db(), { tenantId: tenant.id, name: 'mis oracle', scopes: 'all', companyIds: 'all' })).token;
    const made = async (path: string, body: unknown) => {
      const res = await call('POST', path, { token: admin, body });
      if (res.status !== 201) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
      return res.body.id as string;
    };
    const services = rowsOf<{ id: string }>(
      await db().execute(sql`select id from services where tenant_id = ${tenant.id} and name in ('DOT 5-Panel Urine Drug Screen', 'DOT Breath Alcohol Test') order by name desc`),
    );
    const setup = async (name: string) => {
      const company = await made('/api/v2/companies', { name, address });
      const location = await made('/api/v2/locations', { company: { id: company }, name: `${name} yard`, address });
      const pkg = await made('/api/v2/packages', { name: 'DOT Drug & Alcohol', company: { id: company }, services: services.map((s) => ({ id: s.id })) });
      return { company, location, pkg };
    };
    const [c, d] = [await setup('Oracle Freight'), await setup('Other Freight')];
    companyId = c.company;
    otherCompanyId = d.company;

    // The roster: 280 FMCSA drivers (20 of whom leave after their pre-employment test), 10 FAA, 10 non-DOT; 20 drivers of another company.
    const header = 'externalId,companyId,locationId,firstName,middleName,lastName,birthDate,email,phone,agency,jobCategory,cdlNumber,cdlState,status';
    const line = (n: number, company: string, location: string, agency: string, category: string) =>
      `E${n},${company},${location},Pat,,Driver${n},1985-03-0${1 + (n % 9)},pat${n}@oracle.test,,${agency},${category},${agency === 'FMCSA' ? `D${String(1000000 + n)},TX` : ','},active`;
    const lines = [
      ...Array.from({ length: 280 }, (_, i) => line(i, c.company, c.location, 'FMCSA', 'cdlDriver')),
      ...Array.from({ length: 10 }, (_, i) => line(280 + i, c.company, c.location, 'FAA', 'flightCrewMember')),
      ...Array.from({ length: 10 }, (_, i) => line(290 + i, c.company, c.location, '', '')),
      ...Array.from({ length: 20 }, (_, i) => line(300 + i, d.company, d.location, 'FMCSA', 'cdlDriver')),
    ];
    const imported = await call('POST', '/api/v2/employees/imports', { token: admin, body: new Blob([[header, ...lines].join('\n')], { type: 'text/csv' }), query: { dryRun: 'false' } });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.inserted).toBe(320);
    const roster = rowsOf<{ id: string; external_id: string }>(await db().execute(sql`select id, external_id from employees where tenant_id = ${tenant.id}`));
    const byExternal = new Map(roster.map((e) => [e.external_id, e.id]));
    const drivers = Array.from({ length: 280 }, (_, i) => byExternal.get(`E${i}`)!);
    const leavers = drivers.slice(260);

    const now = Date.now();
    const yearStart = Date.UTC(YEAR, 0, 1);
    const dayIn = () => new Date(yearStart + Math.floor(rnd() * Math.max(1, (now - yearStart) / 86400_000 - 3)) * 86400_000 + 10 * 3600_000);
    const REASONS = ['preEmployment', 'preEmployment', 'random', 'random', 'random', 'postAccident', 'reasonableSuspicion', 'returnToDuty', 'followUp', 'followUp', 'blindSample', 'other'] as const;
    const incidentFor = (reason: string) => (reason === 'postAccident' || reason === 'reasonableSuspicion' ? { incident: { occurredAt: new Date(now - 3600_000).toISOString() } } : {});

    /** `counted: false`: the drug test is a negative-dilute its recollection replaces. */
    interface Planned { employee: string; reason: string; drug: Case; alcohol: Case; at: Date; drawn: boolean; company: typeof c; counted: boolean; excluded?: boolean }
    const plans: Planned[] = [];
    for (let i = 0; i < 340; i++) {
      const reason = pick(REASONS);
      // Leavers had only their pre-employment test (counted though they were not hired).
      const employee = reason === 'preEmployment' && i % 4 === 0 ? pick(leavers) : pick(drivers.slice(0, 260));
      let [drug, alcohol] = [DRUG_CASES[pick(Object.keys(DRUG_CASES))], ALCOHOL_CASES[pick(Object.keys(ALCOHOL_CASES))]];
      // The employer cancels an order, not a test: both of its services.
      if (drug.via === 'cancelOrder' || alcohol.via === 'cancelOrder') [drug, alcohol] = [DRUG_CASES.employerCancelled, ALCOHOL_CASES.employerCancelled];
      plans.push({ employee, reason, drug, alcohol, at: dayIn(), drawn: rnd() < 0.6, company: c, counted: true });
    }
    // Negative-dilutes followed by a recollection: the first does not count, the recollection does.
    for (let i = 0; i < 12; i++) {
      const employee = drivers[i * 7];
      const reason = pick(['preEmployment', 'returnToDuty', 'followUp'] as const);
      const at = dayIn();
      const dilute: Case = { status: 'negative_negativeDilute', input: { recollection: 'observed' }, columns: ['totalResults', 'verifiedNegative'] };
      plans.push({ employee, reason, drug: dilute, alcohol: ALCOHOL_CASES.zero, at, drawn: false, company: c, counted: false });
      plans.push({ employee, reason, drug: DRUG_CASES.negative, alcohol: ALCOHOL_CASES.zero, at: new Date(at.getTime() + 3600_000), drawn: false, company: c, counted: true });
    }
    // Outside the report: last year's tests, and the other company's.
    for (let i = 0; i < 15; i++)
      plans.push({ employee: pick(drivers.slice(0, 260)), reason: 'preEmployment', drug: DRUG_CASES.marijuana, alcohol: ALCOHOL_CASES.zero, at: new Date(Date.UTC(YEAR - 1, 5, 1 + i)), drawn: false, company: c, counted: false, excluded: true });
    for (let i = 0; i < 10; i++)
      plans.push({ employee: byExternal.get(`E${300 + i}`)!, reason: 'preEmployment', drug: DRUG_CASES.negative, alcohol: ALCOHOL_CASES.zero, at: dayIn(), drawn: false, company: d, counted: false, excluded: true });

    // Create the orders through the API, a few at a time.
    const orderIds: string[] = [];
    for (let i = 0; i < plans.length; i += 8) {
      const batch = plans.slice(i, i + 8);
      const created = await Promise.all(
        batch.map((p) =>
          call('POST', '/api/v2/orders', {
            token: admin,
            body: {
              employee: { id: p.employee }, location: { id: p.company.location }, package: { id: p.company.pkg }, deliveryMethods: [{ type: 'none' }],
              requester: { email: 'safety@oracle.test' }, settings: {}, orderMatching: { enabled: false }, testReason: p.reason,
              ...(p.reason === 'other' ? { otherTestReason: 'Fleet audit' } : {}), ...incidentFor(p.reason),
            },
          }),
        ),
      );
      for (const res of created) {
        if (res.status !== 201) throw new Error(JSON.stringify(res.body));
        orderIds.push(res.body.id);
      }
    }
    for (const leaver of leavers) expect((await call('PATCH', `/api/v2/employees/${leaver}`, { token: admin, body: { status: 'inactive' } })).status).toBe(200);

    // The results, and a draw for the random tests it selected.
    const [pool] = rowsOf<{ id: string }>(
      await db().execute(sql`insert into random_pools (id, tenant_id, name, kind, agency_ids, company_ids, drug_rate, alcohol_rate, frequency)
        values (${`pool-${tenant.id}`}, ${tenant.id}, 'Drivers', 'dot', '{}'::text[], ARRAY[${companyId}]::text[], 0.5, 0.1, 'quarterly') returning id`),
    );
    const drawId = `draw-${tenant.id}`;
    await db().execute(sql`insert into random_draws (id, tenant_id, pool_id, period, period_start, period_end, drawn_at, drawn_by, pool_size, mean_pool_size, required, selected_counts, drug_rate, alcohol_rate, seed_hex, commitment, pool_hash, algorithm, snapshot, ranking)
      values (${drawId}, ${tenant.id}, ${pool.id}, ${`${YEAR}-Q1`}, ${`${YEAR}-01-01`}, ${`${YEAR}-03-31`}, now(), ${JSON.stringify({ type: 'system', id: null, name: 'oracle' })}::jsonb, 260, 260,
        '{"drug":130,"alcohol":26}'::jsonb, '{"drug":0,"alcohol":0}'::jsonb, 0.5, 0.1, ${'0'.repeat(64)}, ${'0'.repeat(64)}, ${'0'.repeat(64)}, 'sha256-rank-v1', '[]'::jsonb, '{"drug":[],"alcohol":[]}'::jsonb)`);
    let rank = 0;
    const record = async (i: number, p: (typeof plans)[number]) => {
      const orderId = orderIds[i];
      if (p.drug.via === 'cancelOrder') {
        const res = await call('PUT', `/api/v2/orders/${orderId}/cancellation`, { token: admin, body: {} });
        if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      }
      const services = rowsOf<{ id: string; type: string }>(await db().execute(sql`select id, type from order_services where order_id = ${orderId} order by position`));
      for (const s of services) {
        const kase = s.type === 'breathAlcoholTest' ? p.alcohol : p.drug;
        if (kase.via === 'sql') await db().execute(sql`update order_services set status = ${kase.status}, result = null where id = ${s.id}`);
        else if (!kase.via) {
          const res = await call('POST', `/api/v2/orders/${orderId}/services/${s.id}/events`, { token: admin, body: { status: kase.status, ...(kase.input ? { result: kase.input } : {}) } });
          if (res.status !== 200) throw new Error(`${kase.status} ${JSON.stringify(kase.input)}: ${JSON.stringify(res.body)}`);
        }
        // Dated across the year: the collection in the status history, the result a day later.
        await db().execute(sql`update order_services set status_updated_at = ${new Date(p.at.getTime() + 86400_000).toISOString()} where id = ${s.id}`);
        await db().execute(sql`insert into order_service_status_history (id, order_service_id, status, group_type, occurred_at) values (${`h-${s.id}`}, ${s.id}, 'pending_collectionCompleted', 'pending', ${p.at.toISOString()})`);
      }
    };
    for (let i = 0; i < plans.length; i += 8) await Promise.all(plans.slice(i, i + 8).map((p, k) => record(i + k, p)));
    for (const [i, p] of plans.entries()) {
      if (p.reason === 'random' && p.drawn)
        await db().execute(sql`insert into random_selections (id, tenant_id, draw_id, employee_id, company_id, kind, rank, status, notify_on, order_id)
          values (${`sel-${orderIds[i]}`}, ${tenant.id}, ${drawId}, ${p.employee}, ${companyId}, 'drug', ${++rank}, 'ordered', ${`${YEAR}-01-02`}, ${orderIds[i]})`);
    }

    // The expected report, by the form's rules.
    const zero = (columns: readonly { name: string }[]) => Object.fromEntries(columns.map((x) => [x.name, 0]));
    for (const row of [...MIS_ROWS.map((r) => r.name), 'total']) {
      expected.drug[row] = zero(DRUG_COLUMNS);
      expected.alcohol[row] = zero(ALCOHOL_COLUMNS);
    }
    const ON_FORM = new Set(MIS_ROWS.map((r) => r.name as string));
    for (const [i, p] of plans.entries()) {
      if (p.excluded || p.reason === 'blindSample') continue; // not in the year or the company; blind specimens never count
      for (const [kind, kase] of [['drug', p.drug], ['alcohol', p.alcohol]] as const) {
        if (kase.noTest) continue;
        const miss = (reason: string) => expectedUnplaced.push(`${orderIds[i]}/${kind}/${reason}`);
        if (kase.unplaced === 'notFinal') miss('notFinal');
        else if (!ON_FORM.has(p.reason)) miss('testReasonNotOnForm');
        else if (p.reason === 'random' && !p.drawn) miss('randomWithoutDraw');
        else if (kase.unplaced) miss(kase.unplaced);
        // A dilute's recollection replaces its drug test only: the breath test beside it counts.
        else if (p.counted || kind === 'alcohol')
          for (const col of kase.columns) {
            expected[kind][p.reason][col]++;
            expected[kind].total[col]++;
          }
      }
    }
    // Active on 31 December: the 260 drivers who stayed (the leavers' activeTo is today).
    expectedCovered = 260 + (new Date().toISOString().slice(5, 10) === '12-31' ? 20 : 0);
  }, 300_000);

  it('every cell of Sections III and IV equals the independent count', async () => {
    const res = await mis({ year: String(YEAR), agency: 'FMCSA', companyId }, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.categories).toHaveLength(1);
    const [driver] = res.body.categories;
    expect(driver.drug).toEqual(expected.drug);
    expect(driver.alcohol).toEqual(expected.alcohol);
    // The year has something in every kind of cell the generator makes.
    expect(expected.drug.total.cancelled).toBeGreaterThan(0);
    expect(expected.drug.total.refusalShyBladder).toBeGreaterThan(0);
    expect(expected.alcohol.total.confirmation004OrGreater).toBeGreaterThan(0);
  });

  it('Section II counts the drivers active on 31 December, not the leavers, the FAA crew or the non-DOT staff', async () => {
    const r = (await mis({ year: String(YEAR), agency: 'FMCSA', companyId }, admin)).body;
    expect(r.sectionII).toEqual({ totalCoveredEmployees: expectedCovered, categoryCount: 1, categories: [{ code: 'driver', name: 'Driver (CDL)', jobCategoryId: null, coveredEmployees: expectedCovered }] });
    expect(r.categories[0].coveredEmployees).toBe(expectedCovered);
  });

  it('lists exactly what it could not place: tests not final, reasons not on the form, random tests without a draw, positives without their drugs', async () => {
    const r = (await mis({ year: String(YEAR), agency: 'FMCSA', companyId }, admin)).body;
    const got = r.unplaced.map((u) => `${u.id}/${u.test}/${u.reason}`).sort();
    expect(got).toEqual([...expectedUnplaced].sort());
  });

  it('the other company\'s report holds only its own tests and drivers', async () => {
    const r = (await mis({ year: String(YEAR), agency: 'FMCSA', companyId: otherCompanyId }, admin)).body;
    expect(r.sectionII.totalCoveredEmployees).toBe(20);
    expect(r.categories[0].drug.preEmployment).toMatchObject({ totalResults: 10, verifiedNegative: 10 });
    expect(r.categories[0].drug.total.totalResults).toBe(10);
  });

  it('another year holds none of this year\'s tests; FAA\'s report has its crew category and no drivers', async () => {
    const before = (await mis({ year: String(YEAR - 1), agency: 'FMCSA', companyId }, admin)).body;
    expect(before.categories[0].drug.preEmployment).toMatchObject({ totalResults: 15, verifiedPositive: 15, marijuana: 15 });
    expect(before.categories[0].drug.total.totalResults).toBe(15);
    const faa = (await mis({ year: String(YEAR), agency: 'FAA', companyId }, admin)).body;
    expect(faa.sectionII.categories).toEqual([expect.objectContaining({ code: 'flightCrewMember', coveredEmployees: 10 })]);
    expect(faa.categories[0].drug.total.totalResults).toBe(0);
  });
});
