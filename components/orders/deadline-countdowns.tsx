'use client';
/**
 * The order page's DOT testing windows (DESIGN.md 6.3): for a post-accident or reasonable-suspicion
 * order, each DOT service's countdown until its specimen is collected; then "collected"; and, for an
 * order placed without its alcohol test once that window had closed, the reason recorded
 * (49 CFR 382.303(d)(1)).
 */
import type { Order } from '@/lib/api/representations';
import { awaitsCollection } from '@/lib/domain/orders/incident';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import Link from 'next/link';
import { clinicFinderHref } from './create-order/incident-fields';
import { useNow, WindowRow } from './deadline-clock';

type OrderValue = Pick<Order, 'incident' | 'services' | 'testReason' | 'packages' | 'participant' | 'location'>;

export function DeadlineCountdowns({ order }: { order: OrderValue }) {
  const now = useNow();
  const windows = order.services.filter((s) => s.deadline !== null);
  if (!order.incident || windows.length === 0) return null;
  const waiting = windows.filter((s) => awaitsCollection(s.status));
  const pkg = order.packages[0];
  const alcohol = waiting.some((s) => s.attributes?.category === 'alcohol' || s.attributes?.type === 'breath');
  return (
    <Card aria-labelledby="deadlines-title" data-testid="order-deadlines">
      <CardHeader
        id="deadlines-title"
        title="DOT testing windows"
        description={
          <>
            From the {order.testReason === 'reasonableSuspicion' ? 'reasonable-suspicion determination' : 'accident'} at <DateTime iso={order.incident.occurredAt} />
            {order.incident.delayReason ? <> · Delay reason: {order.incident.delayReason}</> : null}
            {order.incident.alcoholNotTestedReason ? (
              <span className="mt-1 block" data-testid="alcohol-not-tested">
                Alcohol test not done (49 CFR 382.303(d)): {order.incident.alcoholNotTestedReason}
              </span>
            ) : null}
          </>
        }
      />
      <CardBody>
        <ul className="flex flex-col gap-2">
          {windows.map((s) =>
            awaitsCollection(s.status) ? (
              <WindowRow key={s.id} testId={`deadline-${s.id}`} label={s.name} closesAt={s.deadline!.closesAt} reasonRequiredAfter={s.deadline!.reasonRequiredAfter} now={now} />
            ) : (
              <li key={s.id} data-testid={`deadline-${s.id}`} data-state="collected" className="flex justify-between rounded-lg border border-slate-200 px-3 py-2 text-sm dark:border-slate-800">
                <span className="font-medium text-slate-900 dark:text-slate-100">{s.name}</span>
                <span className="text-slate-600 dark:text-slate-400">Collected or closed ({s.status.replace(/_/g, ' ')})</span>
              </li>
            ),
          )}
        </ul>
        {waiting.length && pkg ? (
          <p className="mt-3 text-sm">
            <Link
              href={clinicFinderHref({ where: order.participant.address?.postalCode ?? null, packageId: pkg.id, alcohol })}
              className="font-medium text-brand-700 underline dark:text-brand-300"
            >
              Find a clinic open now that can collect
            </Link>
          </p>
        ) : null}
      </CardBody>
    </Card>
  );
}
