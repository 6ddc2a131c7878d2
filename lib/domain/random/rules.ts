/**
 * The rules a pool keeps (DESIGN.md 7.2, PROGRAM-FACTS "Random testing"): a DOT pool names one or
 * more agencies and tests at least at the highest of their minimum rates for the year; a non-DOT pool
 * names none; its companies are the principal's; its packages belong to one of its companies.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { agencies, companies, packages } from '@/lib/db/schema';
import { activeLinkedCompany } from '@/lib/domain/access';
import type { Ctx } from '@/lib/domain/context';
import { DomainError, notFound } from '@/lib/domain/errors';
import { agencyMinimums, type AgencyMinimum } from '@/lib/domain/rates';

export interface PoolShape {
  kind: 'dot' | 'nonDot';
  agencyIds: string[];
  companyIds: string[];
  drugRate: number;
  alcoholRate: number | null;
  drugPackageId: string | null;
  alcoholPackageId: string | null;
}

const percent = (rate: number) => `${Math.round(rate * 10000) / 100}%`;

/** The pool's minimums for the year: the highest drug rate and the highest alcohol rate of its agencies. */
export function poolMinimum(minimums: readonly AgencyMinimum[]) {
  const drug = minimums.reduce<AgencyMinimum | null>((best, m) => (!best || m.drug > best.drug ? m : best), null);
  const alcohol = minimums.reduce<AgencyMinimum | null>((best, m) => (m.alcohol !== null && (!best || m.alcohol > (best.alcohol ?? 0)) ? m : best), null);
  return { drug, alcohol };
}

export async function assertPool(ctx: Ctx, shape: PoolShape, year: number): Promise<void> {
  // Companies: the principal's, active (404 at the reference, as everywhere).
  const companyIds = [...new Set(shape.companyIds)];
  const found = await ctx.db.select({ id: companies.id }).from(companies).where(and(activeLinkedCompany(ctx), inArray(companies.id, companyIds)));
  const known = new Set(found.map((c) => c.id));
  const missing = shape.companyIds.findIndex((id) => !known.has(id));
  if (missing >= 0) throw notFound('Company', `/companies/${missing}/id`);

  if (shape.kind === 'nonDot') {
    if (shape.agencyIds.length) throw new DomainError('invalidValue', 'A non-DOT pool names no agency: DOT and non-DOT employees never share a pool.', { pointer: '/agencies' });
  } else {
    if (shape.agencyIds.length === 0) throw new DomainError('required', 'A DOT pool names one or more agencies.', { pointer: '/agencies' });
    const rows = await ctx.db.select({ id: agencies.id }).from(agencies).where(inArray(agencies.id, shape.agencyIds));
    const agencyIdsKnown = new Set(rows.map((r) => r.id));
    const unknown = shape.agencyIds.findIndex((id) => !agencyIdsKnown.has(id));
    if (unknown >= 0) throw new DomainError('invalidValue', 'agencies must be agencies of the list-agencies operation.', { pointer: `/agencies/${unknown}/id` });
    const { drug, alcohol } = poolMinimum(await agencyMinimums(ctx.db, shape.agencyIds, year));
    if (drug && shape.drugRate < drug.drug)
      throw new DomainError('tooSmall', `drugRate must be at least ${percent(drug.drug)}: ${drug.code}'s minimum for ${drug.year}, the highest of the pool's agencies (${drug.source}).`, {
        pointer: '/drugRate',
        meta: { minimum: drug.drug, agency: drug.code, year: drug.year },
      });
    if (alcohol && (shape.alcoholRate === null || shape.alcoholRate < alcohol.alcohol!))
      throw new DomainError('tooSmall', `alcoholRate must be at least ${percent(alcohol.alcohol!)}: ${alcohol.code}'s minimum for ${alcohol.year}, the highest of the pool's agencies (${alcohol.source}).`, {
        pointer: '/alcoholRate',
        meta: { minimum: alcohol.alcohol, agency: alcohol.code, year: alcohol.year },
      });
    if (!alcohol && shape.alcoholRate !== null)
      throw new DomainError('invalidValue', 'alcoholRate must be null: the pool\'s agencies (PHMSA, USCG) have no random alcohol testing.', { pointer: '/alcoholRate' });
  }

  for (const [kind, id] of [['drug', shape.drugPackageId], ['alcohol', shape.alcoholPackageId]] as const) {
    if (!id) continue;
    const [pkg] = await ctx.db
      .select({ id: packages.id })
      .from(packages)
      .where(and(eq(packages.tenantId, ctx.tenantId), eq(packages.id, id), inArray(packages.companyId, companyIds)));
    if (!pkg) throw new DomainError('notFound', 'Package was not found among the packages of the pool\'s companies.', { pointer: `/packages/${kind}/id` });
  }
}
