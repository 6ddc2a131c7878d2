/**
 * The clinic import of the API and the dashboard (issue 29): POST /api/v2/clinics/imports with a
 * CSV body, a dry run's report by line, the apply, the file's errors, who may import, and the
 * template built from the importer's columns. Each test imports into a tenant of its own, so Acme's
 * clinic network, which other files search, stays as seeded.
 */
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, clinics, clinicServices, services } from '@/lib/db/schema';
import { createToken } from '@/lib/domain/api-tokens/tokens';
import { CLINIC_COLUMNS } from '@/lib/domain/clinics/import-clinics';
import { MAX_CLINIC_IMPORT_BYTES } from '@/lib/domain/clinics/import-schemas';
import { ROLE_SCOPES, SCOPES } from '@/lib/domain/scopes';
import { DEMO } from '@/lib/seed';
import { addStandardCatalog } from '@/lib/seed/catalog';
import { createTestTenant } from './admins';
import { call, db, expectError, get, token, withTestDatabase } from './harness';
import { clinicFile } from './samples/clinic-network';

withTestDatabase();

const HEADER = CLINIC_COLUMNS.join(',');
/** A line of every column: externalId, name, city, state, ZIP and services; the rest empty. */
const line = (externalId: string, name: string, zip: string, servicesText = 'dotUrine:55', state = 'TX') =>
  `${externalId},${name},,,,Austin,${state},${zip},,,,,${servicesText},,,`;

/** A tenant of its own with the standard catalog, and an admin token of it (every scope, every company). */
async function tenantWithToken() {
  const tenant = await createTestTenant();
  await addStandardCatalog(db(), tenant.id);
  const { token: bearer } = await createToken(db(), { tenantId: tenant.id, name: 'clinic import', scopes: 'all', companyIds: 'all' });
  return { tenantId: tenant.id, bearer };
}

const upload = (bearer: string, body: Blob | undefined, query: Record<string, string> = { dryRun: 'true' }, headers?: Record<string, string>) =>
  call('POST', '/api/v2/clinics/imports', { token: bearer, body, query, headers });

const clinicsOf = (tenantId: string) =>
  db().select({ externalId: clinics.externalId, name: clinics.name, postalCode: clinics.postalCode, lat: clinics.lat }).from(clinics).where(eq(clinics.tenantId, tenantId)).orderBy(asc(clinics.externalId));

