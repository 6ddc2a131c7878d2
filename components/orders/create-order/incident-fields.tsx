'use client';
/**
 * The post-accident mode of the create form (DESIGN.md 6.3): for a DOT post-accident or
 * reasonable-suspicion order, when the incident occurred, the live countdown of each testing window
 * (alcohol 8 hours, drug 32 hours), a warning before a window closes, and the delay reason once the
 * alcohol test is more than 2 hours after the incident. The windows are the server's rules
 * (lib/domain/orders/incident.ts); the server checks them again on submit.
 */
import Link from 'next/link';
import { useFormContext, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Field, Input, Textarea } from '@/components/ui/field';
import { ALCOHOL_REASON_AFTER_HOURS, incidentWindows, needsIncident } from '@/lib/domain/orders/incident';
import { formatRemaining, useNow, windowState, WindowRow } from '../deadline-clock';
import { instant, optional, useFieldError } from './controls';
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

/** `YYYY-MM-DDTHH:MM` of an instant in the browser's zone (the value of a datetime-local input). */
function localInputValue(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

/** `where`: the ZIP code the map starts from (the location's). */
export function IncidentFields({ pkg, where }: { pkg: PackageChoice | undefined; where?: string | null }) {
  const { register, control } = useFormContext<FormInput>();
  const err = useFieldError();
  const now = useNow();
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
        error={err('incident.occurredAt')}
        hint="Your local time. Not in the future."
      >
        <Input
          id="incident-occurred-at"
          type="datetime-local"
          max={now === null ? undefined : localInputValue(now)}
          invalid={Boolean(err('incident.occurredAt'))}
          aria-describedby={err('incident.occurredAt') ? 'incident-occurred-at-error' : 'incident-occurred-at-hint'}
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
          {closed.map((w) => w.service.name).join(', ')}: the order will be refused. Record the test as not performed per your DOT procedures.
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
