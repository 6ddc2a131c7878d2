'use client';
/**
 * Add or change an employee (POST /api/v2/employees, PATCH /api/v2/employees/{id}) in a dialog,
 * validated with the API's own schemas (CreateEmployeeBody, UpdateEmployeeBody). What the server
 * refuses (an externalId already used in the company, a job category of another agency) lands on
 * the control its pointer names.
 */
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { Employee } from '@/lib/api/representations';
import { CreateEmployeeBody, UpdateEmployeeBody } from '@/lib/domain/employees/schemas';
import { describedBy, Field, Select } from '@/components/ui/field';
import { bodyResolver, cleanValues, ErrorSummary, errorAt, FormDialog, TextField, useResourceDialog } from '@/components/setup/form-kit';
import { rosterName, type RosterOptions } from './format';

interface EmployeeValues {
  company: string;
  externalId: string;
  firstName: string;
  middleName: string;
  lastName: string;
  birthDate: string;
  email: string;
  phone: string;
  location: string;
  dot: { agency: string; jobCategory: string };
  cdl: { number: string; state: string };
}

const CONTROLS = ['company', 'externalId', 'firstName', 'middleName', 'lastName', 'birthDate', 'email', 'phone', 'location', 'dot', 'dot.agency', 'dot.jobCategory', 'cdl', 'cdl.number', 'cdl.state'];

/** A masked CDL number (`•••• 1234`): the user cannot see the number, so it is sent only when retyped. */
const isMasked = (number: string) => number.startsWith('•');

/**
 * Form values to the body: blank is "not given" on create and "clear it" on change. Selects hold
 * ids; the API takes references. A masked CDL left as it is stays as it is (not sent).
 */
const toBody = (editing: boolean, keepCdl: boolean) => (v: EmployeeValues) => {
  const blank = editing ? null : undefined;
  const text = cleanValues({ externalId: v.externalId, firstName: v.firstName, middleName: v.middleName, lastName: v.lastName, birthDate: v.birthDate, email: v.email, phone: v.phone }, blank) as object;
  const cdlGiven = v.cdl.number.trim() !== '' || v.cdl.state.trim() !== '';
  return {
    ...text,
    ...(editing ? {} : { company: v.company ? { id: v.company } : undefined }),
    location: v.location ? { id: v.location } : blank,
    dot: v.dot.agency ? { agency: { id: v.dot.agency }, jobCategory: v.dot.jobCategory ? { id: v.dot.jobCategory } : null } : blank,
    ...(keepCdl && !v.cdl.number.trim() ? {} : { cdl: cdlGiven ? { number: v.cdl.number.trim(), state: v.cdl.state.trim() } : blank }),
  };
};
type Output = z.output<typeof UpdateEmployeeBody>;

