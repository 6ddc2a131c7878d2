'use client';
/**
 * The create-order form. Its schema is the API's own `CreateOrderBody` (react-hook-form + zod
 * resolver); the rules that need the database (the agency of a DOT package, the job category, the
 * clinic, ...) are the server's: what it refuses comes back with `source.pointer` and lands on the
 * control it names. Which controls a package calls for comes with the page (`PackageChoice.rules`).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { ApiError, apiFetch, errorMessage, queryKeys, type ApiErrorEntry } from '@/components/ui/api';
import { Button, ButtonLink } from '@/components/ui/button';
import { plainResolver } from '@/components/ui/form-resolver';
import { useToast } from '@/components/ui/toast';
import { closedWindows, missingIncidentReasons, type IncidentInput } from '@/lib/domain/orders/incident';
import { CreateOrderBody } from '@/lib/domain/orders/schemas';
import { FormAlerts } from './form-alerts';
import { EmployeePicker } from './employee-picker';
import { IncidentFields } from './incident-fields';
import { PackageFields } from './package-fields';
import { ParticipantFields } from './participant-fields';
import { ReasonFields } from './reason-fields';
import { RequesterFields } from './requester-fields';
import { ScheduleFields, type PresetClinic } from './schedule-fields';
import { placeServerErrors } from './server-errors';
import type { AgencyChoice, EmployeeResponse, FieldName, FormInput, FormOutput, LocationChoice, OrderResponse, PackageChoice } from './types';

/**
 * The dashboard asks for the detail of an "other" test reason, which the API leaves optional
 * (spec: `otherTestReason` is null when none is given). The contact the delivery method needs is
 * checked even when other members are missing (`when`): the API's own refinement runs only on an
 * otherwise valid body, so a first empty submit would not name the participant's e-mail.
 */
type LooseBody = {
  testReason?: unknown;
  otherTestReason?: unknown;
  deliveryMethods?: Array<{ type?: unknown }>;
  participant?: { email?: unknown; phone?: unknown };
  package?: { id?: unknown };
  incident?: { occurredAt?: unknown };
};
const always = { when: () => true };

/** The form's words for the reasons the incident needs (the server's rules, incident.ts). */
const REASON_WORDS: Record<string, string> = {
  '/incident/delayReason': `Required: the alcohol test is more than 2 hours after the incident.`,
  '/incident/alcoholNotTestedReason': 'Required: say why the alcohol test was not done (49 CFR 382.303(d)).',
};

/**
 * The API's schema, plus what the dashboard asks before it submits: the detail of an "other" test
 * reason, the contact the delivery method needs, and the incident's windows and reasons for the
 * chosen package (lib/domain/orders/incident.ts, the server's own rules) — checked even when other
 * members are missing (`when`), so the first submit names them.
 */
function formSchema(packages: PackageChoice[]) {
  return CreateOrderBody.refine((body) => !(body.testReason === 'other' && body.otherTestReason === undefined), {
    path: ['otherTestReason'],
    message: 'Say what the other test reason is.',
  })
    .refine((body) => (body as LooseBody).deliveryMethods?.[0]?.type !== 'email' || Boolean((body as LooseBody).participant?.email), {
      ...always,
      path: ['participant', 'email'],
      message: 'Required to send the pass by e-mail.',
    })
    .refine((body) => (body as LooseBody).deliveryMethods?.[0]?.type !== 'sms' || Boolean((body as LooseBody).participant?.phone), {
      ...always,
      path: ['participant', 'phone'],
      message: 'Required to send the pass by text message.',
    })
    .superRefine((value, ctx) => {
      const body = value as LooseBody;
      const pkg = packages.find((p) => p.id === body.package?.id);
      const occurredAt = typeof body.incident?.occurredAt === 'string' ? new Date(body.incident.occurredAt) : null;
      if (!pkg || typeof body.testReason !== 'string' || !occurredAt || Number.isNaN(occurredAt.getTime())) return;
      const now = new Date();
      const closed = closedWindows(body.testReason, pkg.services, occurredAt, now);
      if (closed.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['incident', 'occurredAt'],
          message: `The ${[...new Set(closed.map((w) => w.kind))].join(' and ')} testing window has closed: order the tests whose windows are open, as offered below.`,
        });
        return;
      }
      const incident = body.incident as IncidentInput;
      for (const problem of missingIncidentReasons({ testReason: body.testReason, incident }, pkg.services, now, { alcoholRecordRequired: true }))
        ctx.addIssue({ code: 'custom', path: problem.pointer.slice(1).split('/'), message: problem.code === 'required' ? REASON_WORDS[problem.pointer] : problem.detail });
    }, always);
}

/** The participant as the roster has them (what choosing the employee in the picker fills). */
export function participantOf(e: EmployeeResponse) {
  const fill = { firstName: e.firstName, lastName: e.lastName, middleName: e.middleName, birthDate: e.birthDate, email: e.email, phone: e.phone };
  return Object.fromEntries(Object.entries(fill).flatMap(([k, v]) => (v ? [[k, v]] : []))) as Partial<typeof fill>;
}

/** The sticky action bar's height and some air: focus scrolling keeps a field above it. */
const STICKY_BAR_PADDING = '6rem';

