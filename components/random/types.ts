/**
 * The random-testing representations as the dashboard reads them (DESIGN.md 7.2), and the one
 * TanStack Query key factory of the area: every change invalidates `randomKeys.all`.
 */
import type { AgencyRef, CompanyRef, PackageRef } from '@/lib/domain/contract/representation';

export type Kind = 'drug' | 'alcohol';
export const KINDS: readonly Kind[] = ['drug', 'alcohol'];
export type PerKind = { drug: number; alcohol: number };

export interface RandomRate {
  object: 'randomRate';
  agency: AgencyRef;
  category: string | null;
  year: number;
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
}

export interface DrawRef {
  id: string;
  url?: string;
}

export interface PeriodProgress {
  period: string;
  startsOn?: string;
  endsOn?: string;
  poolSize: number | null;
  draw: DrawRef | null;
  selected: PerKind;
  completed: PerKind;
  excused: PerKind;
  lost: PerKind;
}

export interface PoolProgress {
  year: number;
  periods: PeriodProgress[];
  meanPoolSize: number | null;
  required: PerKind;
  completed: PerKind;
  onTrack: boolean;
  currentPeriod?: string | null;
}

export interface RandomDraw {
  id: string;
  object: 'randomDraw';
  pool: { id: string; name?: string };
  period: string;
  drawnAt: string;
  drawnBy: { name?: string; email?: string } | string | null;
  poolSize: number;
  meanPoolSize: number;
  required: PerKind;
  selected: PerKind;
  commitment: string;
  poolHash: string;
  seed: string | null;
  algorithm: string;
  certificateUrl: string;
  snapshotUrl: string;
}

export interface RandomSelection {
  id: string;
  object: 'randomSelection';
  draw: DrawRef;
  employee: { id: string; name?: string; firstName?: string; lastName?: string; externalId?: string; company?: CompanyRef };
  kind: Kind;
  rank: number;
  status: 'selected' | 'ordered' | 'completed' | 'excused' | 'lost';
  notifyOn: string;
  order: { id: string; code?: string } | null;
  excuse: { reason: string; note: string | null } | null;
  replaces: { id: string } | null;
  replacedBy: { id: string } | null;
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

/** A rate as a percentage: the API's fraction (0.5) or percent (50), written "50%". */
export const percent = (rate: number | null) => (rate === null ? 'none' : `${Math.round((rate <= 1 ? rate * 100 : rate) * 100) / 100}%`);

export const KIND_LABEL: Record<Kind, string> = { drug: 'Drug', alcohol: 'Alcohol' };
