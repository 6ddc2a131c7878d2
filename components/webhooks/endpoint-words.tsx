'use client';
/** How an endpoint reads: its events, its companies, its status (and why it is disabled), in words. */
import { Badge } from '@/components/ui/badge';
import { DateTime } from '@/components/ui/date-time';
import type { CompanyChoice, Endpoint } from './endpoints-api';

export const ALL_EVENTS = '*';

export const allEvents = (endpoint: Pick<Endpoint, 'enabledEvents'>) => endpoint.enabledEvents.includes(ALL_EVENTS);

export function EventsWords({ endpoint }: { endpoint: Pick<Endpoint, 'enabledEvents'> }) {
  if (allEvents(endpoint)) return <span data-testid="endpoint-events">All events</span>;
  return (
    <span data-testid="endpoint-events" className="flex flex-wrap gap-1">
      {endpoint.enabledEvents.map((type) => (
        <code key={type} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          {type}
        </code>
      ))}
    </span>
  );
}

/** Names for the companies the page knows (active ones); an id otherwise. */
export function CompaniesWords({ endpoint, companies }: { endpoint: Pick<Endpoint, 'companies'>; companies: readonly CompanyChoice[] }) {
  if (!endpoint.companies) return <span data-testid="endpoint-companies">All companies</span>;
  const names = new Map(companies.map((c) => [c.id, c.name]));
  return <span data-testid="endpoint-companies">{endpoint.companies.map((c) => names.get(c.id) ?? c.id).join(', ')}</span>;
}

const REASON = {
  failing: 'Disabled after 5 days of failed deliveries',
  byUser: 'Disabled by a user',
} as const;

/** Enabled, or disabled with its reason; and, while deliveries fail, since when. */
export function EndpointStatus({ endpoint }: { endpoint: Endpoint }) {
  return (
    <span className="flex flex-col items-start gap-1" data-testid="endpoint-status">
      {endpoint.status === 'enabled' ? (
        <Badge tone="success" dot>
          Enabled
        </Badge>
      ) : (
        <>
          <Badge tone={endpoint.disabledReason === 'failing' ? 'danger' : 'muted'} dot>
            Disabled
          </Badge>
          <span className="text-xs text-slate-600 dark:text-slate-300">{REASON[endpoint.disabledReason ?? 'byUser']}</span>
        </>
      )}
      {endpoint.failingSince ? (
        <span className="text-xs text-red-700 dark:text-red-300" data-testid="endpoint-failing-since">
          Failing since <DateTime iso={endpoint.failingSince} />
        </span>
      ) : null}
    </span>
  );
}

/** "The previous secret also signs until …", while it does. */
export function OverlapWords({ until }: { until: string | null }) {
  if (!until) return null;
  return (
    <span data-testid="secret-overlap">
      The previous secret also signs until <DateTime iso={until} />.
    </span>
  );
}
