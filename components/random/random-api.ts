/** Reads of the random-testing API for the client (DESIGN.md 7.2). */
import { apiGet, type Page } from '@/components/ui/api';
import type { PoolProgress, RandomDraw, RandomPool, RandomRate, RandomSelection } from './types';

/** Every page of a list (the API pages by 20 at most). */
async function everyPage<T>(path: string, query: Record<string, string | number> = {}, signal?: AbortSignal, maxPages = 25): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const { data, total } = await apiGet<Page<T>>(path, { ...query, page, limit: 20 }, signal);
    items.push(...data);
    if (data.length === 0 || items.length >= total) break;
  }
  return items;
}

export const fetchPools = (signal?: AbortSignal) => everyPage<RandomPool>('/api/v2/random-pools', {}, signal);
export const fetchPool = (id: string, signal?: AbortSignal) => apiGet<RandomPool>(`/api/v2/random-pools/${encodeURIComponent(id)}`, undefined, signal);
export const fetchProgress = (id: string, year: number, signal?: AbortSignal) => apiGet<PoolProgress>(`/api/v2/random-pools/${encodeURIComponent(id)}/progress`, { year }, signal);
export const fetchDraw = (id: string, signal?: AbortSignal) => apiGet<RandomDraw>(`/api/v2/random-draws/${encodeURIComponent(id)}`, undefined, signal);
export const fetchSelections = (id: string, signal?: AbortSignal) => everyPage<RandomSelection>(`/api/v2/random-draws/${encodeURIComponent(id)}/selections`, {}, signal);

export const fetchRates = (year: number, signal?: AbortSignal) => everyPage<RandomRate>('/api/v2/random-rates', { year }, signal);
