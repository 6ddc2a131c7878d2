'use client';
/**
 * The results inbox: final results nobody acknowledged, the ones needing action first, each with
 * its papers (opened in the browser) and a way to acknowledge it (PUT
 * /api/v2/orders/{id}/acknowledgement), or several at once, all or none (POST
 * /api/v2/orders/acknowledgements).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import type { Acknowledgements, Document, Order } from '@/lib/api/representations';
import { apiFetch, errorMessage, queryKeys } from '@/components/ui/api';
import { DocumentLinks } from '@/components/documents/document-links';
import { StatusBadge } from '@/components/orders/status';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';

export interface InboxRow {
  order: Order;
  needsAttention: boolean;
  refusal: boolean;
  /** Null when the user may not read documents. */
  documents: Document[] | null;
}

/** One order through its own operation, several through the batch one; answers how many are now acknowledged. */
async function acknowledge(ids: string[]): Promise<number> {
  if (ids.length === 1) {
    await apiFetch<Order>(`/api/v2/orders/${encodeURIComponent(ids[0])}/acknowledgement`, { method: 'PUT', body: {} });
    return 1;
  }
  const { data } = await apiFetch<Acknowledgements>('/api/v2/orders/acknowledgements', { method: 'POST', body: { orders: ids.map((id) => ({ id })) } });
  return data.acknowledged.length + data.alreadyAcknowledged.length;
}

export function ResultsInbox({ rows, canAcknowledge, filtered = false }: { rows: InboxRow[]; canAcknowledge: boolean; filtered?: boolean }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  // The acknowledged row leaves the page with the button that had focus: focus goes to the message
  // saying what happened (then on with Tab), not back to the top of the document.
  const status = useRef<HTMLParagraphElement>(null);
  const mutation = useMutation({
    mutationFn: acknowledge,
    onMutate: () => setMessage(null),
    onSuccess: (count) => {
      setSelected(new Set());
      setMessage({ tone: 'success', text: count === 1 ? 'Result acknowledged.' : `${count} results acknowledged.` });
      status.current?.focus();
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      router.refresh();
    },
    onError: (error) => {
      setMessage({ tone: 'error', text: errorMessage(error) });
      status.current?.focus();
    },
  });
  const pending = mutation.isPending;

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const run = (ids: string[]) => mutation.mutate(ids);

  const statusLine = (
    <p
      ref={status}
      tabIndex={-1}
      role="status"
      aria-live="polite"
      className={`outline-none ${message?.tone === 'error' ? 'text-sm text-red-700 dark:text-red-300' : 'text-sm text-emerald-700 dark:text-emerald-300'}`}
    >
      {message?.text}
    </p>
  );
  // One tree whether rows remain or not, so the status line keeps its focus when the last row goes.
  if (rows.length === 0)
    return (
      <div className="flex flex-col gap-3">
        {null}
        {statusLine}
        {filtered ? (
          <EmptyState title="No results match" description="No unacknowledged result matches these filters." />
        ) : (
          <EmptyState title="No results to acknowledge" description="Every final result has been acknowledged. New results appear here as they arrive." />
        )}
      </div>
    );

  const allSelected = rows.every((r) => selected.has(r.order.id));
  return (
    <div className="flex flex-col gap-3">
      {canAcknowledge ? (
        <div className="flex flex-wrap items-center gap-3">
          <label className="inline-flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
            <input
              type="checkbox"
              checked={allSelected}
              onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((r) => r.order.id)))}
              className="h-4 w-4 rounded border-slate-300 dark:border-slate-600"
            />
            Select all on this page
          </label>
          <Button size="sm" variant="secondary" disabled={selected.size === 0} loading={pending && selected.size > 0} onClick={() => run([...selected])}>
            Acknowledge selected ({selected.size})
          </Button>
        </div>
      ) : null}
      {statusLine}
      <ul className="flex flex-col gap-3" aria-label="Unacknowledged results">
        {rows.map(({ order, needsAttention, refusal, documents }) => {
          const participant = [order.participant.firstName, order.participant.lastName].filter(Boolean).join(' ') || 'Participant';
          return (
            <li
              key={order.id}
              data-testid="result-row"
              data-status={order.status}
              className={
                needsAttention
                  ? 'rounded-xl border border-red-200 bg-white p-4 shadow-sm dark:border-red-900/70 dark:bg-slate-900'
                  : 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900'
              }
            >
              <div className="flex flex-wrap items-start gap-4">
                {canAcknowledge ? (
                  <input
                    type="checkbox"
                    aria-label={`Select ${order.code}`}
                    checked={selected.has(order.id)}
                    onChange={() => toggle(order.id)}
                    className="mt-1 h-4 w-4 rounded border-slate-300 dark:border-slate-600"
                  />
                ) : null}
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <Link href={`/orders/${order.id}`} className="font-mono text-sm font-semibold text-slate-900 underline-offset-2 hover:underline dark:text-white">
                      {order.code}
                    </Link>
                    <StatusBadge status={order.status} services={order.services} />
                    {refusal ? <Badge tone="danger">Refusal to test</Badge> : null}
                    {needsAttention ? <Badge tone="danger">Needs action</Badge> : null}
                  </div>
                  <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                    {participant} · {order.company?.name ?? 'Company'} · {order.services.map((s) => s.name).join(', ')}
                  </p>
                  <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
                    Result <DateTime iso={order.statusUpdatedAt} />
                  </p>
                  {documents ? <DocumentLinks documents={documents} compact className="mt-2" /> : null}
                </div>
                {canAcknowledge ? (
                  <Button size="sm" onClick={() => run([order.id])} disabled={pending} aria-label={`Acknowledge ${order.code}`}>
                    Acknowledge
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
