/** Samples of lib/api/operations/sandbox.ts for the isolation matrix and the fuzz run (see ../operation-samples.ts). */
import { createToken } from '@/lib/domain/api-tokens/tokens';
import { createTestTenant } from '../admins';
import { db } from '../harness';
import type { Fixtures, SampleOf } from '../operation-samples';

// The clock is the caller's tenant's: the samples move the clocks of two tenants of their own, never
// Acme's or Northwind's, whose orders every other test uses. `now` is a minute ahead of real time when
// the sample is taken, so each request moves the clock forward again.
const own = (f: Fixtures) => ({ bearer: f.sandboxClockBearer, foreign: f.sandboxClockForeignBearer });

export const samples = {
  getSandboxClock: (f) => ({ path: '/api/v2/sandbox/clock', companyScoped: false, ownTenant: own(f) }),
  moveSandboxClock: (f) => ({
    path: '/api/v2/sandbox/clock',
    body: { now: new Date(Date.now() + 60_000).toISOString() },
    companyScoped: false,
    ownTenant: own(f),
  }),
} satisfies Record<string, SampleOf>;

export async function fixtures(_t: string, _base: Fixtures): Promise<Record<string, string>> {
  const ownTenantToken = async () => {
    const tenant = await createTestTenant();
    return (await createToken(db(), { tenantId: tenant.id, name: 'sandbox clock', scopes: 'all', companyIds: 'all' })).token;
  };
  const [sandboxClockBearer, sandboxClockForeignBearer] = await Promise.all([ownTenantToken(), ownTenantToken()]);
  return { sandboxClockBearer, sandboxClockForeignBearer };
}
