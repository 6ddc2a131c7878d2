'use client';
/** A clinic's open state (a badge, as the search computed it) and weekly hours, in the clinic's time zone, for the list and the popup. */
import { Badge } from '@/components/ui/badge';
import { CAPABILITY_LABELS, openState, weeklyHoursText } from './hours';
import type { Clinic } from './types';

export function ClinicHours({ clinic, compact = false }: { clinic: Clinic; compact?: boolean }) {
  // The state the search computed (openStatus); none for a clinic whose zone is unknown.
  const state = openState(clinic);
  return (
    <div className="mt-1.5 flex flex-col gap-1 text-xs text-slate-600 dark:text-slate-400" data-testid="clinic-hours">
      {state ? (
        <span className="flex flex-wrap items-center gap-1.5">
          <Badge tone={state.isOpen ? 'success' : 'muted'} dot>
            <span data-testid="clinic-open-state">{state.isOpen ? 'Open' : 'Closed'}</span>
          </Badge>
          <span>{state.label.replace(/^(Open|Closed) · /, '')}</span>
        </span>
      ) : null}
      <span>
        {weeklyHoursText(clinic.hours)}
        {clinic.timeZone && clinic.hours.length ? <span className="text-slate-500 dark:text-slate-400"> ({clinic.timeZone.replace(/_/g, ' ')} time)</span> : null}
      </span>
      {!compact && clinic.capabilities.length ? (
        <span className="flex flex-wrap gap-1" aria-label="Capabilities">
          {clinic.capabilities.map((c) => (
            <Badge key={c} tone="neutral">
              {CAPABILITY_LABELS[c]}
            </Badge>
          ))}
        </span>
      ) : null}
    </div>
  );
}
