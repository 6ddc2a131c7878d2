'use client';
/**
 * A timestamp in the viewer's locale and time zone. The server renders it in its own zone; the
 * browser re-renders it in the viewer's, so the hydration difference is expected.
 */
const full = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function DateTime({ iso, dateOnly = false, className }: { iso: string | null | undefined; dateOnly?: boolean; className?: string }) {
  if (!iso) return <span className={className}>—</span>;
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={iso} className={className} suppressHydrationWarning>
      {(dateOnly ? day : full).format(date)}
    </time>
  );
}
