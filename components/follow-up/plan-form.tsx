'use client';
/**
 * "Create follow-up plan" on the employee page (DESIGN.md 7.3): the SAP's plan in a dialog,
 * validated with the API's own body schema (CreateFollowUpPlanBody: at least 6 tests in the first 12
 * months, at most 60 months, a day per test), posted to POST /api/v2/employees/{id}/follow-up-plans.
 * What the server refuses (a return-to-duty order that is not final and negative) lands on the
 * control its `source.pointer` names; the page then shows the plan and its progress.
 */
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { FollowUpPlan } from '@/lib/api/representations';
import { CreateFollowUpPlanBody, SUBSTANCES } from '@/lib/domain/follow-up/schemas';
import { Button } from '@/components/ui/button';
import { describedBy, Field, Input, Select } from '@/components/ui/field';
import { bodyResolver, cleanValues, ErrorSummary, errorAt, FormDialog, TextField, useAfterSave, useSetupRequest } from '@/components/setup/form-kit';

/** A return-to-duty order of the employee's, as the picker shows it. */
export interface ReturnToDutyChoice {
  id: string;
  code: string;
  status: string;
  createdOn: string;
}

interface PlanValues {
  sap: { name: string; email: string; phone: string };
  returnToDutyOrder: string;
  startsOn: string;
  phases: Array<{ months: string; tests: string }>;
  substances: string[];
}
type Output = z.output<typeof CreateFollowUpPlanBody>;

/** The most phases the schema takes (CreateFollowUpPlanBody `phases.max`). */
const MAX_PHASES = 20;

/** A number control's text: blank is "not given" (the schema says Required), else the number typed. */
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text));

const toBody = (v: PlanValues) => ({
  sap: cleanValues(v.sap, undefined),
  returnToDutyOrder: v.returnToDutyOrder ? { id: v.returnToDutyOrder } : undefined,
  startsOn: v.startsOn || undefined,
  phases: v.phases.map((p) => ({ months: numberOf(p.months), tests: numberOf(p.tests) })),
  substances: v.substances,
});
const resolver = bodyResolver<PlanValues, Output>(CreateFollowUpPlanBody, toBody);

/** Where a pointer of the API may land: every member, each phase's two numbers. */
const controlsFor = (phases: number) => [
  'sap',
  'sap.name',
  'sap.email',
  'sap.phone',
  'returnToDutyOrder',
  'startsOn',
  'phases',
  ...Array.from({ length: phases }, (_, i) => [`phases.${i}`, `phases.${i}.months`, `phases.${i}.tests`]).flat(),
  'substances',
];

const SUBSTANCE_WORDS: Record<(typeof SUBSTANCES)[number], string> = { drug: 'Drug tests', alcohol: 'Alcohol tests' };

