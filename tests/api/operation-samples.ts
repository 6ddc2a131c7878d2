/**
 * A valid sample request for every operation of lib/api/operations.ts, on resources of Acme's
 * primary company. The isolation matrix and the fuzz tests run over these; a test fails when an
 * operation has no sample, so a new route cannot escape them.
 */
import { sql } from 'drizzle-orm';
import { operations, type OperationId } from '@/lib/api/operations';
import { rowsOf } from '@/lib/db/client';
import { DEMO } from '@/lib/seed';
import { call, db, token } from './harness';
import { orderBody } from './orders-fixtures';
import * as account from './samples/account';
import * as actions from './samples/actions';
import * as clinicNetwork from './samples/clinic-network';
import * as documents from './samples/documents';
import * as employees from './samples/employees';
import * as events from './samples/events';
import * as followUp from './samples/follow-up';
import * as messages from './samples/messages';
import * as pass from './samples/pass';
import * as random from './samples/random';
import * as results from './samples/results';
import * as reports from './samples/reports';
import * as sandbox from './samples/sandbox';
import * as settings from './samples/settings';
import * as setup from './samples/setup';
import * as webhookEndpoints from './samples/webhook-endpoints';
import { missing } from './samples/ids';

export interface Fixtures {
  orderId: string;
  /** A second order, for the cancellation sample (a cancelled order no longer moves). */
  cancellableOrderId: string;
  serviceId: string;
  deliveryId: string;
  clinicId: string;
  jobCategoryId: string;
  /** Ids the areas' own fixtures add (samples/<area>.ts). */
  [extra: string]: string;
}

export interface Sample {
  /** Path with real ids; `{missing}` variants replace the id with an unknown one. */
  path: string;
  missingPath?: string;
  body?: unknown;
  query?: Record<string, string>;
  /** The resource belongs to a company (not global reference data, not tenant-wide clinics). */
  companyScoped: boolean;
  /** Reference data shared by every tenant. */
  global?: boolean;
  /** A create operation naming no resource (create company): another tenant's token creates in its own tenant, a company-limited one gets 403. */
  tenantWide?: boolean;
  /** A create operation: where a foreign or unlinked token meets 404 notFound (default `/location/id`). */
  notFoundPointer?: string;
  /** A `tenantWide` create: where a company-limited token meets 403 insufficientScope (default: no pointer). */
  forbiddenPointer?: string;
  /**
   * An operation on the caller's tenant itself (the webhook signing secret), sent with the tokens of
   * two tenants of its own instead of Acme's and Northwind's, which other tests use beside it:
   * `bearer` for the sample, `foreign` as "another tenant" (which acts on its own tenant).
   */
  ownTenant?: { bearer: string; foreign: string };
  /** The token the sample request must be sent with (an operation for the principal that made the resource alone); default a fresh admin token. */
  bearer?: string;
  /**
   * An operation of the table's `caller: 'user'` (a signed-in user's own setting): the headers of a
   * dashboard user's request (session cookie, Origin), sent instead of a token.
   */
  asUser?: Record<string, string>;
}

/** How a sample request authenticates: the user's session for a user's own setting, else its own token, its own tenant's or `bearer`. */
export function sampleAuth(sample: Sample, bearer: string): { token?: string; headers?: Record<string, string> } {
  return sample.asUser ? { headers: sample.asUser } : { token: sample.bearer ?? sample.ownTenant?.bearer ?? bearer };
}

export { missing };