export function EmployeeFormDialog(props: ({ mode: 'create'; companyId?: string } | { mode: 'edit'; employee: Employee }) & { options: RosterOptions }) {
  const employee = props.mode === 'edit' ? props.employee : null;
  const { companies, locations, agencies } = props.options;
  const masked = Boolean(employee?.cdl && isMasked(employee.cdl.number));
  const form = useForm<EmployeeValues, unknown, Output>({
    resolver: employee ? bodyResolver<EmployeeValues, Output>(UpdateEmployeeBody, toBody(true, masked)) : bodyResolver<EmployeeValues, Output>(CreateEmployeeBody, toBody(false, false)),
    defaultValues: {
      company: employee?.company.id ?? (props.mode === 'create' ? (props.companyId ?? companies[0]?.id ?? '') : ''),
      externalId: employee?.externalId ?? '',
      firstName: employee?.firstName ?? '',
      middleName: employee?.middleName ?? '',
      lastName: employee?.lastName ?? '',
      birthDate: employee?.birthDate ?? '',
      email: employee?.email ?? '',
      phone: employee?.phone ?? '',
      location: employee?.location?.id ?? '',
      dot: { agency: employee?.dot?.agency.id ?? '', jobCategory: employee?.dot?.jobCategory?.id ?? '' },
      cdl: { number: employee?.cdl && !masked ? employee.cdl.number : '', state: employee?.cdl?.state ?? '' },
    },
  });
  const { unplaced, summary, dialog } = useResourceDialog<EmployeeValues, Output, Employee>({
    form,
    controls: CONTROLS,
    collection: '/api/v2/employees',
    existingId: employee?.id,
    savedTitle: (saved, created) => `${rosterName(saved)} ${created ? 'added' : 'saved'}`,
    pageOf: (saved) => `/employees/${saved.id}`,
  });
  const idPrefix = employee ? 'edit-employee' : 'new-employee';
  const company = useWatch({ control: form.control, name: 'company' });
  const agencyId = useWatch({ control: form.control, name: 'dot.agency' });
  const agency = agencies.find((a) => a.id === agencyId);
  const companyLocations = locations.filter((l) => l.companyId === company);
  const select = (name: 'company' | 'location' | 'dot.agency' | 'dot.jobCategory', label: string, children: React.ReactNode, hint?: string, required?: boolean) => {
    const id = `${idPrefix}-${name.replace('.', '-')}`;
    const error = errorAt(form.formState.errors, name);
    return (
      <Field label={label} htmlFor={id} error={error} hint={hint} required={required}>
        <Select
          id={id}
          invalid={Boolean(error)}
          aria-describedby={describedBy(id, error, hint)}
          aria-required={required || undefined}
          // Another company or agency: the location or job category chosen under the previous one no longer applies.
          {...form.register(name, { onChange: () => (name === 'company' ? form.setValue('location', '') : name === 'dot.agency' ? form.setValue('dot.jobCategory', '') : undefined) })}
        >
          {children}
        </Select>
      </Field>
    );
  };
  return (
    <FormDialog
      trigger={employee ? 'Edit employee' : 'Add employee'}
      triggerVariant={employee ? 'secondary' : 'primary'}
      title={employee ? `Edit ${rosterName(employee)}` : 'Add employee'}
      description={employee ? undefined : 'A person your company tests. DOT coverage decides which random pools they are in.'}
      submitLabel={employee ? 'Save changes' : 'Add employee'}
      formLabel={employee ? 'Edit employee' : 'Add employee'}
      {...dialog}
    >
      <ErrorSummary entries={unplaced} summaryRef={summary} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {employee ? null : select('company', 'Company', companies.map((c) => <option key={c.id} value={c.id}>{c.name}</option>), undefined, true)}
        <TextField form={form} idPrefix={idPrefix} name="externalId" label="Employee id" required hint="Your own id for the person, unique in the company" />
        <TextField form={form} idPrefix={idPrefix} name="firstName" label="First name" required autoComplete="off" />
        <TextField form={form} idPrefix={idPrefix} name="middleName" label="Middle name" autoComplete="off" />
        <TextField form={form} idPrefix={idPrefix} name="lastName" label="Last name" required autoComplete="off" />
        <TextField form={form} idPrefix={idPrefix} name="birthDate" label="Date of birth" type="date" />
        <TextField form={form} idPrefix={idPrefix} name="email" label="E-mail" type="email" autoComplete="off" />
        <TextField form={form} idPrefix={idPrefix} name="phone" label="Mobile phone" type="tel" autoComplete="off" hint="E.164, e.g. +12145550100" />
        {select(
          'location',
          'Location',
          <>
            <option value="">No location</option>
            {companyLocations.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </>,
        )}
      </div>
      <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-100">DOT coverage</legend>
        {select(
          'dot.agency',
          'Agency',
          <>
            <option value="">Non-DOT</option>
            {agencies.map((a) => (
              <option key={a.id} value={a.id}>
                {a.code} — {a.name}
              </option>
            ))}
          </>,
          'The DOT agency whose rules test this person',
        )}
        {select(
          'dot.jobCategory',
          'Job category',
          <>
            <option value="">None</option>
            {(agency?.jobCategories ?? []).map((j) => (
              <option key={j.id} value={j.id}>
                {j.name}
              </option>
            ))}
          </>,
        )}
      </fieldset>
      <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-100">Commercial driver&apos;s licence</legend>
        <TextField
          form={form}
          idPrefix={idPrefix}
          name="cdl.number"
          label="CDL number"
          className="sm:col-span-2"
          autoComplete="off"
          hint={masked && employee?.cdl ? `On file: ${employee.cdl.number}. Leave empty to keep it.` : undefined}
        />
        <TextField form={form} idPrefix={idPrefix} name="cdl.state" label="State" autoComplete="off" hint="Two letters, e.g. TX" />
      </fieldset>
    </FormDialog>
  );
}
