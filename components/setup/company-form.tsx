'use client';
/**
 * Create or change a company (POST /api/v2/companies, PATCH /api/v2/companies/{id}) in a dialog.
 * The form validates with the API's own schemas (CreateCompanyBody, UpdateCompanyBody); what the
 * server refuses (an unknown ZIP code) lands on the control its pointer names.
 */
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Company } from '@/lib/api/representations';
import { CreateCompanyBody, UpdateCompanyBody } from '@/lib/domain/companies/schemas';
import { describedBy, Field, Input, Select } from '@/components/ui/field';
import { ADDRESS_CONTROLS, AddressFields, addressValues, bodyResolver, cleanValues, ErrorSummary, errorAt, FormDialog, TextField, useResourceDialog, type AddressValues } from './form-kit';

interface CompanyValues {
  name: string;
  phone: string;
  address: AddressValues;
  backgroundCheckEnabled: boolean;
  orderMatching: { enabled: boolean; windowDays: number };
  participantLanguage: 'en' | 'es';
}

const KEEP = new Set(['address.country']);
const CONTROLS = ['name', 'phone', ...ADDRESS_CONTROLS, 'backgroundCheckEnabled', 'orderMatching', 'orderMatching.enabled', 'orderMatching.windowDays', 'participantLanguage'];

/** Form values to the request body: blank is "not given" on create, "clear it" on change; the name is never cleared. */
const toBody = (blank: undefined | null) => (v: CompanyValues) => ({ ...(cleanValues(v, blank, KEEP) as object), name: v.name.trim() });
const createResolver = bodyResolver<CompanyValues, z.output<typeof UpdateCompanyBody>>(CreateCompanyBody, toBody(undefined));
const updateResolver = bodyResolver<CompanyValues, z.output<typeof UpdateCompanyBody>>(UpdateCompanyBody, toBody(null));

export function CompanyFormDialog(props: { mode: 'create' } | { mode: 'edit'; company: Company }) {
  const company = props.mode === 'edit' ? props.company : null;
  const form = useForm<CompanyValues, unknown, z.output<typeof UpdateCompanyBody>>({
    resolver: company ? updateResolver : createResolver,
    defaultValues: {
      name: company?.name ?? '',
      phone: company?.phone ?? '',
      address: addressValues(company?.address ?? null),
      backgroundCheckEnabled: company?.backgroundCheckEnabled ?? false,
      orderMatching: company?.orderMatching ?? { enabled: true, windowDays: 30 },
      participantLanguage: company?.participantLanguage ?? 'en',
    },
  });
  const { unplaced, summary, dialog } = useResourceDialog<CompanyValues, unknown, Company>({
    form,
    controls: CONTROLS,
    collection: '/api/v2/companies',
    existingId: company?.id,
    savedTitle: (saved, created) => `${saved.name} ${created ? 'created' : 'saved'}`,
    pageOf: (saved) => `/companies/${saved.id}`,
  });
  const idPrefix = company ? 'edit-company' : 'new-company';
  const windowError = errorAt(form.formState.errors, 'orderMatching.windowDays');
  const languageError = errorAt(form.formState.errors, 'participantLanguage');
  const languageHint = "Of their messages and pass page, unless an order names another.";
  return (
    <FormDialog
      trigger={company ? 'Edit company' : 'New company'}
      triggerVariant={company ? 'secondary' : 'primary'}
      title={company ? `Edit ${company.name}` : 'New company'}
      description={company ? undefined : 'An employer you order tests for. Locations and packages come next.'}
      submitLabel={company ? 'Save changes' : 'Create company'}
      formLabel={company ? 'Edit company' : 'New company'}
      {...dialog}
    >
      <ErrorSummary entries={unplaced} summaryRef={summary} />
      <TextField form={form} idPrefix={idPrefix} name="name" label="Name" required autoComplete="organization" />
      <TextField form={form} idPrefix={idPrefix} name="phone" label="Phone" type="tel" autoComplete="tel" hint="E.164, e.g. +12145550100" />
      <AddressFields form={form} idPrefix={idPrefix} required={false} />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-100">Settings</legend>
        <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
          <input type="checkbox" className="h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500 dark:border-slate-600" {...form.register('backgroundCheckEnabled')} />
          A background-check integration is configured
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
          <input type="checkbox" className="h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500 dark:border-slate-600" {...form.register('orderMatching.enabled')} />
          Return an equivalent open order instead of a duplicate (order matching)
        </label>
        <Field label="Matching window (days)" htmlFor={`${idPrefix}-window`} error={windowError} hint="1 to 365" className="max-w-48">
          <Input id={`${idPrefix}-window`} type="number" min={1} max={365} inputMode="numeric" invalid={Boolean(windowError)} aria-describedby={describedBy(`${idPrefix}-window`, windowError, '1 to 365')} {...form.register('orderMatching.windowDays', { valueAsNumber: true })} />
        </Field>
        <Field label="Participants' language" htmlFor={`${idPrefix}-language`} error={languageError} hint={languageHint} className="max-w-64">
          <Select id={`${idPrefix}-language`} invalid={Boolean(languageError)} aria-describedby={describedBy(`${idPrefix}-language`, languageError, languageHint)} {...form.register('participantLanguage')}>
            <option value="en">English</option>
            <option value="es">Spanish (Español)</option>
          </Select>
        </Field>
      </fieldset>
    </FormDialog>
  );
}
