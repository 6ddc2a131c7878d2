'use client';
/**
 * The webhooks page's lead: the tenant's endpoints (URL, description, events, companies, status,
 * failing since), "Add endpoint" and each endpoint's actions for those who may change them. Each
 * URL opens the endpoint's page: test sends, recovery and its delivery log.
 */
import Link from 'next/link';
import { useState } from 'react';
import { errorMessage, type Page } from '@/components/ui/api';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { STACKED } from '@/components/ui/stacked-table';
import { EndpointActions } from './endpoint-actions';
import { EndpointFormDialog } from './endpoint-form';
import { CompaniesWords, EndpointStatus, EventsWords, OverlapWords } from './endpoint-words';
import { useEndpoints, type CompanyChoice, type Endpoint, type EventTypeChoice } from './endpoints-api';
import { SecretDialog, type ShownSecret } from './secret-dialog';

/** The API's limit per tenant (DESIGN.md 7.6). */
const MAX_ENDPOINTS = 20;

export function EndpointsList({
  initial,
  eventTypes,
  companies,
  canWrite,
}: {
  initial: Page<Endpoint>;
  eventTypes: readonly EventTypeChoice[];
  companies: readonly CompanyChoice[];
  /** webhook.write and every company of the tenant: what the API asks to change endpoints. */
  canWrite: boolean;
}) {
  const query = useEndpoints(initial);
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const endpoints = query.data?.data ?? [];
  const full = (query.data?.total ?? 0) >= MAX_ENDPOINTS;

  return (
    <Card aria-labelledby="endpoints-title">
      <CardHeader
        id="endpoints-title"
        title="Endpoints"
        description="Your systems that receive the events they choose, from every order, result and program change, signed with a secret of their own."
        actions={
          canWrite ? (
            <Button size="sm" onClick={() => setAdding(true)} disabled={full} title={full ? `At most ${MAX_ENDPOINTS} endpoints per account.` : undefined}>
              Add endpoint
            </Button>
          ) : null
        }
      />
      {query.isPending ? (
        <div className="flex flex-col gap-3 p-5">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : query.isError ? (
        <EmptyState tone="error" title="The endpoints could not be loaded" description={errorMessage(query.error)} action={<Button variant="secondary" onClick={() => query.refetch()}>Try again</Button>} />
      ) : endpoints.length === 0 ? (
        <EmptyState
          title="No endpoints yet"
          description={canWrite ? 'Add one to receive events about every order, whoever placed it.' : 'An admin of the whole account adds them.'}
        />
      ) : (
        <div className="md:overflow-x-auto">
          <table className={STACKED.table} data-testid="webhook-endpoints">
            <caption className="sr-only">Webhook endpoints</caption>
            <thead className={`${STACKED.thead} border-b border-slate-200 bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500 dark:border-slate-800 dark:bg-slate-900/60 dark:text-slate-400`}>
              <tr>
                <th scope="col" className="h-10 px-4">Endpoint</th>
                <th scope="col" className="px-4">Events</th>
                <th scope="col" className="px-4">Companies</th>
                <th scope="col" className="px-4">Status</th>
                {canWrite ? (
                  <th scope="col" className="px-4">
                    <span className="sr-only">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody className={`${STACKED.tbody} divide-y divide-slate-100 dark:divide-slate-800`}>
              {endpoints.map((e) => (
                <tr key={e.id} data-endpoint-id={e.id} className={`${STACKED.tr} align-top`}>
                  <td className={`${STACKED.td} max-w-sm px-4 py-3`}>
                    <Link href={`/webhooks/endpoints/${encodeURIComponent(e.id)}`} className="font-mono text-xs break-all text-brand-700 hover:underline dark:text-brand-300">
                      {e.url}
                    </Link>
                    {e.description ? <span className="mt-1 block text-sm text-slate-700 dark:text-slate-200">{e.description}</span> : null}
                    {e.previousSecretExpiresAt ? (
                      <span className="mt-1 block text-xs text-slate-500 dark:text-slate-400">
                        <OverlapWords until={e.previousSecretExpiresAt} />
                      </span>
                    ) : null}
                  </td>
                  <td data-label="Events" className={`${STACKED.td} px-4 py-3 text-slate-700 dark:text-slate-200`}>
                    <EventsWords endpoint={e} />
                  </td>
                  <td data-label="Companies" className={`${STACKED.td} px-4 py-3 text-slate-700 dark:text-slate-200`}>
                    <CompaniesWords endpoint={e} companies={companies} />
                  </td>
                  <td data-label="Status" className={`${STACKED.td} px-4 py-3`}>
                    <EndpointStatus endpoint={e} />
                  </td>
                  {canWrite ? (
                    <td className={`${STACKED.td} px-4 py-3`}>
                      <div className="md:flex md:justify-end">
                        <EndpointActions endpoint={e} eventTypes={eventTypes} companies={companies} />
                      </div>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <EndpointFormDialog
        open={adding}
        endpoint={null}
        eventTypes={eventTypes}
        companies={companies}
        onClose={() => setAdding(false)}
        onCreated={(created) => setShown({ endpoint: created, reason: 'created' })}
      />
      <SecretDialog shown={shown} onClose={() => setShown(null)} />
    </Card>
  );
}
