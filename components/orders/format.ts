/**
 * Calendar dates and people as the dashboard shows them. Instants are written by lib/format/time.ts
 * in the page's zone (components/ui/date-time.tsx), never here.
 */

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

/** `+19725556721` -> "(972) 555-6721"; other numbers as given. */
export function formatPhone(e164: string): string {
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return us ? `(${us[1]}) ${us[2]}-${us[3]}` : e164;
}

/** A `tel:` link target for a phone number (digits and the leading +). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

const DELIVERY_WORDS: Record<string, string> = {
  email: 'E-mail to the participant',
  sms: 'Text message (SMS) to the participant',
  none: 'None: the participant is told another way',
};
/** How the participant receives the pass, in words. */
export const deliveryMethodLabel = (type: string) => DELIVERY_WORDS[type] ?? type;

const SCHEDULE_WORDS: Record<string, string> = {
  participantChoice: 'The participant chooses a clinic',
  nearestClinic: 'The clinic nearest the participant’s address',
  clinic: 'A clinic chosen when ordering',
};
/** The collection-site choice (settings.schedule.strategy), in words. */
export const scheduleStrategyLabel = (strategy: string) => SCHEDULE_WORDS[strategy] ?? strategy;
