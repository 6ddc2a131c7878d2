/** `POST /api/v2/random-pools` (DESIGN.md 7.2): a pool whose members are computed from the roster. */
import { randomPools } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import { tenantNow } from '@/lib/domain/clock';
import type { Ctx } from '@/lib/domain/context';
import { withTransaction } from '@/lib/domain/transaction';
import { newId } from '@/lib/ids';
import { getRandomPool } from './queries';
import { assertPool, type PoolShape } from './rules';
import type { CreateRandomPoolBody } from './schemas';
import type { RandomPool } from './serialize';

export async function createRandomPool({ ctx, input }: { ctx: Ctx; input: CreateRandomPoolBody }): Promise<{ randomPool: RandomPool; matched: null }> {
  const shape: PoolShape = {
    kind: input.kind,
    agencyIds: [...new Set((input.agencies ?? []).map((a) => a.id))],
    companyIds: input.companies.map((c) => c.id),
    drugRate: input.drugRate,
    alcoholRate: input.alcoholRate ?? null,
    drugPackageId: input.packages?.drug?.id ?? null,
    alcoholPackageId: input.packages?.alcohol?.id ?? null,
  };
  // The minimum is the current year's of the tenant's clock.
  await assertPool(ctx, shape, (await tenantNow(ctx)).getUTCFullYear());
  return withTransaction(ctx, async (tx) => {
    const id = newId();
    await tx.db.insert(randomPools).values({
      id,
      tenantId: ctx.tenantId,
      name: input.name,
      kind: shape.kind,
      agencyIds: shape.agencyIds,
      companyIds: [...new Set(shape.companyIds)],
      drugRate: shape.drugRate,
      alcoholRate: shape.alcoholRate,
      frequency: input.frequency,
      drugPackageId: shape.drugPackageId,
      alcoholPackageId: shape.alcoholPackageId,
      isActive: input.isActive ?? true,
    });
    await auditChange(tx, { action: 'randomPool.created', subject: { type: 'randomPool', id }, data: { name: input.name, kind: shape.kind, drugRate: shape.drugRate, alcoholRate: shape.alcoholRate } });
    const randomPool = await getRandomPool(tx, id);
    return { randomPool, matched: null };
  });
}
