import { z } from 'zod';

/** Spec section 8: `page` 1..10000 (default 1), `limit` 1..20 (default 10), on every list. */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10000).default(1),
  limit: z.coerce.number().int().min(1).max(20).default(10),
});
export type PageQuery = z.output<typeof PageQuery>;

/** Text filters of the spec: length 1 to 255. */
export const TextFilter = z.string().min(1).max(255);

export interface Page<T> {
  data: T[];
  total: number;
  page: number;
  limit: number;
}

export const offsetOf = (q: PageQuery) => (q.page - 1) * q.limit;

export function page<T>(data: T[], total: number, q: PageQuery): Page<T> {
  return { data, total: Number(total), page: q.page, limit: q.limit };
}

/** Escapes LIKE wildcards so that a filter matches its text literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
