/** Samples of lib/api/operations/results.ts for the isolation matrix and the fuzz run (see ../operation-samples.ts). */
import { DEMO } from '@/lib/seed';
import { call } from '../harness';
import type { Fixtures, SampleOf } from '../operation-samples';
import { missing } from './ids';
import { orderBody } from '../orders-fixtures';
import { employeeBody } from './employees';

const acme = DEMO.acme;

/** An FMCSA drug order of Acme's primary company. */
export const fmcsaOrderBody = (extra: Record<string, unknown> = {}) => orderBody({ package: { id: acme.packages.dot }, agency: { id: DEMO.agencies.FMCSA }, ...extra });

/** An FMCSA driver of Acme's primary company, with a CDL. */
export const driverBody = (extra: Record<string, unknown> = {}) => employeeBody({ dot: { agency: { id: DEMO.agencies.FMCSA } }, ...extra });

export const samples = {
  // Recording the report again answers the order unchanged, so the sample may run more than once.
  reportToClearinghouse: (f) => ({
    path: `/api/v2/orders/${f.refusalOrderId}/clearinghouse-reports/refusal`,
    missingPath: `/api/v2/orders/${missing}/clearinghouse-reports/refusal`,
    body: {},
    companyScoped: true,
  }),
  // Ordering it again answers the recollection ordered first (200 with matched).
  orderRecollection: (f) => ({
    path: `/api/v2/orders/${f.diluteOrderId}/recollection`,
    missingPath: `/api/v2/orders/${missing}/recollection`,
    body: {},
    companyScoped: true,
  }),
  recordClearinghouseQuery: (f) => ({
    path: `/api/v2/employees/${f.driverId}/clearinghouse-queries`,
    missingPath: `/api/v2/employees/${missing}/clearinghouse-queries`,
    body: { type: 'limited', queriedOn: '2026-01-05', result: 'noInformation' },
    companyScoped: true,
  }),
  clearinghouseQueryFile: () => ({ path: '/api/v2/reports/clearinghouse-queries', query: { due: '30' }, companyScoped: true }),
} satisfies Record<string, SampleOf>;

/** A final FMCSA order with a refusal (an employer's Clearinghouse item), one whose dilute negative directs an observed recollection, and a driver. */
export async function fixtures(t: string, _base: Fixtures): Promise<Record<string, string>> {
  const finalOrder = async (event: Record<string, unknown>) => {
    const created = await call('POST', '/api/v2/orders', { token: t, body: fmcsaOrderBody() });
    if (created.status !== 201) throw new Error(`results: ${JSON.stringify(created.body)}`);
    const moved = await call('POST', `/api/v2/orders/${created.body.id}/services/${created.body.services[0].id}/events`, { token: t, body: event });
    if (moved.status !== 200) throw new Error(`results: ${JSON.stringify(moved.body)}`);
    return created.body.id as string;
  };
  const refusalOrderId = await finalOrder({ status: 'incomplete_refusalToTest', result: { refusal: { kind: 'other' } } });
  const diluteOrderId = await finalOrder({ status: 'negative_negativeDilute', result: { dilute: true, recollection: 'observed' } });
  const driver = await call('POST', '/api/v2/employees', { token: t, body: driverBody({ firstName: 'Query' }) });
  if (driver.status !== 201) throw new Error(`results: ${JSON.stringify(driver.body)}`);
  return { refusalOrderId, diluteOrderId, driverId: driver.body.id };
}