export function FollowUpPlanForm({ employeeId, employeeName, returnToDutyOrders, today }: { employeeId: string; employeeName: string; returnToDutyOrders: ReturnToDutyChoice[]; today: string }) {
  const [open, setOpen] = useState(false);
  const afterSave = useAfterSave();
  const negative = returnToDutyOrders.filter((o) => o.status === 'negative');
  const form = useForm<PlanValues, unknown, Output>({
    resolver,
    defaultValues: {
      sap: { name: '', email: '', phone: '' },
      returnToDutyOrder: (negative[0] ?? returnToDutyOrders[0])?.id ?? '',
      startsOn: today,
      phases: [{ months: '12', tests: '6' }],
      substances: ['drug'],
    },
  });
  const phases = useFieldArray({ control: form.control, name: 'phases' });
  const { mutation, unplaced, clearUnplaced, summary } = useSetupRequest<PlanValues, Output, FollowUpPlan>({
    form,
    controls: controlsFor(phases.fields.length),
    request: () => ({ path: `/api/v2/employees/${encodeURIComponent(employeeId)}/follow-up-plans`, method: 'POST' }),
    onDone: (plan) => {
      setOpen(false);
      form.reset();
      afterSave(`Follow-up plan created: ${plan.testsRequired} tests`);
    },
  });
  const errors = form.formState.errors;
  const idPrefix = 'new-plan';
  const rtdError = errorAt(errors, 'returnToDutyOrder');
  const rtdHint = returnToDutyOrders.length === 0 ? 'This employee has no return-to-duty order: order one first.' : 'Final and negative: the test that returned them to duty.';
  const phasesError = errorAt(errors, 'phases');
  const substancesError = errorAt(errors, 'substances');
  return (
    <FormDialog
      trigger="Create follow-up plan"
      triggerVariant="secondary"
      title={`Follow-up plan for ${employeeName}`}
      description="The SAP's plan (49 CFR 40.307): at least 6 unannounced tests in the first 12 months, at most 60 months in all. A due day is drawn at random in each equal window."
      submitLabel="Create plan"
      formLabel="Create follow-up plan"
      open={open}
      setOpen={(next) => {
        setOpen(next);
        if (!next) clearUnplaced();
      }}
      pending={mutation.isPending}
      onSubmit={form.handleSubmit((body) => mutation.mutate(body))}
    >
      <ErrorSummary entries={unplaced} summaryRef={summary} />
      <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-100">Substance abuse professional</legend>
        <TextField form={form} idPrefix={idPrefix} name="sap.name" label="SAP name" required autoComplete="off" />
        <TextField form={form} idPrefix={idPrefix} name="sap.email" label="SAP e-mail" type="email" autoComplete="off" />
        <TextField form={form} idPrefix={idPrefix} name="sap.phone" label="SAP phone" type="tel" autoComplete="off" hint="E.164, e.g. +12145550100" />
      </fieldset>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label="Return-to-duty order" htmlFor={`${idPrefix}-returnToDutyOrder`} required error={rtdError} hint={rtdHint}>
          <Select
            id={`${idPrefix}-returnToDutyOrder`}
            invalid={Boolean(rtdError)}
            aria-required
            aria-describedby={describedBy(`${idPrefix}-returnToDutyOrder`, rtdError, rtdHint)}
            {...form.register('returnToDutyOrder')}
          >
            <option value="">Choose an order…</option>
            {returnToDutyOrders.map((o) => (
              <option key={o.id} value={o.id}>
                {o.code} · {o.status} · {o.createdOn}
              </option>
            ))}
          </Select>
        </Field>
        <TextField form={form} idPrefix={idPrefix} name="startsOn" label="Starts on" type="date" required hint="The day they returned to duty: the first window starts on it." />
      </div>
      <fieldset aria-describedby={phasesError ? `${idPrefix}-phases-error` : `${idPrefix}-phases-hint`} aria-invalid={phasesError ? true : undefined} data-testid="plan-phases">
        <legend className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-100">Phases</legend>
        <ol className="flex flex-col gap-3">
          {phases.fields.map((field, i) => {
            const months = errorAt(errors, `phases.${i}.months`);
            const tests = errorAt(errors, `phases.${i}.tests`);
            return (
              <li key={field.id} className="grid grid-cols-[1fr_1fr_auto] items-end gap-3">
                <Field label={`Phase ${i + 1}: tests`} htmlFor={`${idPrefix}-phases-${i}-tests`} error={tests}>
                  <Input
                    id={`${idPrefix}-phases-${i}-tests`}
                    type="number"
                    min={1}
                    inputMode="numeric"
                    invalid={Boolean(tests)}
                    aria-describedby={describedBy(`${idPrefix}-phases-${i}-tests`, tests)}
                    {...form.register(`phases.${i}.tests`)}
                  />
                </Field>
                <Field label={`Phase ${i + 1}: months`} htmlFor={`${idPrefix}-phases-${i}-months`} error={months}>
                  <Input
                    id={`${idPrefix}-phases-${i}-months`}
                    type="number"
                    min={1}
                    inputMode="numeric"
                    invalid={Boolean(months)}
                    aria-describedby={describedBy(`${idPrefix}-phases-${i}-months`, months)}
                    {...form.register(`phases.${i}.months`)}
                  />
                </Field>
                <Button type="button" variant="secondary" size="sm" disabled={phases.fields.length === 1} onClick={() => phases.remove(i)} aria-label={`Remove phase ${i + 1}`}>
                  Remove
                </Button>
              </li>
            );
          })}
        </ol>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button type="button" variant="secondary" size="sm" disabled={phases.fields.length >= MAX_PHASES} onClick={() => phases.append({ months: '', tests: '' })}>
            Add phase
          </Button>
        </div>
        {phasesError ? (
          <p id={`${idPrefix}-phases-error`} role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
            {phasesError}
          </p>
        ) : (
          <p id={`${idPrefix}-phases-hint`} className="mt-2 text-xs text-slate-500 dark:text-slate-400">
            In order from the start day: each phase&apos;s months split into as many equal windows as it has tests.
          </p>
        )}
      </fieldset>
      <fieldset aria-describedby={substancesError ? `${idPrefix}-substances-error` : undefined} aria-invalid={substancesError ? true : undefined}>
        <legend className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-100">Substances</legend>
        <div className="flex flex-wrap gap-4">
          {SUBSTANCES.map((s) => (
            <label key={s} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
              <input type="checkbox" value={s} className="h-4 w-4 rounded border-slate-300 text-brand-600 dark:border-slate-600" {...form.register('substances')} />
              {SUBSTANCE_WORDS[s]}
            </label>
          ))}
        </div>
        {substancesError ? (
          <p id={`${idPrefix}-substances-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
            {substancesError}
          </p>
        ) : null}
      </fieldset>
    </FormDialog>
  );
}
