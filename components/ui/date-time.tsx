'use client';
/**
 * A timestamp in the page's one time zone (components/ui/time-zone.tsx), written by
 * lib/format/time.ts: the server and the browser render the same text. `title` holds the instant
 * in UTC (ISO 8601) and the zone's name.
 */
import { formatInstant, type TimeStyle } from '@/lib/format/time';
import { useTimeZone } from './time-zone';

export function DateTime({ iso, dateOnly = false, style, className }: { iso: string | null | undefined; dateOnly?: boolean; style?: TimeStyle; className?: string }) {
  const timeZone = useTimeZone();
  if (!iso) return <span className={className}>—</span>;
  const as = style ?? (dateOnly ? 'date' : 'dateTime');
  return (
    <time dateTime={iso} title={`${iso} (${timeZone})`} data-style={as} className={className}>
      {formatInstant(iso, timeZone, as)}
    </time>
  );
}
