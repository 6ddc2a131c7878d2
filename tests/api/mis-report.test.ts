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
        expect(c.alcohol[row].screeningTests).toBe(c.alcohol[row].screeningBelow002 + c.alcohol[row].screening002OrGreater);
      }
      for (const col of DRUG_COLUMNS) expect(c.drug.total[col.name]).toBe(MIS_ROWS.reduce((n, row) => n + c.drug[row.name][col.name], 0));
      for (const col of ALCOHOL_COLUMNS) expect(c.alcohol.total[col.name]).toBe(MIS_ROWS.reduce((n, row) => n + c.alcohol[row.name][col.name], 0));
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
    for (const l of alcohol) expect(Number(l[5])).toBe(json.categories[0].alcohol[l[2]][l[4]]);
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
