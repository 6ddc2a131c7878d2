/** The first wave's operations (spec sections 4-5, DESIGN.md section 4). */
import { ListAgenciesQuery, ListJobCategoriesQuery } from '@/lib/domain/agencies';
import { SearchClinicsQuery } from '@/lib/domain/clinics/search';
import { ListCompaniesQuery } from '@/lib/domain/companies';
import { ListLocationsQuery } from '@/lib/domain/locations';
import { MESSAGES_PER_RECIPIENT_PER_HOUR } from '@/lib/domain/outbox/message-limits';
import { CancelOrderBody, CreateOrderBody, ListOrdersQuery, ServiceEventBody } from '@/lib/domain/orders/schemas';
import { ListPackagesQuery } from '@/lib/domain/packages';
import { ListServicesQuery } from '@/lib/domain/services';
import { ListWebhookDeliveriesQuery } from '@/lib/domain/webhooks/schemas';
import * as R from '../representations';
import { ok, type OperationSpec } from './spec';


export const coreOperations = {
  listOrders: {
    method: 'GET', path: '/api/v2/orders', scope: 'order.list', tag: 'orders', summary: 'List orders',
    description: 'Newest first. `participant.identifiers` appear only for tokens with `order.participant.read`.',
    query: ListOrdersQuery, responses: ok(R.pageOf(R.Order, 'Order')), errors: [400],
  },
  createOrder: {
    method: 'POST', path: '/api/v2/orders', scope: 'order.create', tag: 'orders', summary: 'Create an order',
    description:
      'Creates an order (201, with a `Location` header), or returns an equivalent open order with `matched` (200). ' +
      'Send an `Idempotency-Key` header to make retries safe: the same key and body within 24 hours returns the first response; another body gives 409. ' +
      `\`participant.phone\` must be a number of its country's numbering plan (400 \`invalidValue\`). An address gets at most ${MESSAGES_PER_RECIPIENT_PER_HOUR} messages of the tenant an hour: ` +
      'an order that would send one more is 429 `tooManyRequests` at `/participant/email` or `/participant/phone`, with `Retry-After`.',
    body: CreateOrderBody, idempotent: true, created: 'order',
    responses: {
      201: { description: 'Created', schema: R.Order, headers: { Location: 'Path of the new order.' } },
      200: { description: 'An equivalent existing order, with `matched`.', schema: R.Order },
    },
    errors: [400, 404, 409, 413, 422],
  },
  getOrder: {
    method: 'GET', path: '/api/v2/orders/{id}', scope: 'order.read', tag: 'orders', summary: 'Get an order',
    responses: ok(R.Order), errors: [404],
  },
  cancelOrder: {
    method: 'PUT', path: '/api/v2/orders/{id}/cancellation', scope: 'order.cancel', tag: 'orders', summary: 'Cancel an order',
    description: 'Cancels every service except background checks. An already cancelled order answers 200 unchanged. The response never includes participant identifiers.',
    body: CancelOrderBody, bodyOptional: true, responses: ok(R.Order), errors: [400, 404, 422],
  },
  recordServiceEvent: {
    method: 'POST', path: '/api/v2/orders/{id}/services/{serviceId}/events', scope: 'order.service.write', tag: 'orders',
    summary: 'Record a service status event',
    description: 'Moves one service to a new status (collection site, lab or MRO event); the order status is re-derived from its services.',
    body: ServiceEventBody, responses: ok(R.Order), errors: [400, 404, 422],
  },
  listCompanies: {
    method: 'GET', path: '/api/v2/companies', scope: 'company.list', tag: 'companies', summary: 'List companies',
    query: ListCompaniesQuery, responses: ok(R.pageOf(R.Company, 'Company')), errors: [400],
  },
  getCompany: {
    method: 'GET', path: '/api/v2/companies/{id}', scope: 'company.read', tag: 'companies', summary: 'Get a company',
    responses: ok(R.Company), errors: [404],
  },
  listLocations: {
    method: 'GET', path: '/api/v2/locations', scope: 'location.list', tag: 'locations', summary: 'List locations',
    description: 'Active locations under linked companies, ordered by name.',
    query: ListLocationsQuery, responses: ok(R.pageOf(R.Location, 'Location')), errors: [400],
  },
  getLocation: {
    method: 'GET', path: '/api/v2/locations/{id}', scope: 'location.read', tag: 'locations', summary: 'Get a location',
    responses: ok(R.Location), errors: [404],
  },
  listServices: {
    method: 'GET', path: '/api/v2/services', scope: 'service.list', tag: 'services', summary: 'List services',
    description:
      'The services in the packages of the token\'s companies and their locations, by name (spec 4.5). ' +
      '`catalog=true` lists the tenant\'s whole service catalog instead, which packages are built from: it needs `package.write` too (403 `insufficientScope` otherwise).',
    query: ListServicesQuery, responses: ok(R.pageOf(R.Service, 'Service')), errors: [400],
  },
  getService: {
    method: 'GET', path: '/api/v2/services/{id}', scope: 'service.read', tag: 'services', summary: 'Get a service',
    responses: ok(R.Service), errors: [404],
  },
  listPackages: {
    method: 'GET', path: '/api/v2/packages', scope: 'package.list', tag: 'packages', summary: 'List packages',
    description: '`locationId` lists the packages available at a location: its own and its company\'s.',
    query: ListPackagesQuery, responses: ok(R.pageOf(R.Package, 'Package')), errors: [400],
  },
  getPackage: {
    method: 'GET', path: '/api/v2/packages/{id}', scope: 'package.read', tag: 'packages', summary: 'Get a package',
    responses: ok(R.Package), errors: [404],
  },
  getClinic: {
    method: 'GET', path: '/api/v2/clinics/{id}', scope: 'clinic.read', tag: 'clinics', summary: 'Get a clinic',
    responses: ok(R.Clinic), errors: [404],
  },
  searchClinics: {
    method: 'GET', path: '/api/v2/clinics', scope: 'clinic.search', tag: 'clinics', summary: 'Search clinics',
    description:
      'With a position (`lat` and `long`, or `near`: a US ZIP code or "City, ST"): clinics within `radius` miles (default 25, 1 to 500), nearest first, each with `distance.miles`. ' +
      'Without one: clinics by name, without `distance`. Filters: `serviceIds` (the clinic offers all), `packageId` (every service of the package), `name`, `isActive` (default true). ' +
      '`services` lists only the services the token can order.',
    query: SearchClinicsQuery, responses: ok(R.pageOf(R.Clinic, 'Clinic')), errors: [400],
  },
  // -- clinic search operations (issue 5) --
  listAgencies: {
    method: 'GET', path: '/api/v2/agencies', scope: 'agency.list', tag: 'agencies', summary: 'List agencies',
    query: ListAgenciesQuery, responses: ok(R.pageOf(R.Agency, 'Agency')), errors: [400],
  },
  getAgency: {
    method: 'GET', path: '/api/v2/agencies/{id}', scope: 'agency.read', tag: 'agencies', summary: 'Get an agency',
    responses: ok(R.Agency), errors: [404],
  },
  listJobCategories: {
    method: 'GET', path: '/api/v2/agencies/{id}/jobCategories', scope: 'agency.read', tag: 'jobCategories', summary: 'List the job categories of an agency',
    query: ListJobCategoriesQuery, responses: ok(R.pageOf(R.JobCategory, 'JobCategory')), errors: [400, 404],
  },
  getJobCategory: {
    method: 'GET', path: '/api/v2/agencies/{id}/jobCategories/{jobCategoryId}', scope: 'agency.read', tag: 'jobCategories', summary: 'Get a job category',
    responses: ok(R.JobCategory), errors: [404],
  },
  listWebhookDeliveries: {
    method: 'GET', path: '/api/v2/webhooks/deliveries', scope: 'webhook.read', tag: 'webhooks', summary: 'List webhook deliveries',
    description:
      'Deliveries of `order.updated` events to the callback URLs of orders under the token\'s companies, newest first, each with its last 20 attempts. ' +
      'A delivery is `pending` until an attempt gets a 2xx answer (`delivered`) or its retries (about 24 hours of backoff) run out (`failed`).',
    query: ListWebhookDeliveriesQuery, responses: ok(R.pageOf(R.WebhookDelivery, 'WebhookDelivery')), errors: [400],
  },
  redeliverWebhook: {
    method: 'POST', path: '/api/v2/webhooks/deliveries/{id}/redeliver', scope: 'webhook.write', tag: 'webhooks', summary: 'Redeliver a webhook event',
    description:
      'Sends the event again now, with the same `webhook-id` and payload, signed with the tenant\'s current secret. ' +
      'The delivery becomes `pending`; the answer is the delivery before the new attempt. ' +
      'A delivery to an account webhook endpoint (for a principal linked to every company) goes to the endpoint\'s current URL, signed with its secret(s); ' +
      'a disabled endpoint is 422 `invalidState`.',
    responses: ok(R.WebhookDelivery), errors: [404, 422],
  },
  // -- webhook operations (issue 4) --
} satisfies Record<string, OperationSpec>;

