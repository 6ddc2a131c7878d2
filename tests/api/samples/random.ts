/** Samples of lib/api/operations/random.ts for the isolation matrix and the fuzz run (see ../operation-samples.ts). */
import { call } from '../harness';
import type { Fixtures, SampleOf } from '../operation-samples';
import { missing } from './ids';
import { addEmployees, newEmployer, poolBody } from '../random-fixtures';

// Pools belong to an employer of their own (a company of Acme's the samples create): a token linked
// only to Acme's secondary company meets 404, and the draw counts are theirs alone.
const pool = (f: Fixtures, tail = '') => ({ path: `/api/v2/random-pools/${f.randomPoolId}${tail}`, missingPath: `/api/v2/random-pools/${missing}${tail}`, companyScoped: true });
const draw = (f: Fixtures, tail = '') => ({ path: `/api/v2/random-draws/${f.randomDrawId}${tail}`, missingPath: `/api/v2/random-draws/${missing}${tail}`, companyScoped: true });
const selection = (id: string, tail: string) => ({ path: `/api/v2/random-selections/${id}${tail}`, missingPath: `/api/v2/random-selections/${missing}${tail}`, companyScoped: true });

export const samples = {
  listRandomRates: () => ({ path: '/api/v2/random-rates', query: { year: '2026' }, companyScoped: false, global: true }),
  listRandomPools: () => ({ path: '/api/v2/random-pools', companyScoped: true }),
  createRandomPool: (f) => ({
    path: '/api/v2/random-pools',
    body: poolBody({ companyId: f.randomCompanyId, locationId: '', drugPackageId: f.randomDrugPackageId, alcoholPackageId: f.randomAlcoholPackageId, nonDotPackageId: '' }),
    companyScoped: true,
    notFoundPointer: '/companies/0/id',
  }),
  getRandomPool: (f) => pool(f),
  updateRandomPool: (f) => ({ ...pool(f), body: { name: 'Renamed pool' } }),
  getRandomPoolProgress: (f) => pool(f, '/progress'),
  listRandomDraws: (f) => pool(f, '/draws'),
  createRandomDraw: (f) => ({
    path: `/api/v2/random-pools/${f.randomUndrawnPoolId}/draws`,
    missingPath: `/api/v2/random-pools/${missing}/draws`,
    body: { rosterConfirmed: true },
    companyScoped: true,
  }),
  getRandomDraw: (f) => draw(f),
  revealRandomDraw: (f) => draw(f, '/reveal'),
  getRandomDrawVerification: (f) => draw(f, '/verification'),
  getRandomDrawCertificate: (f) => draw(f, '/certificate'),
  getRandomDrawSnapshot: (f) => draw(f, '/snapshot'),
  listRandomDrawSelections: (f) => draw(f, '/selections'),
  orderRandomSelection: (f) => ({ ...selection(f.randomSelectionToOrder, '/order'), body: { deliveryMethods: [{ type: 'none' }], requester: { email: 'manager@acme.test' } } }),
  excuseRandomSelection: (f) => ({ ...selection(f.randomSelectionToExcuse, '/excuse'), body: { reason: 'layoff', note: 'Seasonal layoff through the quarter' } }),
  getEmployeeRandomHistory: (f) => ({
    path: `/api/v2/employees/${f.randomEmployeeId}/random-history`,
    missingPath: `/api/v2/employees/${missing}/random-history`,
    companyScoped: true,
  }),
} satisfies Record<string, SampleOf>;

export async function fixtures(t: string, _base: Fixtures): Promise<Record<string, string>> {
  const employer = await newEmployer(t);
  // 100% of 8 members: every period selects at least 2 of each kind, so one can be ordered and one excused.
  const ids = await addEmployees(employer.companyId, 8, { locationId: employer.locationId, token: t });
  const body = poolBody(employer, { drugRate: 1, alcoholRate: 1 });
  const made = await call('POST', '/api/v2/random-pools', { token: t, body });
  const undrawn = await call('POST', '/api/v2/random-pools', { token: t, body });
  if (made.status !== 201 || undrawn.status !== 201) throw new Error(JSON.stringify([made.body, undrawn.body]));
  const drawn = await call('POST', `/api/v2/random-pools/${made.body.id}/draws`, { token: t, body: { rosterConfirmed: true } });
  if (drawn.status !== 201) throw new Error(JSON.stringify(drawn.body));
  const selections = await call('GET', `/api/v2/random-draws/${drawn.body.id}/selections`, { token: t });
  const drug = selections.body.data.filter((s: { kind: string }) => s.kind === 'drug');
  return {
    randomCompanyId: employer.companyId,
    randomDrugPackageId: employer.drugPackageId,
    randomAlcoholPackageId: employer.alcoholPackageId,
    randomPoolId: made.body.id,
    randomUndrawnPoolId: undrawn.body.id,
    randomDrawId: drawn.body.id,
    randomSelectionToOrder: drug[0].id,
    randomSelectionToExcuse: drug[1].id,
    randomEmployeeId: ids[0],
  };
}
