import { Badge } from '@/components/ui/badge';
import { KIND_LABEL, KINDS, type PoolProgress } from './types';

/**
 * The year to date of a pool: per kind, tests completed against the tests the year requires
 * (a meter, so that screen readers say "12 of 21").
 */
export function YearToDate({ progress, alcohol }: { progress: PoolProgress; alcohol: boolean }) {
  return (
    <div className="flex flex-col gap-3">
      {KINDS.filter((k) => k === 'drug' || alcohol).map((kind) => {
        const required = progress.required[kind] ?? 0;
        const done = progress.completed[kind];
        const share = required > 0 ? Math.min(1, done / required) : 1;
        const label = `${KIND_LABEL[kind]} tests completed in ${progress.year}`;
        return (
          <div key={kind}>
            <div className="mb-1 flex items-baseline justify-between text-sm">
              <span className="font-medium text-slate-700 dark:text-slate-200">{KIND_LABEL[kind]}</span>
              <span className="tabular-nums text-slate-600 dark:text-slate-400" data-testid={`ytd-${kind}`}>
                {done} of {required} required
              </span>
            </div>
            <div role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={Math.max(required, done)} aria-valuenow={done} aria-valuetext={`${done} of ${required}`} className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800">
              <div className="h-full rounded-full bg-brand-600 dark:bg-brand-400" style={{ width: `${share * 100}%` }} />
            </div>
          </div>
        );
      })}
    </div>
  );
}

export function OnTrackBadge({ onTrack }: { onTrack: boolean }) {
  return onTrack ? (
    <Badge tone="success" dot title="Completed and still selectable tests reach the year's required count">
      On track
    </Badge>
  ) : (
    <Badge tone="danger" dot title="At this pace the year's required count is not reached">
      Behind
    </Badge>
  );
}
