/**
 * A tenant of a test's own (its sandbox clock moves alone, no other file's orders reach it): the
 * standard catalog, a tenant-wide token named `sandbox` with every scope, a company and a location. Files add the
 * packages they need with `made` and `serviceId`.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/db/client';
import { createToken } from '@/lib/domain/api-tokens/tokens';
import { addStandardCatalog } from '@/lib/seed/catalog';
import { createTestTenant } from './admins';
import { call, db } from './harness';

const address = { line1: '2100 Ross Ave', city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' };

export interface OwnTenant {
  tenantId: string;
  bearer: string;
  companyId: string;
  locationId: string;
  /** POST through the API; the new resource's id (throws on anything but 201). */
  made: (path: string, body: unknown) => Promise<string>;
  /** The id of the tenant's catalog service of this name. */
  serviceId: (name: string) => Promise<string>;
}

export async function ownTenant(label: string): Promise<OwnTenant> {
  const tenant = await createTestTenant();
  await addStandardCatalog(db(), tenant.id);
  const bearer = (await createToken(db(), { tenantId: tenant.id, name: 'sandbox', scopes: 'all', companyIds: 'all' })).token;
  const made = async (path: string, body: unknown) => {
    const res = await call('POST', path, { token: bearer, body });
    if (res.status !== 201) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
    return res.body.id as string;
  };
  const serviceId = async (name: string) =>
    rowsOf<{ id: string }>(await db().execute(sql`select id from services where tenant_id = ${tenant.id} and name = ${name}`))[0].id;
  const companyId = await made('/api/v2/companies', { name: `${label} company`, address });
  const locationId = await made('/api/v2/locations', { company: { id: companyId }, name: `${label} yard`, address });
  return { tenantId: tenant.id, bearer, companyId, locationId, made, serviceId };
}
