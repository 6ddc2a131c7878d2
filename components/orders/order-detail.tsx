'use client';
/**
 * One order: header (code, status, dates), services with their screening milestones and status
 * history, participant, what was ordered, placement details, audit trail and webhook deliveries.
 *
 * Live: the order comes from the server render and then TanStack Query polls
 * GET /api/v2/orders/{id} every LIVE_INTERVAL_MS (polling, not server-sent events: simpler, and the
 * same on PGlite and PostgreSQL, one instance or many). A change of `updatedAt` shows a
 * "changed, updated" cue and refreshes the server-rendered audit trail; the actions (cancel) are
 * evaluated from the fresh order on every render, so they stop being offered the moment they no
 * longer apply, even under an open dialog.
 */
import { useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { queryKeys } from '@/components/ui/api';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import type { OrderService } from '@/lib/api/representations';
import type { AuditEntry } from '@/lib/domain/orders/audit-trail';
import { OTHER_TEST_REASONS } from '@/lib/domain/orders/schemas';
import { isFinalOrderStatus, OPEN_ORDER_STATUSES } from '@/lib/domain/order-model/status';
import { CancelOrderDialog } from './cancel-order-dialog';
import { deliveryMethodLabel, formatAddress, formatCalendarDate, formatPhone, personName, scheduleStrategyLabel, telHref } from './format';
import { fetchOrder, type Order } from './orders-api';
import { humanize, StatusBadge, statusLabel } from './status';
import { OrderWebhookDeliveries } from './webhook-deliveries';
import { ResultDuties } from './result-duties';
import { DeadlineCountdowns } from './deadline-countdowns';
import { OrderMessagesPanel } from '@/components/messages/order-messages-panel';
import { ExtendExpiry } from '@/components/passes/extend-expiry';
import { PassPanel } from '@/components/passes/pass-panel';

export interface OrderPermissions {
  cancel: boolean;
  readIdentifiers: boolean;
  readDeliveries: boolean;
  redeliver: boolean;
  /** order.update: see, print and reissue the pass, extend the expiry; record a Clearinghouse report. */
  update?: boolean;
  /** order.create: order the observed recollection the MRO directs. */
  create?: boolean;
}

/** How often an open order page asks for the order again. */
const LIVE_INTERVAL_MS = 3000;

function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-sm break-words text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

function ServiceCard({ service }: { service: OrderService }) {
  const milestones = service.screenHistory;
  return (
    <Card aria-labelledby={`service-${service.id}`} data-testid="service-card">
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
        <div className="min-w-0">
          <h3 id={`service-${service.id}`} className="font-semibold text-slate-900 dark:text-white">
            {service.name}
          </h3>
          <div className="mt-1 flex flex-wrap items-center gap-1.5">
            {service.isDot ? <Badge tone="brand">DOT</Badge> : <Badge tone="muted">Non-DOT</Badge>}
            {service.attributes?.category ? <Badge tone="neutral">{humanize(service.attributes.category)}</Badge> : null}
            {service.attributes?.type ? <Badge tone="neutral">{humanize(service.attributes.type)}</Badge> : null}
          </div>
        </div>
        <div className="flex flex-col items-end gap-1">
          <StatusBadge status={service.status} services={[service]} />
          <span className="text-xs text-slate-500 dark:text-slate-400">
            {service.isFinal ? 'Final' : 'In progress'}
            {service.statusUpdatedAt ? (
              <>
                {' · '}
                <DateTime iso={service.statusUpdatedAt} />
              </>
            ) : null}
          </span>
        </div>
      </div>
      <CardBody className="flex flex-col gap-5">
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <Term label="Lab">{service.lab?.name ?? '—'}</Term>
          <Term label="Specimen ID">{service.specimenId ? <span className="font-mono">{service.specimenId}</span> : '—'}</Term>
          <Term label="Courier">{service.courierServiceName ?? '—'}</Term>
          <Term label="Tracking">{service.trackingNumber ? <span className="font-mono">{service.trackingNumber}</span> : '—'}</Term>
        </dl>

        <div>
          <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">Screening milestones</h4>
          {milestones.length === 0 ? (
            <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">No milestone reached yet.</p>
          ) : (
            <ol className="mt-3 flex flex-col" aria-label={`Screening milestones of ${service.name}`} data-testid="screen-history">
              {milestones.map((m, i) => (
                <li key={`${m.type}-${m.occurredAt}`} className="relative flex gap-3 pb-4 last:pb-0">
                  {i < milestones.length - 1 ? <span aria-hidden="true" className="absolute left-[7px] top-4 h-full w-px bg-slate-200 dark:bg-slate-700" /> : null}
                  <span aria-hidden="true" className="relative mt-1 h-3.5 w-3.5 shrink-0 rounded-full border-2 border-brand-500 bg-white dark:bg-slate-900" />
                  <div className="min-w-0">
                    <p className="text-sm font-medium text-slate-900 dark:text-slate-100">{humanize(m.type)}</p>
                    <p className="text-xs text-slate-500 dark:text-slate-400">
                      <DateTime iso={m.occurredAt} />
                    </p>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </div>

        {service.statusHistory?.length ? (
          <details className="group rounded-lg border border-slate-200 dark:border-slate-800">
            <summary className="cursor-pointer list-none rounded-lg px-4 py-2.5 text-sm font-medium text-slate-700 hover:bg-slate-50 dark:text-slate-200 dark:hover:bg-slate-800/50">
              <span aria-hidden="true" className="mr-2 inline-block transition-transform group-open:rotate-90">
                ›
              </span>
              Status history ({service.statusHistory.length})
            </summary>
            <table className="w-full text-sm">
              <caption className="sr-only">Status history of {service.name}</caption>
              <thead className="text-left text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400">
                <tr>
                  <th scope="col" className="px-4 py-2 font-medium">
                    When
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Group
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {service.statusHistory.map((h, i) => (
                  <tr key={i}>
                    <td className="px-4 py-2 whitespace-nowrap text-slate-600 dark:text-slate-300">
                      <DateTime iso={h.occurredAt} />
                    </td>
                    <td className="px-4 py-2">
                      <StatusBadge status={h.status} />
                    </td>
                    <td className="px-4 py-2 text-slate-600 dark:text-slate-300">{humanize(h.groupType)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        ) : null}
      </CardBody>
    </Card>
  );
}

/** Every action an order's audit trail holds, in words (lib/domain: writeAudit's actions). */
const ACTIONS: Record<string, string> = {
  'order.created': 'Order created',
  'order.cancelled': 'Order cancelled',
  'order.service.updated': 'Service status changed',
  'order.clinic.chosen': 'Clinic chosen',
  'order.pass.reissued': 'Pass link reissued',
  'order.expiration.extended': 'Expiry extended',
  'order.expired': 'Order expired',
  'order.reminder.queued': 'Reminder sent to the participant',
  'order.acknowledged': 'Result acknowledged',
  'order.updated': 'Order updated',
  'document.created': 'Document added',
  'document.downloaded': 'Document downloaded',
  'documents.purged': 'Documents removed at the end of retention',
  'webhook.redelivered': 'Webhook redelivered',
};

/** An action without words of its own yet (a new one): `order.thing.done` -> `Order thing done`. */
export function actionWords(action: string): string {
  if (ACTIONS[action]) return ACTIONS[action];
  const words = action.split(/[._]/).flatMap((w) => humanize(w).toLowerCase().split(' ')).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Who did it, in words: the participant on their pass page, the system, a user or an API token. */
export function actorWords(actor: AuditEntry['actor']): string {
  if (actor.type === 'system') return actor.name === 'participant' ? 'the participant' : actor.name ? `the system (${humanize(actor.name).toLowerCase()})` : 'the system';
  const who = actor.name && actor.email ? `${actor.name} <${actor.email}>` : (actor.email ?? actor.name ?? humanize(actor.type));
  return actor.type === 'token' ? `${who} (API token)` : who;
}

function auditSummary(entry: AuditEntry, services: OrderService[]): ReactNode {
  const d = entry.data;
  if (entry.action === 'order.cancelled' && typeof d.previousStatus === 'string')
    return `Was ${statusLabel(d.previousStatus)}.${typeof d.reason === 'string' ? ` Reason: ${d.reason}` : ''}`;
  if (entry.action === 'order.service.updated' && typeof d.to === 'string') {
    const service = services.find((s) => s.id === d.serviceId)?.name ?? 'A service';
    return `${service}: ${typeof d.from === 'string' ? `${statusLabel(d.from)} → ` : ''}${statusLabel(d.to)}.`;
  }
  if (entry.action === 'order.created' && typeof d.source === 'string') return `From ${d.source === 'api' ? 'the API' : d.source === 'dashboard' ? 'the dashboard' : d.source}.`;
  if (entry.action === 'webhook.redelivered') return typeof d.sequence === 'number' ? `Event #${d.sequence} sent again.` : 'An event sent again.';
  if (entry.action === 'order.acknowledged' && typeof d.status === 'string') return `Result: ${statusLabel(d.status)}.`;
  if (entry.action === 'order.clinic.chosen') return d.from ? 'Another clinic than the one chosen before.' : 'On the pass page.';
  if (entry.action === 'order.pass.reissued')
    return `The old link no longer works; the new one ${d.messageQueued ? 'was sent to the participant' : 'was not sent (no e-mail or phone to send it to)'}.`;
  if (entry.action === 'order.expiration.extended' && typeof d.to === 'string')
    return (
      <>
        Now expires <DateTime iso={d.to} />
        {typeof d.from === 'string' ? (
          <>
            {' '}
            (was <DateTime iso={d.from} />)
          </>
        ) : null}
        .
      </>
    );
  if (entry.action === 'order.reminder.queued' && typeof d.hoursBeforeExpiry === 'number') return `${d.hoursBeforeExpiry} hours before the order expires.`;
  if ((entry.action === 'document.created' || entry.action === 'document.downloaded') && typeof d.fileName === 'string') return d.fileName;
  return null;
}

function AuditTrail({ entries, services }: { entries: AuditEntry[]; services: OrderService[] }) {
  return (
    <Card aria-labelledby="audit-title">
      <CardHeader id="audit-title" title="Audit trail" description="Who changed this order, oldest first." />
      {entries.length === 0 ? (
        <p className="px-5 py-4 text-sm text-slate-500 dark:text-slate-400">No audit events.</p>
      ) : (
        <ol className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="audit-trail">
          {entries.map((e) => {
            const summary = auditSummary(e, services);
            return (
              <li key={e.id} className="px-5 py-3" data-testid="audit-entry" data-action={e.action}>
                <div className="flex items-baseline justify-between gap-3">
                  <p className="text-sm font-medium text-slate-900 dark:text-white">{actionWords(e.action)}</p>
                  <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
                    <DateTime iso={e.occurredAt} />
                  </span>
                </div>
                <p className="mt-0.5 text-sm break-words text-slate-600 dark:text-slate-300">by {actorWords(e.actor)}</p>
                {summary ? <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">{summary}</p> : null}
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}

/** Who acknowledged the final result, in words. */
function acknowledgerWords(by: Order['acknowledgedBy']): string {
  if (!by) return 'someone';
  if (by.type === 'token') return `${by.name ?? 'an API token'} (API token)`;
  if (by.type === 'system') return by.name === 'participant' ? 'the participant' : 'the system';
  return by.name ?? 'a user';
}

export function OrderDetail({
  initialOrder,
  audit,
  permissions,
  user,
  clinicMap,
}: {
  initialOrder: Order;
  audit: AuditEntry[];
  permissions: OrderPermissions;
  /** The signed-in user: the audit identity of a cancellation. */
  user: { email: string; name: string | null };
  /** The clinic's small map, rendered on the server. */
  clinicMap: ReactNode;
}) {
  const router = useRouter();
  const { data: order } = useQuery({
    queryKey: queryKeys.orders.detail(initialOrder.id),
    queryFn: ({ signal }) => fetchOrder(initialOrder.id, signal),
    initialData: initialOrder,
    refetchInterval: LIVE_INTERVAL_MS,
  });
  const p = order.participant;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // After a cancellation the focus goes to the heading (the button that had it is gone). Parent
  // effects run after the dialog's own, which closes it and hands the focus back first.
  const focusHeading = useRef(false);
  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    headingRef.current?.focus();
  });

  // A change seen by polling (not one made here): the cue, and a fresh server render of the trail.
  const [seenUpdatedAt, setSeenUpdatedAt] = useState(initialOrder.updatedAt);
  const [change, setChange] = useState<{ status: string; at: string } | null>(null);
  if (order.updatedAt !== seenUpdatedAt) {
    setSeenUpdatedAt(order.updatedAt);
    setChange({ status: order.status, at: order.updatedAt });
  }
  useEffect(() => {
    if (change) router.refresh();
  }, [change, router]);

  // What the API would refuse is not offered (cancel-order.ts: final, cancelled, background checks only).
  const onlyBackgroundChecks = order.services.length > 0 && order.services.every((s) => s.attributes?.category === 'background');
  const cancellable = order.status !== 'cancelled' && !isFinalOrderStatus(order.status) && !onlyBackgroundChecks;
  const notCancellableReason =
    order.status === 'cancelled'
      ? 'It has been cancelled already.'
      : isFinalOrderStatus(order.status)
        ? `It has reached the final status “${statusLabel(order.status)}”.`
        : onlyBackgroundChecks
          ? 'It has only background-check services, which cannot be cancelled.'
          : null;
  // "Final" for an outcome, "In progress" while open; nothing for cancelled, expired or no-show.
  const progress = order.isFinal ? 'Final' : (OPEN_ORDER_STATUSES as readonly string[]).includes(order.status) ? 'In progress' : null;

  return (
    <div className="flex flex-col gap-6">
      {/* Header */}
      <Card>
        <div className="flex flex-col gap-5 px-5 py-5 sm:px-6">
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div className="min-w-0">
              <p className="text-sm text-slate-500 dark:text-slate-400">Order</p>
              <h1
                ref={headingRef}
                tabIndex={-1}
                className="mt-0.5 flex flex-wrap items-center gap-3 text-2xl font-semibold tracking-tight text-slate-900 outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-white"
              >
                <span className="font-mono" data-testid="order-code">
                  {order.code}
                </span>
                <StatusBadge status={order.status} services={order.services} className="text-sm" />
                {progress ? <Badge tone={order.isFinal ? 'success' : 'muted'}>{progress}</Badge> : null}
              </h1>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                {personName(p)} · {order.packages.map((pk) => pk.name).join(', ') || 'No package'}
              </p>
            </div>
            {permissions.cancel ? (
              <CancelOrderDialog
                order={order}
                user={user}
                cancellable={cancellable}
                notCancellableReason={notCancellableReason}
                onCancelled={(updated) => {
                  setSeenUpdatedAt(updated.updatedAt);
                  setChange(null);
                  focusHeading.current = true;
                }}
              />
            ) : null}
          </div>
          <p role="status" aria-live="polite" data-testid="order-live-cue" className={change ? 'text-sm text-sky-800 dark:text-sky-200' : 'sr-only'}>
            {change ? (
              <span className="inline-flex flex-wrap items-center gap-x-1.5 rounded-md bg-sky-50 px-2.5 py-1 dark:bg-sky-950/60">
                <span className="font-medium">This order changed, updated:</span> now {statusLabel(change.status)} ·{' '}
                <DateTime iso={change.at} />
              </span>
            ) : null}
          </p>
          {order.status === 'integrationError' ? (
            <Alert tone="warning" title="Integration error: the order did not reach the clinic or lab system" className="max-w-3xl">
              <p data-testid="integration-error-help">
                {order.services.filter((s) => s.status.startsWith('integrationError')).map((s) => s.name).join(', ') || 'A service'} could not be passed on, so
                nobody can collect or test it yet. The service is retried by the provider; if the status stays like this for more than a few hours, contact
                support with the order code <span className="font-mono">{order.code}</span>, or cancel the order and place it again.
              </p>
            </Alert>
          ) : null}
          <dl className="grid grid-cols-2 gap-4 border-t border-slate-200 pt-4 sm:grid-cols-3 lg:grid-cols-5 dark:border-slate-800">
            <Term label="Created">
              <DateTime iso={order.createdAt} />
            </Term>
            <Term label="Updated">
              <DateTime iso={order.updatedAt} />
            </Term>
            <Term label="Status changed">
              <DateTime iso={order.statusUpdatedAt} />
            </Term>
            <Term label="Expires">{order.expiresAt ? <DateTime iso={order.expiresAt} /> : 'Never'}{permissions.update ? <ExtendExpiry order={order} /> : null}</Term>
            {order.acknowledgedAt || order.isFinal ? (
              <Term label="Acknowledged">
                <span data-testid="order-acknowledged">
                  {order.acknowledgedAt ? (
                    <>
                      <DateTime iso={order.acknowledgedAt} /> by {acknowledgerWords(order.acknowledgedBy)}
                    </>
                  ) : (
                    'Not yet'
                  )}
                </span>
              </Term>
            ) : null}
            <Term label="Test reason">
              {order.testReason ? humanize(order.testReason) : '—'}
              {order.otherTestReason ? (
                <span className="text-slate-500 dark:text-slate-400">
                  {' · '}
                  {(OTHER_TEST_REASONS as readonly string[]).includes(order.otherTestReason) ? humanize(order.otherTestReason) : order.otherTestReason}
                </span>
              ) : null}
            </Term>
          </dl>
        </div>
      </Card>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <DeadlineCountdowns order={order} />
          <ResultDuties order={order} audit={audit} canOrder={Boolean(permissions.create)} canReport={Boolean(permissions.update)} />
          <section aria-labelledby="services-title" className="flex flex-col gap-4">
            <h2 id="services-title" className="text-lg font-semibold text-slate-900 dark:text-white">
              Services <span className="text-sm font-normal text-slate-500 dark:text-slate-400">({order.services.length})</span>
            </h2>
            {order.services.map((s) => (
              <ServiceCard key={s.id} service={s} />
            ))}
          </section>
          <OrderMessagesPanel orderId={order.id} />
          <AuditTrail entries={audit} services={order.services} />
          {permissions.readDeliveries ? <OrderWebhookDeliveries orderId={order.id} canRedeliver={permissions.redeliver} /> : null}
        </div>

        <div className="flex min-w-0 flex-col gap-6">
          <PassPanel order={order} canUpdate={Boolean(permissions.update)} />
          <Card aria-labelledby="participant-title">
            <CardHeader id="participant-title" title="Participant" />
            <CardBody>
              <dl className="grid grid-cols-1 gap-4">
                <Term label="Name">{personName(p)}</Term>
                <Term label="Date of birth">{formatCalendarDate(p.birthDate)}</Term>
                <Term label="E-mail">{p.email ?? '—'}</Term>
                <Term label="Phone">
                  {p.phone ? (
                    <a href={telHref(p.phone)} className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
                      {formatPhone(p.phone)}
                    </a>
                  ) : (
                    '—'
                  )}
                </Term>
                <Term label="Address">{formatAddress(p.address)}</Term>
                <Term label="Language">{p.language === 'es' ? 'Spanish (Español)' : 'English'}</Term>
                {permissions.readIdentifiers ? (
                  <Term label="Identifiers">
                    {'identifiers' in p && p.identifiers?.length ? (
                      <ul className="flex flex-col gap-1" data-testid="identifiers">
                        {p.identifiers.map((i, n) => (
                          <li key={n}>
                            <span className="text-slate-500 dark:text-slate-400">{humanize(i.type)}:</span> <span className="font-mono">{i.value}</span>
                            {i.issuingState || i.issuingCountry ? (
                              <span className="text-xs text-slate-500 dark:text-slate-400"> ({[i.issuingState, i.issuingCountry].filter(Boolean).join(', ')})</span>
                            ) : null}
                          </li>
                        ))}
                      </ul>
                    ) : (
                      'None'
                    )}
                  </Term>
                ) : (
                  <p className="text-xs text-slate-500 dark:text-slate-400">Identifiers are hidden for your role.</p>
                )}
              </dl>
            </CardBody>
          </Card>

          <Card aria-labelledby="ordered-title">
            <CardHeader id="ordered-title" title="As ordered" />
            <CardBody>
              <dl className="grid grid-cols-1 gap-4" data-testid="order-settings">
                <Term label="Delivery">{order.deliveryMethods.map((m) => deliveryMethodLabel(m.type)).join(', ') || '—'}</Term>
                <Term label="Collection site">
                  {scheduleStrategyLabel(order.settings.schedule.strategy)}
                  {order.settings.schedule.strategy === 'clinic' && order.clinic ? `: ${order.clinic.name}` : ''}
                </Term>
                <Term label="Observed collection">{order.settings.observedCollection ? 'Yes' : 'No'}</Term>
                <Term label="Notes">{order.settings.notes ? <span className="whitespace-pre-line">{order.settings.notes}</span> : '—'}</Term>
                <Term label="Requested by">
                  <span className="flex flex-col">
                    {order.requester.name ? <span>{order.requester.name}</span> : null}
                    <a href={`mailto:${order.requester.email}`} className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
                      {order.requester.email}
                    </a>
                    {order.requester.phone ? (
                      <a href={telHref(order.requester.phone)} className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
                        {formatPhone(order.requester.phone)}
                      </a>
                    ) : null}
                  </span>
                </Term>
              </dl>
            </CardBody>
          </Card>

          <Card aria-labelledby="placement-title">
            <CardHeader id="placement-title" title="Placement" />
            <CardBody>
              <dl className="grid grid-cols-1 gap-4">
                <Term label="Company">{order.company?.name ?? '—'}</Term>
                <Term label="Location">{order.location?.name ?? '—'}</Term>
                <Term label="Agency">{order.agency ? <Badge tone="brand">{order.agency.code}</Badge> : 'Non-regulated'}</Term>
                <Term label="Job category">{order.jobCategory?.name ?? '—'}</Term>
                <Term label="Clinic">
                  {order.clinic ? (
                    <div className="flex flex-col gap-2">
                      <span className="font-medium">{order.clinic.name}</span>
                      <span className="text-slate-600 dark:text-slate-300">{formatAddress(order.clinic.address)}</span>
                      {order.clinic.phone ? (
                        <a href={telHref(order.clinic.phone)} className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300" data-testid="clinic-phone">
                          {formatPhone(order.clinic.phone)}
                        </a>
                      ) : null}
                      {clinicMap}
                    </div>
                  ) : (
                    'Not assigned yet'
                  )}
                </Term>
              </dl>
            </CardBody>
          </Card>
        </div>
      </div>
    </div>
  );
}
