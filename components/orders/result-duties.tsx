'use client';
/**
 * What an order's results ask of the employer (DESIGN.md 7.5): the observed recollection the MRO
 * directs, ordered in one click (POST /api/v2/orders/{id}/recollection), and the order's
 * Clearinghouse items with their reporter and due time, the employer's recorded with one click
 * (PUT /api/v2/orders/{id}/clearinghouse-reports/{kind}).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Alert } from '@/components/ui/alert';
import { apiFetch, errorMessage, queryKeys } from '@/components/ui/api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import type { AuditEntry } from '@/lib/domain/orders/audit-trail';
import type { Order } from './orders-api';

const KIND_WORDS: Record<string, string> = {
  verifiedPositive: 'Verified positive',
  adulterated: 'Adulterated specimen',
  substituted: 'Substituted specimen',
  refusal: 'Refusal to test',
  alcohol04: 'Alcohol 0.04 or more',
  returnToDutyNegative: 'Negative return-to-duty result',
  followUpCompleted: 'Follow-up testing completed',
};

export function ResultDuties({ order, audit, canOrder, canReport }: { order: Order; audit: AuditEntry[]; canOrder: boolean; canReport: boolean }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const directed = order.services.some((s) => s.result?.recollection === 'observed');
  const ordered = audit.find((e) => e.action === 'order.recollection.ordered')?.data as { recollectionOrderId?: string; recollectionCode?: string } | undefined;
  const recollection = useMutation({
    mutationFn: async () => (await apiFetch<Order>(`/api/v2/orders/${encodeURIComponent(order.id)}/recollection`, { method: 'POST', body: {} })).data,
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      router.push(`/orders/${created.id}`);
    },
  });
  const report = useMutation({
    mutationFn: async (kind: string) =>
      (await apiFetch<Order>(`/api/v2/orders/${encodeURIComponent(order.id)}/clearinghouse-reports/${encodeURIComponent(kind)}`, { method: 'PUT', body: {} })).data,
    onSuccess: (updated) => {
      queryClient.setQueryData<Order>(queryKeys.orders.detail(order.id), updated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      router.refresh();
    },
  });
  const items = order.clearinghouse?.items ?? [];
  if (!directed && items.length === 0) return null;
  return (
    <>
      {directed ? (
        <Alert tone="danger" title="The MRO directs an observed recollection (49 CFR 40.67)" className="max-w-3xl">
          {ordered?.recollectionOrderId ? (
            <p>
              Ordered: <Link href={`/orders/${ordered.recollectionOrderId}`} className="font-mono underline">{ordered.recollectionCode || 'the recollection'}</Link>
            </p>
          ) : (
            <p>Order it now: the same participant, location and package, collected under direct observation.</p>
          )}
          {canOrder && !ordered?.recollectionOrderId ? (
            <Button size="sm" className="mt-2" onClick={() => recollection.mutate()} disabled={recollection.isPending}>
              Order observed recollection
            </Button>
          ) : null}
          {recollection.error ? <p role="alert" className="mt-2 text-sm">{errorMessage(recollection.error)}</p> : null}
        </Alert>
      ) : null}
      {items.length ? (
        <Card aria-labelledby="clearinghouse-title" data-testid="clearinghouse">
          <CardHeader id="clearinghouse-title" title="FMCSA Clearinghouse" description="What this result must report, by whom and by when (3rd business day, federal holidays excepted)." />
          <CardBody>
            <ul className="flex flex-col gap-3">
              {items.map((item) => (
                <li key={item.kind} className="flex flex-wrap items-center justify-between gap-3 text-sm">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900 dark:text-slate-100">{KIND_WORDS[item.kind] ?? item.kind}</p>
                    <p className="text-xs text-slate-500 dark:text-slate-400">
                      {item.reporter === 'mro' ? 'Reported by the MRO (49 CFR 382.705(a))' : 'The employer reports it (49 CFR 382.705(b))'}
                      {item.dueAt ? (
                        <>
                          {' · due '}
                          <DateTime iso={item.dueAt} />
                        </>
                      ) : null}
                    </p>
                  </div>
                  {item.reportedAt ? (
                    <Badge tone="success">
                      Reported <DateTime iso={item.reportedAt} />
                    </Badge>
                  ) : item.reporter === 'employer' && canReport ? (
                    <Button size="sm" variant="secondary" onClick={() => report.mutate(item.kind)} disabled={report.isPending}>
                      Record report
                    </Button>
                  ) : item.reporter === 'employer' ? (
                    <Badge tone="danger">Not reported</Badge>
                  ) : null}
                </li>
              ))}
            </ul>
            {report.error ? <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">{errorMessage(report.error)}</p> : null}
          </CardBody>
        </Card>
      ) : null}
    </>
  );
}