export function CreateOrderForm({
  locations,
  packages,
  agencies,
  requester,
  canSearchClinics,
  canSearchEmployees = false,
  presetClinic,
  presetEmployee,
}: {
  locations: LocationChoice[];
  packages: PackageChoice[];
  agencies: AgencyChoice[];
  requester: { email: string; name: string | null };
  canSearchClinics: boolean;
  /** The roster's picker (DESIGN.md 7.1) for a user with employee.list. */
  canSearchEmployees?: boolean;
  /** Chosen on the clinic map ("Order at this clinic"). */
  presetClinic?: PresetClinic;
  /** "Order a test" on an employee's page: the employee chosen, at their location (else their company's first). */
  presetEmployee?: EmployeeResponse;
}) {
  const router = useRouter();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [formErrors, setFormErrors] = useState<ApiErrorEntry[]>([]);
  const [matched, setMatched] = useState<OrderResponse | null>(null);
  const errorSummary = useRef<HTMLDivElement>(null);

  const schema = useMemo(() => formSchema(packages), [packages]);
  const presetLocation = presetEmployee
    ? (locations.find((l) => l.id === presetEmployee.location?.id) ?? locations.find((l) => l.companyId === presetEmployee.company.id))
    : undefined;
  const employeeDefaults = presetEmployee && presetLocation ? { location: { id: presetLocation.id }, employee: { id: presetEmployee.id }, participant: participantOf(presetEmployee) } : {};
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: plainResolver(schema),
    shouldUnregister: true,
    mode: 'onTouched',
    defaultValues: {
      deliveryMethods: [{ type: 'email' }],
      settings: { schedule: presetClinic ? { strategy: 'clinic', clinic: { id: presetClinic.id } } : { strategy: 'participantChoice' } },
      requester: { email: requester.email, name: requester.name ?? undefined },
      ...employeeDefaults,
    },
  });

  // Keyboard focus never hides under the sticky Cancel / Create order bar: the page's scroll
  // padding (focus scrolling honours it) while the form is shown.
  useEffect(() => {
    const root = document.documentElement;
    const before = root.style.scrollPaddingBottom;
    root.style.scrollPaddingBottom = STICKY_BAR_PADDING;
    return () => {
      root.style.scrollPaddingBottom = before;
    };
  }, []);

  const [locationRef, packageRef, agencyRef] = useWatch({ control: form.control, name: ['location', 'package', 'agency'] });
  const location = locations.find((l) => l.id === locationRef?.id);
  const available = location ? packages.filter((p) => p.locationIds.includes(location.id)) : [];
  const pkg = available.find((p) => p.id === packageRef?.id);
  const agency = agencies.find((a) => a.id === agencyRef?.id);

  const mutation = useMutation({
    mutationFn: async (body: FormOutput) =>
      apiFetch<OrderResponse>('/api/v2/orders', { method: 'POST', body, headers: { 'Idempotency-Key': crypto.randomUUID() } }),
    onSuccess: ({ status, data }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      if (status === 200 && data.matched) {
        setMatched(data);
        toast.show({ title: 'An equivalent order already exists', description: `Order ${data.code} was returned instead of a new one.` });
        requestAnimationFrame(() => errorSummary.current?.focus());
        return;
      }
      toast.success(`Order ${data.code} created`);
      router.push(`/orders/${data.id}`);
    },
    onError: (error) => {
      const entries = error instanceof ApiError ? error.entries : [{ code: 'internalError', detail: errorMessage(error) }];
      const { onFields, unplaced } = placeServerErrors(entries);
      for (const { field, message } of onFields) form.setError(field as FieldName, { type: 'server', message });
      setFormErrors(unplaced);
      if (onFields.length && !unplaced.length) form.setFocus(onFields[0].field as FieldName);
      else requestAnimationFrame(() => errorSummary.current?.focus());
    },
  });

  const onSubmit = form.handleSubmit(
    (body) => {
      setFormErrors([]);
      setMatched(null);
      // An unticked box sends nothing: the server's default applies (observed for a DOT return-to-duty or follow-up order, 49 CFR 40.67(b)).
      const { observedCollection, ...settings } = body.settings;
      mutation.mutate(observedCollection ? body : { ...body, settings });
    },
    () => setFormErrors([]),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6" aria-label="New order">
        <FormAlerts ref={errorSummary} matched={matched} errors={formErrors} />
        <PackageFields locations={locations} locationId={location?.id} available={available} pkg={pkg} agencies={agencies} agency={agency} />
        <ReasonFields freeTextOtherReason={Boolean(pkg?.rules.freeTextOtherReason)} isDot={Boolean(pkg?.isDot)} />
        <IncidentFields pkg={pkg} available={available} where={location?.postalCode} />
        {canSearchEmployees ? <EmployeePicker companyId={location?.companyId} initial={presetLocation ? presetEmployee : undefined} /> : null}
        <ParticipantFields />
        <ScheduleFields canSearchClinics={canSearchClinics} packageId={pkg?.id} locationPostalCode={location?.postalCode} presetClinic={presetClinic} />
        <RequesterFields />
        <div data-testid="form-actions" className="sticky bottom-0 z-10 -mx-4 flex items-center justify-end gap-3 border-t border-slate-200 bg-slate-50/90 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8 dark:border-slate-800 dark:bg-slate-950/90">
          <ButtonLink href="/orders" variant="secondary">
            Cancel
          </ButtonLink>
          <Button type="submit" loading={mutation.isPending}>
            Create order
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
