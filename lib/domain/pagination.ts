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

/** Reads one page of a list: a domain list function, or a request to the API. */
export type PageReader<T> = (q: PageQuery) => Promise<{ data: T[]; total: number }>;

/** Every item of a list, page after page of 20 (the API's largest page), up to `maxPages` pages. */
export async function allPages<T>(readPage: PageReader<T>, maxPages = 10): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const { data, total } = await readPage({ page, limit: 20 });
    items.push(...data);
    if (data.length === 0 || items.length >= total) break;
  }
  return items;
}

/**
 * Page `q.page` of a newest-first list (orders have no sort parameter) in the oldest-first order:
 * the mirror image of a window of the newest-first order, which lies on at most two of its pages
 * of the same size. Without `total`, a one-item page tells it. The higher-numbered page is asked
 * for first, so a reader that remembers the last page it read, asked for pages 1, 2, 3, ... in
 * turn, reads each newest-first page once.
 */
export async function oldestFirstPage<T>(readNewestFirst: PageReader<T>, q: PageQuery, total?: number): Promise<Page<T>> {
  total ??= (await readNewestFirst({ page: 1, limit: 1 })).total;
  const first = (q.page - 1) * q.limit; // 0-based oldest-first index of the page's first item
  if (first >= total) return page([], total, q);
  const last = Math.min(q.page * q.limit, total) - 1;
  // Oldest-first index i is newest-first index total - 1 - i.
  const start = total - 1 - last;
  const end = total - 1 - first;
  const pages = [...new Set([Math.floor(end / q.limit) + 1, Math.floor(start / q.limit) + 1])];
  const chunks = await Promise.all(pages.map((p) => readNewestFirst({ page: p, limit: q.limit })));
  const offset = (pages[pages.length - 1] - 1) * q.limit;
  const window = chunks.reverse().flatMap((c) => c.data).slice(start - offset, end - offset + 1);
  return page(window.reverse(), total, q);
}
