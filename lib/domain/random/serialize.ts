/** Row to representation for pools, draws and selections (lib/domain/contract/random.ts). */
import type { randomDraws, randomPools, randomSelections } from '@/lib/db/schema';
import { agencyRef, API, companyRef, iso, isoOrNull, packageRef } from '@/lib/domain/contract/representation';
import {
  employeeUrl, EQUAL_CHANCE, randomDrawUrl, randomPoolUrl, randomSelectionUrl, type RandomDraw, type RandomPool, type RandomSelection,
} from '@/lib/domain/contract/random';
import { ALGORITHM } from './algorithm';

export type { RandomDraw, RandomPool, RandomSelection };

type Named<T> = Map<string, T>;
export interface PoolRow {
  pool: typeof randomPools.$inferSelect;
  memberCount: number;
  names: { agencies: Named<{ id: string; code: string }>; companies: Named<{ id: string; name: string }>; packages: Named<{ id: string; name: string }> };
}

export function serializePool({ pool: p, memberCount, names }: PoolRow): RandomPool {
  const pkg = (id: string | null) => (id ? packageRef(names.packages.get(id) ?? { id, name: '' }) : null);
  return {
    id: p.id,
    object: 'randomPool',
    name: p.name,
    kind: p.kind === 'dot' ? 'dot' : 'nonDot',
    agencies: p.agencyIds.map((id) => agencyRef(names.agencies.get(id) ?? { id, code: '' })),
    companies: p.companyIds.map((id) => companyRef(names.companies.get(id) ?? { id, name: '' })),
    drugRate: p.drugRate,
    alcoholRate: p.alcoholRate,
    frequency: p.frequency === 'monthly' ? 'monthly' : 'quarterly',
    packages: { drug: pkg(p.drugPackageId), alcohol: pkg(p.alcoholPackageId) },
    isActive: p.isActive,
    memberCount: Number(memberCount),
    selectionMethod: EQUAL_CHANCE,
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
    url: randomPoolUrl(p.id),
  };
}

export const poolRef = (id: string, name: string) => ({ id, object: 'randomPool' as const, name, url: randomPoolUrl(id) });

export function serializeDraw(d: typeof randomDraws.$inferSelect, poolName: string): RandomDraw {
  return {
    id: d.id,
    object: 'randomDraw',
    pool: poolRef(d.poolId, poolName),
    period: d.period,
    periodStart: d.periodStart,
    periodEnd: d.periodEnd,
    drawnAt: iso(d.drawnAt),
    drawnBy: d.drawnBy,
    poolSize: d.poolSize,
    eligible: { drug: d.ranking.drug.length, alcohol: d.ranking.alcohol.length },
    meanPoolSize: d.meanPoolSize,
    rates: { drug: d.drugRate, alcohol: d.alcoholRate },
    required: d.required,
    selected: d.selectedCounts,
    commitment: d.commitment,
    poolHash: d.poolHash,
    // The seed is kept from the start but published only once revealed: the commitment proves it was not changed.
    seed: d.seedRevealedAt ? d.seedHex : null,
    seedRevealedAt: isoOrNull(d.seedRevealedAt),
    algorithm: ALGORITHM,
    certificateUrl: `${randomDrawUrl(d.id)}/certificate`,
    snapshotUrl: `${randomDrawUrl(d.id)}/snapshot`,
    verificationUrl: `${randomDrawUrl(d.id)}/verification`,
    url: randomDrawUrl(d.id),
  };
}

export interface SelectionRow {
  selection: typeof randomSelections.$inferSelect;
  status: string;
  period: string;
  periodEnd: string;
  poolId: string;
  employee: { id: string; externalId: string; firstName: string; middleName: string | null; lastName: string; locationId: string | null };
  company: { id: string; name: string };
  order: { id: string; status: string } | null;
  replacedBy: string | null;
}

export const employeeName = (e: { firstName: string; middleName: string | null; lastName: string }) => [e.firstName, e.middleName, e.lastName].filter(Boolean).join(' ');
const selectionRef = (id: string) => ({ id, object: 'randomSelection' as const, url: randomSelectionUrl(id) });
const STATUSES = ['selected', 'ordered', 'completed', 'excused', 'lost'] as const;

export function serializeSelection(r: SelectionRow): RandomSelection {
  const s = r.selection;
  return {
    id: s.id,
    object: 'randomSelection',
    draw: { id: s.drawId, object: 'randomDraw', period: r.period, url: randomDrawUrl(s.drawId) },
    employee: { id: r.employee.id, object: 'employee', name: employeeName(r.employee), externalId: r.employee.externalId, url: employeeUrl(r.employee.id) },
    company: companyRef(r.company),
    kind: s.kind === 'alcohol' ? 'alcohol' : 'drug',
    rank: s.rank,
    status: STATUSES.find((x) => x === r.status) ?? 'selected',
    notifyOn: s.notifyOn,
    order: r.order ? { id: r.order.id, object: 'order', status: r.order.status, url: `${API}/orders/${r.order.id}` } : null,
    excuse: s.excuseReason ? { reason: s.excuseReason, note: s.excuseNote } : null,
    replaces: s.replacesId ? selectionRef(s.replacesId) : null,
    replacedBy: r.replacedBy ? selectionRef(r.replacedBy) : null,
    createdAt: iso(s.createdAt),
    updatedAt: iso(s.updatedAt),
    url: randomSelectionUrl(s.id),
  };
}
