/** `PATCH /api/v2/random-pools/{id}`: the members sent change, and the whole pool is checked again. */
import { eq } from 'drizzle-orm';
import { randomPools } from '@/lib/db/schema';
import { auditChange, changedKeys } from '@/lib/domain/audit';
import { tenantNow } from '@/lib/domain/clock';
import type { Ctx } from '@/lib/domain/context';
import { withTransaction } from '@/lib/domain/transaction';
import { getRandomPool, poolRow } from './queries';
import { assertPool } from './rules';
import type { UpdateRandomPoolBody } from './schemas';
import type { RandomPool } from './serialize';

export async function updateRandomPool({ ctx, id, input }: { ctx: Ctx; id: string; input: UpdateRandomPoolBody }): Promise<RandomPool> {
  const year = (await tenantNow(ctx)).getUTCFullYear();
  return withTransaction(ctx, async (tx) => {
    const before = await poolRow(tx, id, true);
    const changes: Partial<typeof randomPools.$inferInsert> = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.agencies !== undefined ? { agencyIds: [...new Set(input.agencies.map((a) => a.id))] } : {}),
      ...(input.companies !== undefined ? { companyIds: [...new Set(input.companies.map((c) => c.id))] } : {}),
      ...(input.drugRate !== undefined ? { drugRate: input.drugRate } : {}),
      ...(input.alcoholRate !== undefined ? { alcoholRate: input.alcoholRate } : {}),
      ...(input.frequency !== undefined ? { frequency: input.frequency } : {}),
      ...(input.packages !== undefined
        ? {
            ...(input.packages.drug !== undefined ? { drugPackageId: input.packages.drug?.id ?? null } : {}),
            ...(input.packages.alcohol !== undefined ? { alcoholPackageId: input.packages.alcohol?.id ?? null } : {}),
          }
        : {}),
      ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
    };
    const after = { ...before, ...changes };
    await assertPool(
      tx,
      {
        kind: after.kind === 'dot' ? 'dot' : 'nonDot',
        agencyIds: after.agencyIds ?? [],
        companyIds: input.companies ? input.companies.map((c) => c.id) : after.companyIds,
        drugRate: after.drugRate,
        alcoholRate: after.alcoholRate ?? null,
        drugPackageId: after.drugPackageId ?? null,
        alcoholPackageId: after.alcoholPackageId ?? null,
      },
      year,
    );
    const changed = changedKeys(before as Record<string, unknown>, changes as Record<string, unknown>);
    if (changed.length) {
      await tx.db.update(randomPools).set({ ...changes, updatedAt: new Date() }).where(eq(randomPools.id, id));
      await auditChange(tx, { action: 'randomPool.updated', subject: { type: 'randomPool', id }, data: { changed } });
    }
    return getRandomPool(tx, id);
  });
}
