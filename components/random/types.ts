/**
 * The random-testing representations the dashboard reads (DESIGN.md 7.2; their one home is
 * lib/domain/contract/random.ts), and the area's one TanStack Query key factory: every change
 * invalidates `randomKeys.all`.
 */
import type { RandomDraw, RandomHistoryEntry, RandomPool, RandomPoolProgress, RandomRate, RandomSelection } from '@/lib/domain/contract/random';

export type Kind = 'drug' | 'alcohol';
export const KINDS: readonly Kind[] = ['drug', 'alcohol'];
export interface PerKind {
  drug: number;
  alcohol: number;
}

export type { RandomDraw, RandomHistoryEntry, RandomPool, RandomRate, RandomSelection };
export type PoolProgress = RandomPoolProgress;

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
