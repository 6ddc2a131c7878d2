import 'server-only';
import type { PoolOptions } from '@/components/random/pool-form';
import type { Ctx } from '@/lib/domain/context';
import { tenantNow } from '@/lib/domain/clock';
import { listPackages } from '@/lib/domain/packages';
import { allPages } from '@/lib/domain/pagination';
import { rosterOptions } from '../employees/options';

/** The companies, agencies and packages a pool's form offers. */
export async function poolOptions(ctx: Ctx): Promise<PoolOptions> {
  const [{ companies, agencies }, packages] = await Promise.all([
    rosterOptions(ctx),
    ctx.scopes.has('package.list') ? allPages((q) => listPackages(ctx, q), Infinity) : Promise.resolve([]),
  ]);
  return {
    companies,
    agencies: agencies.map(({ id, code, name }) => ({ id, code, name })),
    packages: packages.map((p) => ({ id: p.id, name: p.name, companyId: p.company?.id ?? null, isDot: p.isDot })),
  };
}

/** The program year: the tenant's clock's (a sandbox tenant moved on is in its own year). */
export async function programYear(ctx: Ctx): Promise<number> {
  return (await tenantNow(ctx)).getUTCFullYear();
}
