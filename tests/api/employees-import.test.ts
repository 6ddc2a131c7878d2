/**
 * The roster import (DESIGN.md 7.1): POST /api/v2/employees/imports with a CSV body, upsert by
 * company and externalId, unchanged lines, deactivateMissing, a wrong line named by line and column
 * writing nothing, the dry run, and the template. Each test imports into companies of its own.
 */
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, employees } from '@/lib/db/schema';
import { EMPLOYEE_COLUMNS, MAX_EMPLOYEE_IMPORT_BYTES } from '@/lib/domain/employees/schemas';
import { newId } from '@/lib/ids';
import { DEMO } from '@/lib/seed';
import { jobCategoryId } from '@/lib/seed/reference';
import { call, db, expectError, get, token, withTestDatabase } from './harness';
import { rosterFile } from './samples/employees';

withTestDatabase();

const acme = DEMO.acme;
const address = { line1: '2100 Ross Ave', city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' };
const today = () => new Date().toISOString().slice(0, 10);

async function ownCompany(t: string) {
  const company = await call('POST', '/api/v2/companies', { token: t, body: { name: `Import ${newId().slice(-6)}`, address } });
  const location = await call('POST', '/api/v2/locations', { token: t, body: { company: { id: company.body.id }, name: 'Yard', address } });
  return { companyId: company.body.id as string, locationId: location.body.id as string };
}

type Line = Partial<Record<(typeof EMPLOYEE_COLUMNS)[number], string>>;
/** One line of the file in the columns' order; unnamed columns empty. */
const line = (fields: Line) => EMPLOYEE_COLUMNS.map((c) => fields[c] ?? '').join(',');

const upload = (t: string, file: Blob, query: Record<string, string> = { dryRun: 'false' }) => call('POST', '/api/v2/employees/imports', { token: t, body: file, query });

const rosterOf = (companyId: string) =>
  db()
    .select({ externalId: employees.externalId, firstName: employees.firstName, lastName: employees.lastName, status: employees.status, activeTo: employees.activeTo, agencyId: employees.agencyId, jobCategoryId: employees.jobCategoryId, cdlLast4: employees.cdlLast4, locationId: employees.locationId })
    .from(employees)
    .where(eq(employees.companyId, companyId))
    .orderBy(asc(employees.externalId));

describe('POST /api/v2/employees/imports', () => {
  it('inserts, then updates and leaves unchanged lines alone (upsert by company and externalId); agency and job category by code or id', async () => {
    const t = await token();
    const { companyId, locationId } = await ownCompany(t);
    const first = rosterFile(
      line({ externalId: 'A-1', companyId, locationId, firstName: 'Ann', lastName: 'Lee', agency: 'fmcsa', cdlNumber: 'L1234567', cdlState: 'tx' }),
      line({ externalId: 'A-2', companyId, firstName: 'Ben', lastName: 'Ortiz', agency: DEMO.agencies.FAA, jobCategory: 'flightCrewMember' }),
      line({ externalId: 'A-3', companyId, firstName: 'Cy', lastName: 'Park', birthDate: '1990-05-01', email: 'cy@example.com', phone: '+12145550177' }),
    );
    const res = await upload(t, first);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ object: 'employeeImport', dryRun: false, applied: true, inserted: 3, updated: 0, unchanged: 0, deactivated: 0, errors: [], errorsNotListed: 0 });
    expect(await rosterOf(companyId)).toEqual([
      { externalId: 'A-1', firstName: 'Ann', lastName: 'Lee', status: 'active', activeTo: null, agencyId: DEMO.agencies.FMCSA, jobCategoryId: null, cdlLast4: '4567', locationId },
      { externalId: 'A-2', firstName: 'Ben', lastName: 'Ortiz', status: 'active', activeTo: null, agencyId: DEMO.agencies.FAA, jobCategoryId: jobCategoryId('FAA', 'flightCrewMember'), cdlLast4: null, locationId: null },
      { externalId: 'A-3', firstName: 'Cy', lastName: 'Park', status: 'active', activeTo: null, agencyId: null, jobCategoryId: null, cdlLast4: null, locationId: null },
    ]);
    const listed = await get('/api/v2/employees', { token: t, query: { companyId, search: 'A-1' } });
    expect(listed.body.data[0]).toMatchObject({ cdl: { number: 'L1234567', state: 'TX' }, activeFrom: today(), dot: { agency: { code: 'FMCSA' } } });

    const second = rosterFile(
      line({ externalId: 'A-1', companyId, locationId, firstName: 'Ann', lastName: 'Lee', agency: 'FMCSA', cdlNumber: 'L1234567', cdlState: 'TX' }),
      line({ externalId: 'A-2', companyId, firstName: 'Ben', lastName: 'Ortiz-Diaz', agency: 'FAA', jobCategory: 'flightCrewMember', status: 'inactive' }),
      line({ externalId: 'A-3', companyId, firstName: 'Cy', lastName: 'Park', birthDate: '1990-05-01', email: 'cy@example.com', phone: '+12145550177' }),
    );
    const again = await upload(t, second);
    expect(again.body).toMatchObject({ applied: true, inserted: 0, updated: 1, unchanged: 2, deactivated: 0, errors: [] });
    expect((await rosterOf(companyId))[1]).toMatchObject({ lastName: 'Ortiz-Diaz', status: 'inactive', activeTo: today() });
    const entries = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectType, 'tenant'), eq(auditEvents.action, 'employees.imported'), eq(auditEvents.tenantId, DEMO.tenants.acme.id)))
      .orderBy(asc(auditEvents.createdAt));
    expect(entries.filter((e) => (e.data.companyIds as string[]).includes(companyId)).map((e) => e.data)).toEqual([
      { inserted: 3, updated: 0, unchanged: 0, deactivated: 0, companyIds: [companyId] },
      { inserted: 0, updated: 1, unchanged: 2, deactivated: 0, companyIds: [companyId] },
    ]);
  });

  it('deactivateMissing: the active employees of the companies the file names that it does not list become inactive; other companies untouched', async () => {
    const t = await token();
    const a = await ownCompany(t);
    const b = await ownCompany(t);
    await upload(
      t,
      rosterFile(
        line({ externalId: 'K-1', companyId: a.companyId, firstName: 'Kim', lastName: 'One' }),
        line({ externalId: 'K-2', companyId: a.companyId, firstName: 'Kai', lastName: 'Two' }),
        line({ externalId: 'K-3', companyId: b.companyId, firstName: 'Kit', lastName: 'Three' }),
      ),
    );
    const kept = rosterFile(line({ externalId: 'K-1', companyId: a.companyId, firstName: 'Kim', lastName: 'One' }));
    const dry = await upload(t, kept, { dryRun: 'true', deactivateMissing: 'true' });
    expect(dry.body).toMatchObject({ dryRun: true, applied: false, unchanged: 1, deactivated: 1 });
    expect((await rosterOf(a.companyId)).map((e) => e.status)).toEqual(['active', 'active']);
    const res = await upload(t, kept, { dryRun: 'false', deactivateMissing: 'true' });
    expect(res.body).toMatchObject({ applied: true, inserted: 0, updated: 0, unchanged: 1, deactivated: 1 });
    expect((await rosterOf(a.companyId)).map((e) => [e.externalId, e.status, e.activeTo])).toEqual([['K-1', 'active', null], ['K-2', 'inactive', today()]]);
    expect((await rosterOf(b.companyId)).map((e) => e.status)).toEqual(['active']);
    const gone = (await get('/api/v2/employees', { token: t, query: { companyId: a.companyId, search: 'K-2' } })).body.data[0];
    const trail = await db().select().from(auditEvents).where(and(eq(auditEvents.subjectType, 'employee'), eq(auditEvents.subjectId, gone.id)));
    expect(trail.map((e) => e.action)).toEqual(['employee.deactivated']);
  });

  it('a wrong line writes nothing and is named by line and column; the other lines counted as they would be', async () => {
    const t = await token();
    const { companyId } = await ownCompany(t);
    const file = rosterFile(
      line({ externalId: 'W-1', companyId, firstName: 'Val', lastName: 'Id' }),
      line({ externalId: 'W-2', companyId, firstName: 'Bad', lastName: 'Lines', birthDate: '1990-02-30', agency: 'NASA', cdlNumber: 'Q1234567' }),
      line({ externalId: 'W-3', companyId: acme.companies.primary.replace(/.$/, '0'), firstName: 'No', lastName: 'Company', locationId: acme.locations.primary }),
      line({ externalId: 'W-1', companyId, firstName: 'Twice', lastName: 'Listed' }),
      line({ externalId: 'W-5', companyId, firstName: 'Cat', lastName: 'Egory', agency: 'FMCSA', jobCategory: 'flightCrewMember' }),
      'W-6,too,few',
    );
    const res = await upload(t, file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ dryRun: false, applied: false, inserted: 1, updated: 0, unchanged: 0, deactivated: 0, errorsNotListed: 0 });
    expect(res.body.errors).toEqual([
      { line: 3, column: 'birthDate', message: expect.stringContaining('birthDate "1990-02-30"') },
      { line: 3, column: 'agency', message: expect.stringContaining('agency "NASA"') },
      { line: 3, column: 'cdlState', message: 'cdlState is required with a cdlNumber.' },
      { line: 4, column: 'companyId', message: expect.stringContaining('is not a company of yours') },
      { line: 5, column: 'externalId', message: 'externalId "W-1" is already on line 2.' },
      { line: 6, column: 'jobCategory', message: 'jobCategory "flightCrewMember" is not one that FMCSA publishes (its code or id).' },
      { line: 7, column: null, message: 'The line has 3 fields; the header has 14.' },
    ]);
    expect(await rosterOf(companyId)).toEqual([]);
  });

  it('a dry run reports and writes nothing', async () => {
    const t = await token();
    const { companyId } = await ownCompany(t);
    const res = await upload(t, rosterFile(line({ externalId: 'D-1', companyId, firstName: 'Dry', lastName: 'Run' })), { dryRun: 'true' });
    expect(res.body).toMatchObject({ dryRun: true, applied: false, inserted: 1, errors: [] });
    expect(await rosterOf(companyId)).toEqual([]);
  });

  it('a principal limited to some companies imports only for them', async () => {
    const limited = await token({ companies: [acme.companies.secondary] });
    const res = await upload(limited, rosterFile(line({ externalId: `L-${newId().slice(-6)}`, companyId: acme.companies.primary, firstName: 'Not', lastName: 'Mine' })), { dryRun: 'true' });
    expect(res.body.errors).toEqual([{ line: 2, column: 'companyId', message: `companyId "${acme.companies.primary}" is not a company of yours.` }]);
  });

  it('400 for a file that cannot be read (a wrong header, empty) and for the query; 413 above 10 MiB', async () => {
    const t = await token();
    const header = expectError(await upload(t, new Blob(['externalId,companyId,firstName,lastName\nX,Y,A,B\n'], { type: 'text/csv' })), 400, 'invalidValue');
    expect(header.meta).toEqual({ line: 1 });
    expect(header.detail).toMatch(/lacks the columns locationId/);
    expectError(await upload(t, new Blob([], { type: 'text/csv' })), 400, 'required');
    expectError(await upload(t, rosterFile(), {}), 400, 'required', '/dryRun');
    expectError(await upload(t, rosterFile(), { dryRun: 'true', deactivateMissing: 'yes' }), 400, 'invalidValue', '/deactivateMissing');
    expectError(await upload(t, new Blob(['x'.repeat(MAX_EMPLOYEE_IMPORT_BYTES + 1)], { type: 'text/csv' })), 413, 'tooBig');
    expectError(await call('POST', '/api/v2/employees/imports', { token: await token({ scopes: ['employee.read'] }), body: rosterFile(), query: { dryRun: 'true' } }), 403, 'insufficientScope');
  });
});

describe('GET /api/v2/employees/imports/template', () => {
  it('the header of every column and an example line the import accepts', async () => {
    const t = await token();
    const res = await get('/api/v2/employees/imports/template', { token: t });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv');
    const text = (res.body as Buffer).toString('utf8');
    const [head, example] = text.split('\r\n');
    expect(head).toBe(EMPLOYEE_COLUMNS.join(','));
    const check = await upload(t, new Blob([text], { type: 'text/csv' }), { dryRun: 'true' });
    expect(check.body.errors, example).toEqual([]);
  });
});
