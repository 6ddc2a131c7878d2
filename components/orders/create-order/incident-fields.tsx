'use client';
/**
 * The post-accident mode of the create form (DESIGN.md 6.3): for a DOT post-accident or
 * reasonable-suspicion order, when the incident occurred, the live countdown of each testing window
 * (alcohol 8 hours, drug 32 hours), a warning before a window closes, and the delay reason once the
 * alcohol test is more than 2 hours after the incident. A closed window is not the end
 * (382.303(d)): the form names when it closed (in the user's zone), offers the location's packages
 * whose windows are all open, and, for an order without its alcohol test once that window has
 * closed, asks why it was not done. The windows, the open packages and the required reasons are the
 * server's rules (lib/domain/orders/incident.ts); the server checks them again on submit.
 */
import Link from 'next/link';
import { useFormContext, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DateTime } from '@/components/ui/date-time';
import { Field, Input, Textarea } from '@/components/ui/field';
import { useTimeZone } from '@/components/ui/time-zone';
import { timeZoneLabel, toZonedInputValue } from '@/lib/format/time';
import { ALCOHOL_REASON_AFTER_HOURS, deadlineOf, incidentWindows, needsIncident, openPackages, windowKindOf } from '@/lib/domain/orders/incident';
import { formatRemaining, useNow, windowState, WindowRow } from '../deadline-clock';
import { optional, useFieldError, useInstant } from './controls';
import { Section } from './layout';
import type { FormInput, PackageChoice } from './types';

/** The clinic finder with open now, the capabilities the windows need and the package preselected. */
export function clinicFinderHref({ where, packageId, alcohol }: { where?: string | null; packageId: string; alcohol: boolean }): string {
  const q = new URLSearchParams();
  if (where) q.set('where', where);
  q.set('open', 'now');
  q.set('capabilities', alcohol ? 'breathAlcohol,dotCollection' : 'dotCollection');
  q.set('package', packageId);
  return `/clinics?${q.toString()}`;
}

/**
 * Chooses a package as the user would: the package control is a native select registered with
 * react-hook-form, so its value changes through the element and its change event (the control's
 * own `onChange`, which makes the `{ "id": ... }` reference).
 */
function choosePackage(id: string) {
  const select = document.getElementById('package');
  if (!(select instanceof HTMLSelectElement)) return;
  Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(select, id);
  select.dispatchEvent(new Event('change', { bubbles: true }));
  select.focus();
}

