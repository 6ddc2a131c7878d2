'use client';
/**
 * The DOT testing-window countdowns (DESIGN.md 6.3) the create form and the order page share: the
 * current time ticking every second, the time left in words, and one window's row with a warning
 * before it closes. The windows themselves are the domain's (lib/domain/orders/incident.ts).
 */
import { useCallback, useSyncExternalStore } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';
import { DateTime } from '@/components/ui/date-time';
import { formatRemaining } from '@/lib/format/time';

/** A window closing within this is flagged (amber) so someone acts before it closes. */
export const WARN_BEFORE_MS = 60 * 60_000;

/**
 * The current time, ticking every `everyMs` (quantized, so it is stable between ticks); null on the
 * server and in the first browser render (no hydration mismatch).
 */
export function useNow(everyMs = 1000): number | null {
  const subscribe = useCallback(
    (onTick: () => void) => {
      const timer = setInterval(onTick, everyMs);
      return () => clearInterval(timer);
    },
    [everyMs],
  );
  return useSyncExternalStore(
    subscribe,
    () => Math.floor(Date.now() / everyMs) * everyMs,
    () => null,
  );
}

/** What is left of a window, in words (one home: lib/format/time.ts). */
export { formatRemaining } from '@/lib/format/time';

export type WindowState = 'open' | 'closing' | 'closed';

export function windowState(closesAt: number, now: number): WindowState {
  const left = closesAt - now;
  return left <= 0 ? 'closed' : left <= WARN_BEFORE_MS ? 'closing' : 'open';
}

/**
 * One window: what it is for, the time left (a live countdown) and when it closes in the page's
 * zone (the user's, named by the page); amber within an hour of closing, red once closed. The countdown text is not a live region
 * (it would be read every second); the state changes are, through `role="status"` on the badge.
 */
export function WindowRow({
  label,
  closesAt,
  reasonRequiredAfter,
  now,
  testId,
}: {
  label: string;
  closesAt: string;
  reasonRequiredAfter: string | null;
  now: number | null;
  testId?: string;
}) {
  const closes = Date.parse(closesAt);
  const state = now === null ? 'open' : windowState(closes, now);
  const reasonDue = reasonRequiredAfter !== null && now !== null && now >= Date.parse(reasonRequiredAfter);
  return (
    <li
      data-testid={testId}
      data-state={state}
      className={cn(
        'flex flex-wrap items-center justify-between gap-2 rounded-lg border px-3 py-2 text-sm',
        state === 'closed'
          ? 'border-red-200 bg-red-50 dark:border-red-900 dark:bg-red-950/50'
          : state === 'closing'
            ? 'border-amber-200 bg-amber-50 dark:border-amber-900 dark:bg-amber-950/50'
            : 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
      )}
    >
      <span className="font-medium text-slate-900 dark:text-slate-100">{label}</span>
      <span className="flex flex-wrap items-center gap-2 text-slate-700 dark:text-slate-300">
        {now === null ? null : state === 'closed' ? (
          <span>Window closed</span>
        ) : (
          <span>
            closes in <span className="font-mono tabular-nums" data-testid={testId ? `${testId}-remaining` : undefined}>{formatRemaining(closes - now)}</span>
          </span>
        )}
        <span className="text-xs text-slate-600 dark:text-slate-300">
          (<DateTime iso={closesAt} style="clock" />)
        </span>
        <span role="status">
          {state === 'closed' ? (
            <Badge tone="danger">Closed</Badge>
          ) : state === 'closing' ? (
            <Badge tone="warning">Closing soon</Badge>
          ) : reasonDue ? (
            <Badge tone="warning">Delay reason required</Badge>
          ) : null}
        </span>
      </span>
    </li>
  );
}
