'use client';
/**
 * The one time zone of the dashboard's pages: the signed-in user's (or, until it is known, the
 * default the server names), given once by the dashboard layout. Every client component that writes
 * an instant reads it here and formats with lib/format/time.ts, so the server's render and the
 * browser's are the same text, whether the page was loaded or navigated to.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_TIME_ZONE, timeZoneLabel } from '@/lib/format/time';

const TimeZoneContext = createContext<string>(DEFAULT_TIME_ZONE);

export function TimeZoneProvider({ timeZone, children }: { timeZone: string; children: ReactNode }) {
  return <TimeZoneContext.Provider value={timeZone}>{children}</TimeZoneContext.Provider>;
}

/** The IANA zone the page shows its times in. */
export function useTimeZone(): string {
  return useContext(TimeZoneContext);
}

/** "Times in Central Time (America/Chicago)": the zone named where times are shown. */
export function TimeZoneNote({ className }: { className?: string }) {
  const timeZone = useTimeZone();
  return (
    <span className={className} data-testid="time-zone-note" data-time-zone={timeZone}>
      Times in {timeZoneLabel(timeZone)}
    </span>
  );
}
