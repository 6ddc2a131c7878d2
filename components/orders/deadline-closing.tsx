'use client';
/**
 * The program manager's view of DOT testing windows closing in the next 2 hours (DESIGN.md 6.3):
 * orders whose post-accident or reasonable-suspicion window is still open, the specimen not yet
 * collected, and closes within 2 hours (`GET /api/v2/orders?deadlineBefore=`), with live countdowns.
 * Shown on /orders above the list when there is at least one; refreshed every minute.
 */
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { apiGet, queryKeys, type Page } from '@/components/ui/api';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import type { Order } from '@/lib/api/representations';
import { awaitsCollection } from '@/lib/domain/orders/incident';
import { formatRemaining, useNow } from './deadline-clock';
import { personName } from './format';

export const CLOSING_WITHIN_MS = 2 * 60 * 60_000;
const REFRESH_MS = 60_000;

export function DeadlinesClosingSoon() {
  const now = useNow();
  const query = useQuery({
    queryKey: queryKeys.orders.list({ view: 'deadlinesClosing' }),
    queryFn: ({ signal }) => apiGet<Page<Order>>('/api/v2/orders', { deadlineBefore: new Date(Date.now() + CLOSING_WITHIN_MS).toISOString(), limit: 20 }, signal),
    refetchInterval: REFRESH_MS,
  });
  const orders = query.data?.data ?? [];
  if (!query.isSuccess || orders.length === 0) return null;
  return (
    <Card aria-labelledby="closing-title" className="mb-4 border-amber-300 dark:border-amber-800" data-testid="deadlines-closing">
      <CardHeader
        id="closing-title"
        title={`DOT testing windows closing in the next 2 hours (${query.data.total})`}
        description="Post-accident and reasonable-suspicion tests not yet collected. Send the donor to a clinic that is open now."
      />
      <CardBody>
        <ul className="flex flex-col divide-y divide-slate-100 dark:divide-slate-800">
          {orders.map((order) => {
            const next = order.services
              .filter((s) => s.deadline && awaitsCollection(s.status) && Date.parse(s.deadline.closesAt) > (now ?? 0))
              .sort((a, b) => Date.parse(a.deadline!.closesAt) - Date.parse(b.deadline!.closesAt))[0];
            return (
              <li key={order.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm" data-testid="closing-order">
                <Link href={`/orders/${order.id}`} className="font-medium text-brand-700 hover:underline dark:text-brand-300">
                  <span className="font-mono">{order.code}</span> · {personName(order.participant)}
                </Link>
                {next && now !== null ? (
                  <span className="flex items-center gap-2 text-slate-700 dark:text-slate-300">
                    {next.name}: closes in <span className="font-mono tabular-nums">{formatRemaining(Date.parse(next.deadline!.closesAt) - now)}</span>
                    <Badge tone="warning">Closing soon</Badge>
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      </CardBody>
    </Card>
  );
}