const CORE_SAMPLES = {
  listOrders: () => ({ path: '/api/v2/orders', companyScoped: true }),
  createOrder: () => ({ path: '/api/v2/orders', body: orderBody(), companyScoped: true }),
  getOrder: (f) => ({ path: `/api/v2/orders/${f.orderId}`, missingPath: `/api/v2/orders/${missing}`, companyScoped: true }),
  cancelOrder: (f) => ({ path: `/api/v2/orders/${f.cancellableOrderId}/cancellation`, missingPath: `/api/v2/orders/${missing}/cancellation`, body: {}, companyScoped: true }),
  recordServiceEvent: (f) => ({
    path: `/api/v2/orders/${f.orderId}/services/${f.serviceId}/events`,
    missingPath: `/api/v2/orders/${missing}/services/${f.serviceId}/events`,
    body: { status: 'pending_collectionInitiated' },
    companyScoped: true,
  }),
  listCompanies: () => ({ path: '/api/v2/companies', companyScoped: true }),
  getCompany: () => ({ path: `/api/v2/companies/${DEMO.acme.companies.primary}`, missingPath: `/api/v2/companies/${missing}`, companyScoped: true }),
  listLocations: () => ({ path: '/api/v2/locations', companyScoped: true }),
  getLocation: () => ({ path: `/api/v2/locations/${DEMO.acme.locations.primary}`, missingPath: `/api/v2/locations/${missing}`, companyScoped: true }),
  listServices: () => ({ path: '/api/v2/services', companyScoped: true }),
  getService: () => ({ path: `/api/v2/services/${DEMO.acme.services.physical}`, missingPath: `/api/v2/services/${missing}`, companyScoped: true }),
  listPackages: () => ({ path: '/api/v2/packages', companyScoped: true }),
  getPackage: () => ({ path: `/api/v2/packages/${DEMO.acme.packages.dot}`, missingPath: `/api/v2/packages/${missing}`, companyScoped: true }),
  getClinic: (f) => ({ path: `/api/v2/clinics/${f.clinicId}`, missingPath: `/api/v2/clinics/${missing}`, companyScoped: false }),
  searchClinics: () => ({ path: '/api/v2/clinics', query: { near: '75201' }, companyScoped: false }),
  listAgencies: () => ({ path: '/api/v2/agencies', companyScoped: false, global: true }),
  getAgency: () => ({ path: `/api/v2/agencies/${DEMO.agencies.FAA}`, missingPath: `/api/v2/agencies/${missing}`, companyScoped: false, global: true }),
  listJobCategories: () => ({ path: `/api/v2/agencies/${DEMO.agencies.FAA}/jobCategories`, missingPath: `/api/v2/agencies/${missing}/jobCategories`, companyScoped: false, global: true }),
  getJobCategory: (f) => ({
    path: `/api/v2/agencies/${DEMO.agencies.FAA}/jobCategories/${f.jobCategoryId}`,
    missingPath: `/api/v2/agencies/${DEMO.agencies.FAA}/jobCategories/${missing}`,
    companyScoped: false,
    global: true,
  }),
  listWebhookDeliveries: () => ({ path: '/api/v2/webhooks/deliveries', companyScoped: true }),
  redeliverWebhook: (f) => ({ path: `/api/v2/webhooks/deliveries/${f.deliveryId}/redeliver`, missingPath: `/api/v2/webhooks/deliveries/${missing}/redeliver`, companyScoped: true }),
} satisfies Record<string, SampleOf>;

export type SampleOf = (f: Fixtures) => Sample;

/** Every operation's sample: tsc fails when an operation of the table has none. */
export const SAMPLES: Record<OperationId, SampleOf> = {
  ...CORE_SAMPLES,
  ...setup.samples,
  ...messages.samples,
  ...pass.samples,
  ...documents.samples,
  ...settings.samples,
  ...clinicNetwork.samples,
  ...account.samples,
  ...events.samples,
  ...webhookEndpoints.samples,
  ...sandbox.samples,
  ...employees.samples,
  ...random.samples,
  ...followUp.samples,
  ...results.samples,
  ...actions.samples,
  ...reports.samples,
};

/** An order of Acme's primary company with a callback, moved once so that a webhook delivery exists. */
export async function createFixtures(): Promise<Fixtures> {
  const t = await token();
  const created = await call('POST', '/api/v2/orders', { token: t, body: orderBody({ callback: { url: 'http://127.0.0.1:9/hook' } }) });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  const order = created.body;
  await call('POST', `/api/v2/orders/${order.id}/services/${order.services[0].id}/events`, { token: t, body: { status: 'pending_collectionInitiated' } });
  const [delivery] = rowsOf<{ id: string }>(await db().execute(sql`select id from webhook_deliveries where order_id = ${order.id} limit 1`));
  const [clinic] = rowsOf<{ id: string }>(await db().execute(sql`select id from clinics where tenant_id = ${DEMO.tenants.acme.id} order by id limit 1`));
  const [category] = rowsOf<{ id: string }>(await db().execute(sql`select id from job_categories where agency_id = ${DEMO.agencies.FAA} order by id limit 1`));
  const second = await call('POST', '/api/v2/orders', { token: t, body: orderBody() });
  const base: Fixtures = { orderId: order.id, cancellableOrderId: second.body.id, serviceId: order.services[0].id, deliveryId: delivery.id, clinicId: clinic.id, jobCategoryId: category.id };
  for (const area of [setup, messages, pass, documents, settings, clinicNetwork, account, events, webhookEndpoints, sandbox, employees, random, followUp, results, actions, reports]) Object.assign(base, await area.fixtures(t, base));
  return base;
}

export const operationEntries = () => Object.entries(operations) as Array<[OperationId, (typeof operations)[OperationId]]>;