/** `where`: the ZIP code the map starts from (the location's); `available`: the location's packages. */
export function IncidentFields({ pkg, available, where }: { pkg: PackageChoice | undefined; available: PackageChoice[]; where?: string | null }) {
  const { register, control } = useFormContext<FormInput>();
  const err = useFieldError();
  const now = useNow();
  const instant = useInstant();
  const timeZone = useTimeZone();
  const [testReason, occurredAt] = useWatch({ control, name: ['testReason', 'incident.occurredAt'] });
  const services = pkg?.services ?? [];
  if (!pkg || typeof testReason !== 'string' || !needsIncident(testReason, services)) return null;

  const at = typeof occurredAt === 'string' ? Date.parse(occurredAt) : NaN;
  const windows = Number.isNaN(at) ? [] : incidentWindows(services, new Date(at)).filter((w) => w !== null);
  const reasonDue = now !== null && windows.some((w) => w.deadline.reasonRequiredAfter && now >= w.deadline.reasonRequiredAfter.getTime());
  const closed = now === null ? [] : windows.filter((w) => windowState(w.deadline.closesAt.getTime(), now) === 'closed');
  const closing = now === null ? [] : windows.filter((w) => windowState(w.deadline.closesAt.getTime(), now) === 'closing');
  const alcohol = services.some((s) => s.specimenType === 'breath' || s.category === 'alcohol' || s.type === 'breathAlcoholTest');
  const mapHref = clinicFinderHref({ where, packageId: pkg.id, alcohol });
  const what = testReason === 'reasonableSuspicion' ? 'reasonable suspicion was determined' : 'the accident happened';
  // A closed window: the location's packages whose windows are all open, the same tests first.
  const offered = closed.length && now !== null ? openPackages(services, available, new Date(at), new Date(now), pkg.id) : [];
  // The alcohol window closed and this order has no alcohol test: why it was not done (382.303(d)(1)).
  const alcoholClosesAt = Number.isNaN(at) ? null : deadlineOf('alcohol', new Date(at)).closesAt;
  const alcoholNotTested = windows.length > 0 && now !== null && alcoholClosesAt !== null && now >= alcoholClosesAt.getTime() && !services.some((s) => windowKindOf(s) === 'alcohol');
  const occurredError = err('incident.occurredAt') ?? err('incident');

  return (
    <Section id="incident-title" title={testReason === 'reasonableSuspicion' ? 'Reasonable suspicion' : 'Post-accident'}>
      <p className="text-sm text-slate-600 sm:col-span-2 dark:text-slate-400">
        DOT rules (49 CFR 382.303, 382.307) run from when {what}: the alcohol test within 8 hours (a reason is recorded after{' '}
        {ALCOHOL_REASON_AFTER_HOURS}), the drug test within 32 hours.
      </p>
      <Field
        label={`When ${what}`}
        htmlFor="incident-occurred-at"
        required
        error={occurredError}
        hint={`In ${timeZoneLabel(timeZone)}. Not in the future.`}
      >
        <Input
          id="incident-occurred-at"
          type="datetime-local"
          max={now === null ? undefined : toZonedInputValue(now, timeZone)}
          invalid={Boolean(occurredError)}
          aria-describedby={occurredError ? 'incident-occurred-at-error' : 'incident-occurred-at-hint'}
          {...register('incident.occurredAt', instant)}
        />
      </Field>
      {windows.length ? (
        <div className="flex flex-col gap-2 sm:col-span-2">
          <h3 className="text-sm font-medium text-slate-700 dark:text-slate-200">Testing windows</h3>
          <ul className="flex flex-col gap-2" data-testid="incident-countdowns">
            {windows.map((w) => (
              <WindowRow
                key={w.service.id}
                testId={`window-${w.kind}`}
                label={`${w.kind === 'alcohol' ? 'Alcohol' : 'Drug'} test · ${w.service.name}`}
                closesAt={w.deadline.closesAt.toISOString()}
                reasonRequiredAfter={w.deadline.reasonRequiredAfter?.toISOString() ?? null}
                now={now}
              />
            ))}
          </ul>
        </div>
      ) : null}
      {closed.length ? (
        <Alert tone="danger" title="A testing window has closed" className="sm:col-span-2">
          <ul data-testid="closed-windows">
            {closed.map((w) => (
              <li key={w.service.id}>
                {w.service.name}: the {w.kind} window closed <DateTime iso={w.deadline.closesAt.toISOString()} />.
              </li>
            ))}
          </ul>
          {offered.length ? (
            <div className="mt-2 flex flex-col gap-2" data-testid="open-packages">
              <p>
                This package cannot be ordered now. Order the tests whose windows are still open instead
                {closed.every((w) => w.kind === 'alcohol') ? ', and record why the alcohol test was not done (49 CFR 382.303(d))' : ''}:
              </p>
              <div className="flex flex-wrap gap-2">
                {offered.map((o) => (
                  <Button key={o.id} type="button" variant="secondary" size="sm" onClick={() => choosePackage(o.id)}>
                    Order {o.name} instead
                  </Button>
                ))}
              </div>
            </div>
          ) : (
            <p className="mt-2">
              No package of this location orders only tests whose windows are still open. Keep on file a record of why the test was not administered (49 CFR 382.303(d)).
            </p>
          )}
        </Alert>
      ) : closing.length && now !== null ? (
        <Alert tone="warning" title="A testing window closes soon" className="sm:col-span-2">
          {closing.map((w) => `${w.service.name} in ${formatRemaining(w.deadline.closesAt.getTime() - now)}`).join('; ')}.{' '}
          <Link href={mapHref} className="font-medium underline">
            Find a clinic open now
          </Link>
        </Alert>
      ) : windows.length ? (
        <p className="text-sm sm:col-span-2">
          <Link href={mapHref} className="font-medium text-brand-700 underline dark:text-brand-300">
            Find a clinic open now that can do it
          </Link>
        </p>
      ) : null}
      {alcoholNotTested && alcoholClosesAt ? (
        <Field
          label="Why the alcohol test was not done"
          htmlFor="incident-alcohol-not-tested-reason"
          className="sm:col-span-2"
          required={testReason === 'postAccident'}
          error={err('incident.alcoholNotTestedReason')}
          hint={
            <>
              The alcohol window closed <DateTime iso={alcoholClosesAt.toISOString()} /> and this order has no alcohol test. Kept with the order as the record 49 CFR
              382.303(d)(1) asks for.
            </>
          }
        >
          <Textarea
            id="incident-alcohol-not-tested-reason"
            rows={2}
            maxLength={500}
            invalid={Boolean(err('incident.alcoholNotTestedReason'))}
            aria-describedby={err('incident.alcoholNotTestedReason') ? 'incident-alcohol-not-tested-reason-error' : 'incident-alcohol-not-tested-reason-hint'}
            {...register('incident.alcoholNotTestedReason', optional)}
          />
        </Field>
      ) : null}
      {reasonDue ? (
        <Field label="Why the alcohol test is not done within 2 hours" htmlFor="incident-delay-reason" className="sm:col-span-2" required error={err('incident.delayReason')}>
          <Textarea
            id="incident-delay-reason"
            rows={2}
            maxLength={500}
            invalid={Boolean(err('incident.delayReason'))}
            aria-describedby={err('incident.delayReason') ? 'incident-delay-reason-error' : undefined}
            {...register('incident.delayReason', optional)}
          />
        </Field>
      ) : null}
    </Section>
  );
}
