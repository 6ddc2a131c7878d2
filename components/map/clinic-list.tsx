'use client';
/**
 * The search results ranked by distance, beside the map. Hovering or focusing an item highlights
 * its pin; a pin hovered on the map highlights (and scrolls to) its item.
 */
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cityLine, formatNumber, formatPhone, streetLine } from '@/components/reference/format';
import { ServiceChips } from '@/components/reference/ui';
import { ClinicHours } from './clinic-hours';
import type { Highlight, HoverSource, RankedClinic } from './types';

export function ClinicList({
  clinics,
  highlight,
  selected,
  onHover,
  onSelect,
}: {
  clinics: RankedClinic[];
  highlight: Highlight | null;
  selected: Highlight | null;
  onHover(id: string | null, source: HoverSource): void;
  onSelect(id: string, source: HoverSource): void;
}) {
  // A pin hovered or chosen on the map: show its item.
  const mapId = highlight?.source === 'map' ? highlight.id : selected?.source === 'map' ? selected.id : null;
  useEffect(() => {
    if (mapId) document.getElementById(`clinic-${mapId}`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [mapId]);

  return (
    <ol aria-label="Clinics, nearest first" className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="clinic-results">
      {clinics.map(({ clinic, rank }) => {
        const hot = highlight?.id === clinic.id || selected?.id === clinic.id;
        return (
          <li
            key={clinic.id}
            id={`clinic-${clinic.id}`}
            data-testid="clinic-result"
            data-clinic-id={clinic.id}
            data-highlighted={hot ? 'true' : 'false'}
            onMouseEnter={() => onHover(clinic.id, 'list')}
            onMouseLeave={() => onHover(null, 'list')}
            onFocus={() => onHover(clinic.id, 'list')}
            onBlur={(e) => {
              if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onHover(null, 'list');
            }}
            className={`relative flex gap-3 px-4 py-3.5 transition-colors ${hot ? 'bg-brand-50 dark:bg-brand-900/30' : 'hover:bg-slate-50 dark:hover:bg-slate-800/40'}`}
          >
            {hot && <span aria-hidden="true" className="absolute inset-y-0 left-0 w-1 bg-orange-600 dark:bg-orange-500" />}
            <span
              aria-hidden="true"
              className={`mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-bold tabular-nums text-white ring-2 ring-white dark:ring-slate-900 ${hot ? 'bg-orange-700' : 'bg-brand-600 dark:bg-brand-500'}`}
            >
              {rank}
            </span>
            <div className="min-w-0 flex-1">
              <div className="flex items-start justify-between gap-3">
                <h3 className="min-w-0 text-sm font-semibold leading-snug text-slate-900 dark:text-white">
                  <button
                    type="button"
                    onClick={() => onSelect(clinic.id, 'list')}
                    disabled={!clinic.coordinates}
                    className="text-left hover:text-brand-700 hover:underline disabled:no-underline dark:hover:text-brand-300"
                    title={clinic.coordinates ? 'Show on the map' : 'No position on file'}
                  >
                    <span className="sr-only">{rank}. </span>
                    {clinic.name}
                  </button>
                </h3>
                {clinic.distance && (
                  <span className="shrink-0 whitespace-nowrap text-sm font-semibold tabular-nums text-slate-900 dark:text-white" data-testid="clinic-distance" data-miles={clinic.distance.miles}>
                    {clinic.distance.miles.toFixed(1)} mi
                  </span>
                )}
              </div>
              {clinic.address && (
                <address className="mt-0.5 text-sm not-italic leading-snug text-slate-600 dark:text-slate-400">
                  {[streetLine(clinic.address), cityLine(clinic.address)].filter(Boolean).join(', ')}
                </address>
              )}
              {clinic.phone && (
                <a href={`tel:${clinic.phone}`} className="mt-0.5 inline-block text-sm text-brand-700 hover:underline dark:text-brand-300">
                  {formatPhone(clinic.phone)}
                </a>
              )}
              <ClinicHours clinic={clinic} compact />
              <div className="mt-2">
                <ServiceChips services={clinic.services} max={3} />
              </div>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** Placeholder rows of the same height as results, so nothing jumps when they arrive. */
export function ClinicListSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <ul aria-hidden="true" className="divide-y divide-slate-100 dark:divide-slate-800">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="flex gap-3 px-4 py-3.5">
          <Skeleton className="h-7 w-7 shrink-0 rounded-full" />
          <div className="flex-1 space-y-2">
            <div className="flex justify-between gap-3">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-4 w-12" />
            </div>
            <Skeleton className="h-3.5 w-5/6" />
            <Skeleton className="h-3.5 w-1/3" />
            <div className="flex gap-1 pt-1">
              <Skeleton className="h-5 w-20" />
              <Skeleton className="h-5 w-24" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function LoadMore({ shown, total, loading, onClick }: { shown: number; total: number; loading: boolean; onClick(): void }) {
  if (shown >= total) return null;
  const next = Math.min(20, total - shown);
  return (
    <div className="border-t border-slate-100 p-3 dark:border-slate-800">
      <Button variant="secondary" className="w-full" onClick={onClick} loading={loading} data-testid="load-more">
        {loading ? 'Loading…' : `Load ${formatNumber(next)} more (${formatNumber(total - shown)} left)`}
      </Button>
    </div>
  );
}
