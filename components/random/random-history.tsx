'use client';
/**
 * An employee's history of random draws (GET /api/v2/employees/{id}/random-history): every draw they
 * were eligible for, and their selections in it (DESIGN.md 7.2, the paper an auditor asks for).
 */
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { apiGet, errorMessage, type Page } from '@/components/ui/api';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { SelectionStatusBadge } from './selection-status';
import { KIND_LABEL, randomKeys, type RandomHistoryEntry } from './types';

export function RandomHistory({ employeeId }: { employeeId: string }) {
  const query = useQuery({
    queryKey: randomKeys.history(employeeId),
    queryFn: ({ signal }) => apiGet<Page<RandomHistoryEntry>>(`/api/v2/employees/${encodeURIComponent(employeeId)}/random-history`, { limit: 20 }, signal),
  });
  if (query.isPending) return <Skeleton className="m-4 h-24" />;
  if (query.isError) return <EmptyState tone="error" title="The random history could not be read" description={errorMessage(query.error)} />;
  const entries = query.data.data;
  if (entries.length === 0) return <EmptyState title="In no draw yet" description="Draws of the pools that cover this employee will be listed here." />;
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800">
        <caption className="sr-only">Draws this employee was eligible for</caption>
        <thead className="bg-slate-50/80 dark:bg-slate-900/60">
          <tr>
            {['Pool', 'Period', 'Drawn', 'Selected'].map((h) => (
              <th key={h} scope="col" className="whitespace-nowrap px-4 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {entries.map(({ draw, pool, selections }) => (
            <tr key={draw.id}>
              <td className="px-4 py-3">
                <Link href={`/random/pools/${pool.id}`} className="font-medium text-brand-700 hover:underline dark:text-brand-300">
                  {pool.name}
                </Link>
              </td>
              <td className="px-4 py-3">
                <Link href={`/random/draws/${draw.id}`} className="font-mono text-brand-700 hover:underline dark:text-brand-300">
                  {draw.period}
                </Link>
              </td>
              <td className="px-4 py-3 text-slate-700 dark:text-slate-300">
                <DateTime iso={draw.drawnAt} dateOnly />
              </td>
              <td className="px-4 py-3">
                {selections.length === 0 ? (
                  <span className="text-slate-500 dark:text-slate-400">Not selected</span>
                ) : (
                  <ul className="flex flex-col gap-1">
                    {selections.map((s) => (
                      <li key={s.id} className="flex flex-wrap items-center gap-2">
                        <span>{KIND_LABEL[s.kind]}</span>
                        <SelectionStatusBadge status={s.status} />
                        {s.order ? (
                          <Link href={`/orders/${s.order.id}`} className="text-xs font-medium text-brand-700 hover:underline dark:text-brand-300">
                            View order
                          </Link>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