describe('POST /api/v2/clinics/imports', () => {
  let own: { tenantId: string; bearer: string };
  beforeAll(async () => {
    own = await tenantWithToken();
  });

  it('a dry run reports each line (inserted, or rejected with why) and writes nothing', async () => {
    const file = clinicFile(
      line('c-1', 'Downtown Clinic', '78701'),
      line('c-2', 'Bad State Clinic', '78701', 'dotUrine:55', 'XX'),
      line('c-3', 'Unknown Service Clinic', '78702', 'massage:20'),
      line('c-1', 'Downtown Again', '78701'),
      'c-5,Too Few Fields',
    );
    const res = await upload(own.bearer, file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      object: 'clinicImport',
      dryRun: true,
      applied: false,
      inserted: 1,
      updated: 0,
      unchanged: 0,
      rejected: 4,
      lines: [
        { line: 2, outcome: 'inserted', externalId: 'c-1' },
        { line: 3, outcome: 'rejected', externalId: 'c-2', message: 'state "XX" is not a US state code (TX, NY...).' },
        { line: 4, outcome: 'rejected', externalId: 'c-3', message: 'services: "massage" is neither the id nor the externalId of a service of this tenant.' },
        { line: 5, outcome: 'rejected', externalId: 'c-1', message: 'externalId "c-1" is already on line 2.' },
        { line: 6, outcome: 'rejected', externalId: '', message: `The line has 2 fields; the header has ${CLINIC_COLUMNS.length}.` },
      ],
      linesNotListed: 0,
    });
    expect(await clinicsOf(own.tenantId)).toEqual([]);
  });

  it('applies a file: the clinics, their services and one audit entry; a re-import reports updated and unchanged lines', async () => {
    const { tenantId, bearer } = await tenantWithToken();
    const file = clinicFile(line('c-1', 'Downtown Clinic', '78701', 'dotUrine:55;nonDotUrine:48.50'), line('c-2', 'East Clinic', '78702'));
    const dry = await upload(bearer, file);
    expect(dry.body).toMatchObject({ dryRun: true, applied: false, inserted: 2, rejected: 0 });
    expect(await clinicsOf(tenantId)).toEqual([]);

    const applied = await upload(bearer, file, { dryRun: 'false' });
    expect(applied.status).toBe(200);
    expect(applied.body).toEqual({
      object: 'clinicImport',
      dryRun: false,
      applied: true,
      inserted: 2,
      updated: 0,
      unchanged: 0,
      rejected: 0,
      lines: [
        { line: 2, outcome: 'inserted', externalId: 'c-1' },
        { line: 3, outcome: 'inserted', externalId: 'c-2' },
      ],
      linesNotListed: 0,
    });
    const stored = await clinicsOf(tenantId);
    expect(stored.map((c) => [c.externalId, c.name, c.postalCode])).toEqual([
      ['c-1', 'Downtown Clinic', '78701'],
      ['c-2', 'East Clinic', '78702'],
    ]);
    // Positioned from the ZIP code (offline geocoding): searchable near it at once.
    for (const c of stored) expect(c.lat).toBeCloseTo(30.27, 0);
    const offered = await db()
      .select({ externalId: services.externalId, priceCents: clinicServices.priceCents })
      .from(clinicServices)
      .innerJoin(services, eq(services.id, clinicServices.serviceId))
      .innerJoin(clinics, eq(clinics.id, clinicServices.clinicId))
      .where(and(eq(clinics.tenantId, tenantId), eq(clinics.externalId, 'c-1')))
      .orderBy(asc(services.externalId));
    expect(offered).toEqual([
      { externalId: 'dotUrine', priceCents: 5500 },
      { externalId: 'nonDotUrine', priceCents: 4850 },
    ]);
    const audit = await db().select().from(auditEvents).where(and(eq(auditEvents.tenantId, tenantId), eq(auditEvents.action, 'clinics.imported')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorType: 'token', subjectType: 'tenant', subjectId: tenantId, data: { inserted: 2, updated: 0, unchanged: 0 } });

    const again = await upload(bearer, clinicFile(line('c-1', 'Downtown Clinic', '78701', 'dotUrine:55;nonDotUrine:48.50'), line('c-2', 'East Side Clinic', '78702')));
    expect(again.body).toMatchObject({
      inserted: 0,
      updated: 1,
      unchanged: 1,
      rejected: 0,
      lines: [
        { line: 2, outcome: 'unchanged', externalId: 'c-1' },
        { line: 3, outcome: 'updated', externalId: 'c-2' },
      ],
    });
    // Only the apply left an audit entry.
    expect(await db().select().from(auditEvents).where(and(eq(auditEvents.tenantId, tenantId), eq(auditEvents.action, 'clinics.imported')))).toHaveLength(1);
  });

  it('an apply with a rejected line writes nothing (applied: false) and reports what the valid lines would do', async () => {
    const { tenantId, bearer } = await tenantWithToken();
    const res = await upload(bearer, clinicFile(line('c-1', 'Downtown Clinic', '78701'), line('c-2', 'Nowhere Clinic', '00000')), { dryRun: 'false' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      dryRun: false,
      applied: false,
      inserted: 1,
      rejected: 1,
      lines: [
        { line: 2, outcome: 'inserted', externalId: 'c-1' },
        { line: 3, outcome: 'rejected', externalId: 'c-2', message: 'postalCode "00000" is not a known US ZIP code: give lat and long.' },
      ],
    });
    expect(await clinicsOf(tenantId)).toEqual([]);
    expect(await db().select().from(auditEvents).where(and(eq(auditEvents.tenantId, tenantId), eq(auditEvents.action, 'clinics.imported')))).toEqual([]);
  });

  it('400 at /dryRun when it is missing or neither true nor false', async () => {
    const file = clinicFile(line('c-1', 'Downtown Clinic', '78701'));
    expectError(await upload(own.bearer, file, {}), 400, 'required', '/dryRun');
    expectError(await upload(own.bearer, file, { dryRun: 'yes' }), 400, 'invalidValue', '/dryRun');
    expectError(await upload(own.bearer, file, { dryRun: 'true', extra: '1' }), 400, 'unrecognizedKeys', '/extra');
  });

  it('400 for a file that cannot be read: another content type, empty, not UTF-8, a wrong header, broken quoting; nothing written', async () => {
    const { tenantId, bearer } = await tenantWithToken();
    const json = await call('POST', '/api/v2/clinics/imports', { token: bearer, query: { dryRun: 'false' }, body: { externalId: 'c-1' } });
    expect(expectError(json, 400, 'invalidValue').meta).toEqual({ header: 'Content-Type' });
    expectError(await upload(bearer, new Blob([], { type: 'text/csv' }), { dryRun: 'false' }), 400, 'required');
    const latin1 = new Blob([Buffer.from(`${HEADER}\n${line('c-1', 'Cl\u00ednica Central', '78701')}\n`, 'latin1')], { type: 'text/csv' });
    expect(expectError(await upload(bearer, latin1, { dryRun: 'false' }), 400, 'invalidValue').detail).toMatch(/not UTF-8/);
    const header = expectError(await upload(bearer, new Blob(['externalId,name,colour\nc-1,Downtown,red\n'], { type: 'text/csv' }), { dryRun: 'false' }), 400, 'invalidValue');
    expect(header.meta).toEqual({ line: 1 });
    expect(header.detail).toMatch(/^Line 1: Unknown column "colour" in the header/);
    const quoting = expectError(await upload(bearer, clinicFile(line('c-1', 'Downtown Clinic', '78701'), 'c-2,"Unclosed,,,,Austin,TX,78701,,,,,,,,'), { dryRun: 'false' }), 400, 'invalidValue');
    expect(quoting.detail).toMatch(/not valid CSV/);
    expect(await clinicsOf(tenantId)).toEqual([]);
  });

  it(`413 tooBig for a file over ${MAX_CLINIC_IMPORT_BYTES} bytes`, async () => {
    const row = `${line('c-x', 'Padding Clinic', '78701')}\n`;
    const big = new Blob([`${HEADER}\n`, row.repeat(Math.ceil(MAX_CLINIC_IMPORT_BYTES / row.length) + 1)], { type: 'text/csv' });
    expectError(await upload(own.bearer, big), 413, 'tooBig');
  });

  it('403 insufficientScope without clinic.write, and for a principal limited to some companies; clinic.write is the admin role\'s alone', async () => {
    const file = clinicFile(line('c-1', 'Downtown Clinic', '78701'));
    const noScope = await token({ scopes: SCOPES.filter((s) => s !== 'clinic.write') });
    expect(expectError(await upload(noScope, file), 403, 'insufficientScope').meta).toEqual({ requiredScope: 'clinic.write' });
    const limited = await token({ companies: [DEMO.acme.companies.primary] });
    expectError(await upload(limited, file), 403, 'insufficientScope');
    expect(Object.entries(ROLE_SCOPES).filter(([, scopes]) => scopes.includes('clinic.write')).map(([role]) => role)).toEqual(['admin']);
  });

  it('a tenant imports into its own network only: the same externalId in another tenant is a new clinic there, the other untouched', async () => {
    const a = await tenantWithToken();
    const b = await tenantWithToken();
    await upload(b.bearer, clinicFile(line('shared-1', 'B Clinic', '78701')), { dryRun: 'false' });
    const res = await upload(a.bearer, clinicFile(line('shared-1', 'A Clinic', '78702')), { dryRun: 'false' });
    expect(res.body).toMatchObject({ applied: true, inserted: 1, updated: 0, lines: [{ line: 2, outcome: 'inserted', externalId: 'shared-1' }] });
    expect((await clinicsOf(a.tenantId)).map((c) => [c.externalId, c.name])).toEqual([['shared-1', 'A Clinic']]);
    expect((await clinicsOf(b.tenantId)).map((c) => [c.externalId, c.name])).toEqual([['shared-1', 'B Clinic']]);
    // Another tenant's service is unknown to the services column.
    const [bService] = await db().select({ id: services.id }).from(services).where(eq(services.tenantId, b.tenantId)).limit(1);
    const foreign = await upload(a.bearer, clinicFile(line('a-2', 'A Two', '78701', `${bService.id}:10`)));
    expect(foreign.body.lines).toEqual([{ line: 2, outcome: 'rejected', externalId: 'a-2', message: `services: "${bService.id}" is neither the id nor the externalId of a service of this tenant.` }]);
  });
});

describe('GET /api/v2/clinics/imports/template', () => {
  it('the importer\'s columns and one example line, naming the tenant\'s services, which a dry run accepts as a new clinic', async () => {
    const { bearer } = await tenantWithToken();
    const res = await get('/api/v2/clinics/imports/template', { token: bearer });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="clinics-template.csv"');
    const text = (res.body as Buffer).toString('utf8');
    const [header, example, ...rest] = text.split('\r\n');
    expect(header).toBe(CLINIC_COLUMNS.join(','));
    expect(rest).toEqual(['']);
    expect(example.split(',')).toHaveLength(CLINIC_COLUMNS.length);
    expect(example).toContain(',dotUrine:55.00;');
    const dry = await upload(bearer, new Blob([text], { type: 'text/csv' }));
    expect(dry.body).toMatchObject({ inserted: 1, rejected: 0, lines: [{ line: 2, outcome: 'inserted', externalId: 'clinic-0001' }] });
  });

  it('403 without clinic.write', async () => {
    expectError(await get('/api/v2/clinics/imports/template', { token: await token({ scopes: ['clinic.read', 'clinic.search'] }) }), 403, 'insufficientScope');
  });
});
