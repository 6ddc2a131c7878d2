'use client';
/**
 * One endpoint's page: what it receives and its status, its actions, "Send test event" and
 * "Recover" for those who may change it, and its delivery log for everyone who reads webhooks.
 */
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { EndpointActions } from './endpoint-actions';
import { EndpointDeliveries } from './endpoint-deliveries';
import { CompaniesWords, EndpointStatus, EventsWords, OverlapWords } from './endpoint-words';
import { useEndpoint, type CompanyChoice, type Endpoint, type EventTypeChoice } from './endpoints-api';
import { RecoverEvents } from './recover-events';
import { SendTestEvent } from './send-test-event';

function Item({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{term}</dt>
      <dd className="text-sm text-slate-800 dark:text-slate-100">{children}</dd>
    </div>
  );
}

export function EndpointDetail({
  initial,
  eventTypes,
  companies,
  canWrite,
  now,
}: {
  initial: Endpoint;
  eventTypes: readonly EventTypeChoice[];
  companies: readonly CompanyChoice[];
  canWrite: boolean;
  /** The tenant's clock when the page was read. */
  now: string;
}) {
  const query = useEndpoint(initial.id, initial);
  const endpoint = query.data ?? initial;
  return (
    <div className="flex flex-col gap-6">
      <Card aria-labelledby="endpoint-title">
        <CardHeader
          id="endpoint-title"
          title={<span className="font-mono text-sm break-all">{endpoint.url}</span>}
          description={endpoint.description ?? undefined}
          actions={canWrite ? <EndpointActions endpoint={endpoint} eventTypes={eventTypes} companies={companies} /> : null}
        />
        <CardBody>
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Item term="Events">
              <EventsWords endpoint={endpoint} />
            </Item>
            <Item term="Companies">
              <CompaniesWords endpoint={endpoint} companies={companies} />
            </Item>
            <Item term="Status">
              <EndpointStatus endpoint={endpoint} />
            </Item>
            <Item term="Secret">
              {endpoint.previousSecretExpiresAt ? (
                <OverlapWords until={endpoint.previousSecretExpiresAt} />
              ) : endpoint.secretRotatedAt ? (
                <>
                  Rotated <DateTime iso={endpoint.secretRotatedAt} />
                </>
              ) : (
                <>
                  Never rotated (added <DateTime iso={endpoint.createdAt} />)
                </>
              )}
            </Item>
          </dl>
        </CardBody>
      </Card>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <EndpointDeliveries endpointId={endpoint.id} canRedeliver={canWrite && endpoint.status === 'enabled'} />
        </div>
        {canWrite ? (
          <div className="flex min-w-0 flex-col gap-6">
            <SendTestEvent endpoint={endpoint} eventTypes={eventTypes} />
            <RecoverEvents endpointId={endpoint.id} now={now} disabled={endpoint.status !== 'enabled'} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
