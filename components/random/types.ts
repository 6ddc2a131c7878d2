/**
 * The random-testing representations as the dashboard reads them (DESIGN.md 7.2), and the one
 * TanStack Query key factory of the area: every change invalidates `randomKeys.all`.
 */
import type { AgencyRef, CompanyRef, PackageRef } from '@/lib/domain/contract/representation';

export type Kind = 'drug' | 'alcohol';
export const KINDS: readonly Kind[] = ['drug', 'alcohol'];
export interface PerKind {
  drug: number;
  alcohol: number;
}

export interface RandomRate {
  object: 'randomRate';
  agency: AgencyRef;
  category: string | null;
  year: number;
  /** A fraction: 0.5 is 50%. */
  drug: number;
  alcohol: number | null;
  source: string;
}

export interface RandomPool {
  id: string;
  object: 'randomPool';
  url: string;
  name: string;
  kind: 'dot' | 'nonDot';
  agencies: AgencyRef[];
  companies: CompanyRef[];
  drugRate: number;
  alcoholRate: number | null;
  frequency: 'monthly' | 'quarterly';
  packages: { drug: PackageRef | null; alcohol: PackageRef | null };
  isActive: boolean;
  memberCount: number;
  selectionMethod: string;
}

interface Ref {
  id: string;
  url: string;
}

export interface PoolProgress {
  year: number;
  periods: Array<{ period: string; start: string; end: string; poolSize: number | null; draw: Ref | null; selected: PerKind; completed: PerKind; excused: PerKind; lost: PerKind }>;
  meanPoolSize: number;
  required: { drug: number; alcohol: number | null };
  completed: PerKind;
  onTrack: boolean;
}

export interface RandomDraw {
  id: string;
  object: 'randomDraw';
  pool: Ref & { name: string };
  period: string;
  periodStart: string;
  periodEnd: string;
  drawnAt: string;
  drawnBy: { type: string; id: string | null; name: string | null };
  poolSize: number;
  meanPoolSize: number;
  rates: { drug: number; alcohol: number | null };
  required: { drug: number; alcohol: number | null };
  selected: PerKind;
  commitment: string;
  poolHash: string;
  seed: string | null;
  seedRevealedAt: string | null;
  algorithm: string;
  certificateUrl: string;
  snapshotUrl: string;
  verificationUrl: string;
}

export interface RandomSelection {
  id: string;
  object: 'randomSelection';
  draw: Ref & { period: string };
  employee: Ref & { name: string; externalId: string };
  company: CompanyRef;
  kind: Kind;
  rank: number;
  status: 'selected' | 'ordered' | 'completed' | 'excused' | 'lost';
  notifyOn: string;
  order: (Ref & { status: string }) | null;
  excuse: { reason: string; note: string | null } | null;
  replaces: Ref | null;
  replacedBy: Ref | null;
}

export interface RandomHistoryEntry {
  draw: Ref & { period: string; drawnAt: string };
  pool: Ref & { name: string };
  eligible: { drug: boolean; alcohol: boolean };
  poolSize: number;
  selections: RandomSelection[];
}

export const randomKeys = {
  all: ['random'] as const,
  rates: (year: number) => ['random', 'rates', year] as const,
  pools: () => ['random', 'pools'] as const,
  pool: (id: string) => ['random', 'pools', id] as const,
  progress: (id: string, year: number) => ['random', 'pools', id, 'progress', year] as const,
  draw: (id: string) => ['random', 'draws', id] as const,
  selections: (id: string) => ['random', 'draws', id, 'selections'] as const,
  history: (employeeId: string) => ['random', 'history', employeeId] as const,
};

/** A rate, the API's fraction (0.5), written "50%"; null: none. */
export const percent = (rate: number | null) => (rate === null ? 'none' : `${Math.round(rate * 10000) / 100}%`);

export const KIND_LABEL: Record<Kind, string> = { drug: 'Drug', alcohol: 'Alcohol' };
