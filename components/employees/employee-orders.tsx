'use client';
/**
 * An employee's orders (GET /api/v2/orders?employeeId=), newest first, a page at a time. Read in
 * the browser with the user's session, so it shows exactly what the API lets them see.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import type { Order } from '@/lib/api/representations';
import { apiGet, errorMessage, type Page } from '@/components/ui/api';
import { PageButtons } from '@/components/ui/page-buttons';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge, humanize } from '@/components/orders/status';
import { employeeKeys } from './keys';

const LIMIT = 10;

export function EmployeeOrders({ employeeId }: { employeeId: string }) {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: employeeKeys.orders(employeeId, page),
    queryFn: ({ signal }) => apiGet<Page<Order>>('/api/v2/orders', { employeeId, page, limit: LIMIT }, signal),
    placeholderData: keepPreviousData,
  });
  if (query.isPending) return <Skeleton className="m-4 h-24" />;
  if (query.isError) return <EmptyState tone="error" title="The orders could not be read" description={errorMessage(query.error)} />;
  const { data, total } = query.data;
  const last = Math.max(1, Math.ceil(total / LIMIT));
  return (
    <>
      <div className="overflow-x-auto">
        <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800">
          <caption className="sr-only">Orders of this employee</caption>
          <thead className="bg-slate-50/80 dark:bg-slate-900/60">
            <tr>
              {['Order', 'Reason', 'Status', 'Created'].map((h) => (
                <th key={h} scope="col" className="whitespace-nowrap px-4 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {data.length === 0 ? (
              <tr>
                <td colSpan={4}>
                  <EmptyState title="No orders yet" />
                </td>
              </tr>
            ) : (
              data.map((o) => (
                <tr key={o.id}>
                  <td className="px-4 py-3">
                    <Link href={`/orders/${o.id}`} className="font-mono font-semibold text-brand-700 hover:underline dark:text-brand-300">
                      {o.code}
                    </Link>
                  </td>
                  <td className="px-4 py-3 text-slate-700 dark:text-slate-300">{o.testReason ? humanize(o.testReason) : '—'}</td>
                  <td className="px-4 py-3">
                    <StatusBadge status={o.status} />
                  </td>
                  <td className="px-4 py-3 text-slate-700 dark:text-slate-300">
                    <DateTime iso={o.createdAt} />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {last > 1 ? <PageButtons label="Orders pages" page={page} pages={last} onPage={setPage} /> : null}
    </>
  );
}
