/** Dates and people as the dashboard shows them (the viewer's locale and time zone). */

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : '—';
}

export function formatDate(iso: string | null | undefined): string {
  return iso ? dateOnly.format(new Date(iso)) : '—';
}

/** A calendar date `YYYY-MM-DD` without time-zone shifts. */
export function formatCalendarDate(date: string | null | undefined): string {
  if (!date) return '—';
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

export function personName(p: { firstName: string | null; middleName?: string | null; lastName: string | null }): string {
  return [p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ') || '—';
}

export function formatAddress(a: { line1: string | null; line2?: string | null; city: string | null; state: string | null; postalCode: string | null } | null | undefined): string {
  if (!a) return '—';
  const cityLine = [a.city, [a.state, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [a.line1, a.line2, cityLine].filter(Boolean).join(', ') || '—';
}
