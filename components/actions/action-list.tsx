'use client';
/**
 * The action center's list (DESIGN.md 7.4): each open action with its severity, what to do, the rule
 * it cites, its due time in the user's zone and a countdown on the tenant's clock, and its fix one
 * click away: the subject's page, acknowledging the result (PUT /api/v2/orders/{id}/acknowledgement,
 * which resolves the action in its transaction), resolving with a note where the type allows it
 * (PUT /api/v2/actions/{id}/resolution) or dismissing with the reason (PUT .../dismissal).
 */
import { useMutation } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useId, useRef, useState } from 'react';
import type { Action } from '@/lib/api/representations';
import { actionTypeOf } from '@/lib/domain/contract/action-types';
import { DismissActionBody } from '@/lib/domain/actions/schemas';
import { apiFetch, errorMessage } from '@/components/ui/api';
import { Badge, type Tone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { Textarea } from '@/components/ui/field';
import { useNow } from '@/components/orders/deadline-clock';
import { countdown } from './countdown';

const SEVERITY_TONE: Record<Action['severity'], Tone> = { critical: 'danger', high: 'warning', normal: 'info' };

/** Where the subject is shown in the dashboard, if it is. */
export function subjectHref(action: Pick<Action, 'subject'>): string | null {
  const { object, id } = action.subject;
  if (object === 'order') return `/orders/${id}`;
  if (object === 'employee') return `/employees/${id}`;
  if (object === 'randomPool' || object === 'randomDraw' || object === 'randomSelection') return '/random';
  if (object === 'webhookEndpoint') return '/webhooks';
  return null;
}

const SUBJECT_WORDS: Record<Action['subject']['object'], string> = {
  order: 'Open the order',
  employee: 'Open the employee',
  randomPool: 'Open random testing',
  randomDraw: 'Open random testing',
  randomSelection: 'Open random testing',
  followUpPlan: 'Open the plan',
  webhookEndpoint: 'Open webhooks',
  misReport: 'The MIS report',
};

export interface ActionPermissions {
  /** action.write: resolve and dismiss. */
  write: boolean;
  /** order.update: acknowledge a result. */
  acknowledge: boolean;
}

/** The tenant's now runs `offsetMs` ahead of this browser's clock (the sandbox clock; 0 elsewhere). */
export function ActionList({ actions, offsetMs, can, compact = false }: { actions: Action[]; offsetMs: number; can: ActionPermissions; compact?: boolean }) {
  const tick = useNow(30_000);
  const now = tick === null ? null : tick + offsetMs;
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const status = useRef<HTMLParagraphElement>(null);
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
  const report = (tone: 'error' | 'success', text: string) => {
    setMessage({ tone, text });
    status.current?.focus();
  };
  if (actions.length === 0)
    return (
      <div className="flex flex-col gap-3">
        {statusLine}
        <EmptyState title="Nothing is due" description="Open actions appear here when something falls due under a rule: a result to review, a testing window, a draw, a query." />
      </div>
    );
  return (
    <div className="flex flex-col gap-3">
      {statusLine}
      <ul className="flex flex-col gap-3" aria-label="Actions">
        {actions.map((action) => (
          <ActionRow key={action.id} action={action} now={now} can={can} compact={compact} report={report} />
        ))}
      </ul>
    </div>
  );
}

function ActionRow({
  action,
  now,
  can,
  compact,
  report,
}: {
  action: Action;
  now: number | null;
  can: ActionPermissions;
  compact: boolean;
  report: (tone: 'error' | 'success', text: string) => void;
}) {
  const router = useRouter();
  const noteId = useId();
  const [closing, setClosing] = useState<'resolution' | 'dismissal' | null>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const def = actionTypeOf(action.type);
  const href = subjectHref(action);
  const overdue = action.status === 'open' && action.dueAt !== null && (now === null ? action.overdue : Date.parse(action.dueAt) <= now);

  const close = useMutation({
    mutationFn: async (kind: 'resolution' | 'dismissal') =>
      apiFetch<Action>(`/api/v2/actions/${encodeURIComponent(action.id)}/${kind}`, { method: 'PUT', body: note.trim() ? { note: note.trim() } : {} }),
    onSuccess: (_data, kind) => {
      report('success', kind === 'resolution' ? 'Action resolved.' : 'Action dismissed.');
      setClosing(null);
      router.refresh();
    },
    onError: (error) => {
      setNoteError(errorMessage(error));
    },
  });
  const acknowledge = useMutation({
    mutationFn: async () => apiFetch(`/api/v2/orders/${encodeURIComponent(action.subject.id)}/acknowledgement`, { method: 'PUT', body: {} }),
    onSuccess: () => {
      report('success', 'Result acknowledged: the action is resolved.');
      router.refresh();
    },
    onError: (error) => report('error', errorMessage(error)),
  });

  const submit = (kind: 'resolution' | 'dismissal') => {
    if (kind === 'dismissal') {
      const parsed = DismissActionBody.safeParse({ note });
      if (!parsed.success) {
        setNoteError('Say why it needs no action.');
        return;
      }
    }
    setNoteError(null);
    close.mutate(kind);
  };

  return (
    <li
      data-testid="action-row"
      data-type={action.type}
      data-overdue={overdue ? 'true' : 'false'}
      className={
        overdue
          ? 'rounded-xl border border-red-200 bg-white p-4 shadow-sm dark:border-red-900/70 dark:bg-slate-900'
          : 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900'
      }
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={SEVERITY_TONE[action.severity]}>{action.severity}</Badge>
            {overdue ? <Badge tone="danger">Overdue</Badge> : null}
            {action.company ? <span className="text-xs text-slate-500 dark:text-slate-400">{action.company.name}</span> : null}
          </div>
          <p className="mt-1 font-medium text-slate-900 dark:text-white">{action.title}</p>
          {!compact && def ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{def.rule}</p> : null}
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            {action.citation ? <span data-testid="action-citation">{action.citation}</span> : <span>Product rule</span>}
          </p>
          {action.status !== 'open' ? (
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300" data-testid="action-closed">
              {action.status === 'dismissed' ? 'Dismissed' : 'Resolved'}
              {action.resolvedBy?.name ? ` by ${action.resolvedBy.name}` : ''}
              {action.resolution === 'automatic' ? ' (its cause was fixed)' : ''}
              {action.note ? `: ${action.note}` : ''}
            </p>
          ) : null}
        </div>
        {action.dueAt && action.status === 'open' ? (
          <div className="text-right text-sm">
            <DateTime iso={action.dueAt} className="block text-slate-700 dark:text-slate-200" />
            <span data-testid="action-countdown" className={overdue ? 'font-medium text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-400'}>
              {now === null ? (action.overdue ? 'overdue' : 'due') : countdown(Date.parse(action.dueAt), now)}
            </span>
          </div>
        ) : null}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {action.type === 'resultUnacknowledged' && can.acknowledge && action.status === 'open' ? (
          <Button size="sm" onClick={() => acknowledge.mutate()} loading={acknowledge.isPending}>
            Acknowledge result
          </Button>
        ) : null}
        {href ? (
          <Link href={href} className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
            {SUBJECT_WORDS[action.subject.object]}
          </Link>
        ) : null}
        {can.write && !compact && action.status === 'open' ? (
          <>
            {action.resolvableByHand ? (
              <Button size="sm" variant="secondary" onClick={() => setClosing(closing === 'resolution' ? null : 'resolution')} aria-expanded={closing === 'resolution'}>
                Resolve…
              </Button>
            ) : null}
            <Button size="sm" variant="ghost" onClick={() => setClosing(closing === 'dismissal' ? null : 'dismissal')} aria-expanded={closing === 'dismissal'}>
              Dismiss…
            </Button>
          </>
        ) : null}
      </div>
      {closing ? (
        <form
          className="mt-3 flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            submit(closing);
          }}
        >
          <label htmlFor={noteId} className="text-sm text-slate-700 dark:text-slate-200">
            {closing === 'resolution' ? 'Note (what was done; the record the rule asks for)' : 'Why it needs no action (required)'}
          </label>
          <Textarea id={noteId} value={note} onChange={(e) => setNote(e.target.value)} rows={2} invalid={Boolean(noteError)} aria-describedby={noteError ? `${noteId}-error` : undefined} />
          {noteError ? (
            <p id={`${noteId}-error`} className="text-sm text-red-700 dark:text-red-300">
              {noteError}
            </p>
          ) : null}
          <div>
            <Button type="submit" size="sm" variant={closing === 'dismissal' ? 'danger' : 'primary'} loading={close.isPending}>
              {closing === 'resolution' ? 'Resolve' : 'Dismiss'}
            </Button>
          </div>
        </form>
      ) : null}
    </li>
  );
}
