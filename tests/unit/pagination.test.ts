/**
 * The list helpers of lib/domain/pagination.ts over an in-memory newest-first list: every page of
 * a list, and a page in the oldest-first order read from the newest-first pages.
 */
import { describe, expect, it } from 'vitest';
import { allPages, oldestFirstPage, type PageReader } from '@/lib/domain/pagination';

/** Items n-1 ... 0 (newest first), read a page at a time; `reads` records each page asked for. */
function newestFirst(total: number) {
  const items = Array.from({ length: total }, (_, i) => total - 1 - i);
  const reads: Array<{ page: number; limit: number }> = [];
  const read: PageReader<number> = async ({ page, limit }) => {
    reads.push({ page, limit });
    return { data: items.slice((page - 1) * limit, page * limit), total };
  };
  return { items, reads, read };
}

describe('allPages', () => {
  it('reads pages of 20 until the total is reached', async () => {
    const list = newestFirst(45);
    expect(await allPages(list.read)).toEqual(list.items);
    expect(list.reads).toEqual([1, 2, 3].map((page) => ({ page, limit: 20 })));
  });

  it('stops after maxPages', async () => {
    const list = newestFirst(100);
    expect(await allPages(list.read, 2)).toEqual(list.items.slice(0, 40));
  });

  it('reads one page of an empty list', async () => {
    const list = newestFirst(0);
    expect(await allPages(list.read)).toEqual([]);
    expect(list.reads).toHaveLength(1);
  });
});

describe('oldestFirstPage', () => {
  it('every page is the matching slice of the oldest-first order, for any total and page size', async () => {
    for (let total = 0; total <= 23; total++) {
      for (let limit = 1; limit <= 7; limit++) {
        const list = newestFirst(total);
        const oldest = [...list.items].reverse();
        for (let page = 1; page <= Math.ceil(total / limit) + 1; page++) {
          const result = await oldestFirstPage(list.read, { page, limit });
          expect(result, `total ${total}, limit ${limit}, page ${page}`).toEqual({ data: oldest.slice((page - 1) * limit, page * limit), total, page, limit });
        }
      }
    }
  });

  it('reads at most two newest-first pages, and a one-item page for the total when not given', async () => {
    const list = newestFirst(45);
    await oldestFirstPage(list.read, { page: 2, limit: 20 });
    expect(list.reads).toEqual([{ page: 1, limit: 1 }, { page: 2, limit: 20 }, { page: 1, limit: 20 }]);
  });

  it('read in turn through a reader that remembers its last page, each newest-first page is read once', async () => {
    const list = newestFirst(95);
    let last: { page: number; result: ReturnType<PageReader<number>> } | undefined;
    const remembering: PageReader<number> = (q) => (last?.page === q.page ? last.result : (last = { page: q.page, result: list.read(q) }).result);
    const rows: number[] = [];
    for (let page = 1; page <= 5; page++) rows.push(...(await oldestFirstPage(remembering, { page, limit: 20 }, 95)).data);
    expect(rows).toEqual([...list.items].reverse());
    expect(list.reads.map((r) => r.page)).toEqual([5, 4, 3, 2, 1]);
  });
});
