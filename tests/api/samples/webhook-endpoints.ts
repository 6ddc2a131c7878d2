/** Samples of lib/api/operations/webhook-endpoints.ts for the isolation matrix and the fuzz run (see ../operation-samples.ts). */
import { createToken } from '@/lib/domain/api-tokens/tokens';
import { createTestTenant } from '../admins';
import { call, db } from '../harness';
import type { Fixtures, SampleOf } from '../operation-samples';
import { missing } from './ids';

// Endpoints are the tenant's own and receive every event of it: the samples act on two tenants of
// their own, so the endpoints they create receive no other test's events.
const own = (f: Fixtures) => ({ bearer: f.endpointBearer, foreign: f.endpointForeignBearer });
const byId = (f: Fixtures, tail = '') => ({
  path: `/api/v2/webhook-endpoints/${f.endpointId}${tail}`,
  missingPath: `/api/v2/webhook-endpoints/${missing}${tail}`,
  companyScoped: false,
  bearer: f.endpointBearer,
});

export const samples = {
  listWebhookEndpoints: (f) => ({ path: '/api/v2/webhook-endpoints', companyScoped: false, ownTenant: own(f) }),
  createWebhookEndpoint: (f) => ({
    path: '/api/v2/webhook-endpoints',
    body: { url: 'http://127.0.0.1:9/sample', enabledEvents: ['order.updated'] },
    companyScoped: false,
    ownTenant: own(f),
  }),
  getWebhookEndpoint: (f) => byId(f),
  updateWebhookEndpoint: (f) => ({ ...byId(f), body: { description: 'Sample' } }),
  rotateWebhookEndpointSecret: (f) => byId(f, '/secret-rotation'),
  listWebhookEndpointDeliveries: (f) => byId(f, '/deliveries'),
  testWebhookEndpoint: (f) => ({ ...byId(f, '/test'), body: { type: 'order.updated' } }),
  // Since an hour ago: what the sample endpoint's own tenant emitted (nothing; the answer counts 0).
  recoverWebhookEndpointEvents: (f) => ({ ...byId(f, '/recovery'), body: { since: new Date(Date.now() - 3600_000).toISOString() } }),
  redeliverWebhookEndpointDelivery: (f) => ({
    path: `/api/v2/webhook-endpoints/${f.endpointId}/deliveries/${f.endpointDeliveryId}/redelivery`,
    missingPath: `/api/v2/webhook-endpoints/${missing}/deliveries/${f.endpointDeliveryId}/redelivery`,
    companyScoped: false,
    bearer: f.endpointBearer,
  }),
} satisfies Record<string, SampleOf>;

export async function fixtures(_t: string, _base: Fixtures): Promise<Record<string, string>> {
  const ownTenantToken = async () => {
    const tenant = await createTestTenant();
    return (await createToken(db(), { tenantId: tenant.id, name: 'webhook endpoints', scopes: 'all', companyIds: 'all' })).token;
  };
  const [endpointBearer, endpointForeignBearer] = await Promise.all([ownTenantToken(), ownTenantToken()]);
  const made = await call('POST', '/api/v2/webhook-endpoints', { token: endpointBearer, body: { url: 'http://127.0.0.1:9/sample', enabledEvents: ['*'] } });
  if (made.status !== 201) throw new Error(JSON.stringify(made.body));
  // A delivery of the endpoint to redeliver: a test send (nothing sends it here; it stays pending).
  const sent = await call('POST', `/api/v2/webhook-endpoints/${made.body.id}/test`, { token: endpointBearer, body: { type: 'order.updated' } });
  if (sent.status !== 202) throw new Error(JSON.stringify(sent.body));
  return { endpointBearer, endpointForeignBearer, endpointId: made.body.id, endpointDeliveryId: sent.body.id };
}
