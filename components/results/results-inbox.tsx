'use client';
/**
 * The results inbox: final results nobody acknowledged, the ones needing action first, each with
 * its papers (opened in the browser) and a way to acknowledge it, or several at once.
 */
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import type { Document, Order } from '@/lib/api/representations';
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

type Acknowledge = (ids: string[]) => Promise<{ ok: true; acknowledged: number } | { ok: false; error: string }>;

export function ResultsInbox({ rows, acknowledge, canAcknowledge }: { rows: InboxRow[]; acknowledge: Acknowledge; canAcknowledge: boolean }) {
  const router = useRouter();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const run = (ids: string[]) =>
    startTransition(async () => {
      setMessage(null);
      const result = await acknowledge(ids);
      if (!result.ok) {
        setMessage({ tone: 'error', text: result.error });
        return;
      }
      setSelected(new Set());
      setMessage({ tone: 'success', text: result.acknowledged === 1 ? 'Result acknowledged.' : `${result.acknowledged} results acknowledged.` });
      router.refresh();
    });

  if (rows.length === 0)
    return <EmptyState title="No results to acknowledge" description="Every final result has been acknowledged. New results appear here as they arrive." />;

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
      <p role="status" aria-live="polite" className={message?.tone === 'error' ? 'text-sm text-red-700 dark:text-red-300' : 'text-sm text-emerald-700 dark:text-emerald-300'}>
        {message?.text}
      </p>
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
                    <StatusBadge status={order.status} />
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
