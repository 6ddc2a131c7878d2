'use client';
/**
 * An order for an employee of the roster (DESIGN.md 7.1): search the company's active employees by
 * name or external id, choose one, and the participant's fields are filled from them (still
 * editable: what is changed applies to this order only). The order then names the employee.
 */
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { apiGet, type Page } from '@/components/ui/api';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { useFieldError } from './controls';
import { Section } from './layout';
import type { EmployeeResponse, FormInput } from './types';

/** `initial`: the employee the form starts with ("Order a test" on their page), whose details the form's defaults already hold. */
export function EmployeePicker({ companyId, initial }: { companyId: string | undefined; initial?: EmployeeResponse }) {
  const { register, setValue, control } = useFormContext<FormInput>();
  const err = useFieldError();
  const [text, setText] = useState('');
  const search = useDeferredValue(text.trim());
  const [picked, setChosen] = useState<EmployeeResponse | null>(initial ?? null);
  // A location of another company: its roster, not the employee chosen before (whose hidden input,
  // unmounted, leaves the form's value: the form unregisters what it no longer shows).
  const chosen = picked && picked.company.id === companyId ? picked : null;
  const employeeId = useWatch({ control, name: 'employee.id' });
  const results = useQuery({
    queryKey: ['employees', 'search', { search, companyId }],
    queryFn: ({ signal }) => apiGet<Page<EmployeeResponse>>('/api/v2/employees', { search, companyId: companyId!, status: 'active', limit: 8 }, signal),
    enabled: Boolean(companyId) && search.length >= 2 && !chosen,
  });

  const choose = (e: EmployeeResponse) => {
    setChosen(e);
    setValue('employee.id', e.id);
    const fill = { firstName: e.firstName, lastName: e.lastName, middleName: e.middleName, birthDate: e.birthDate, email: e.email, phone: e.phone } as const;
    for (const [name, value] of Object.entries(fill)) setValue(`participant.${name as keyof typeof fill}`, value ?? undefined, { shouldValidate: false });
  };
  const clear = () => {
    setChosen(null);
    setValue('employee.id', undefined as unknown as string);
  };

  return (
    <Section
      id="employee-title"
      title="Employee"
      description="Optional: an employee of the company's roster. Their details fill the participant below; what you change there applies to this order only."
    >
      {chosen && employeeId ? (
        <div className="flex items-center justify-between gap-3 sm:col-span-2" data-testid="chosen-employee">
          <input type="hidden" {...register('employee.id')} />
          <p className="text-sm text-slate-900 dark:text-white">
            <span className="font-medium">
              {chosen.lastName}, {chosen.firstName}
            </span>{' '}
            <span className="text-slate-500 dark:text-slate-400">
              {chosen.externalId}
              {chosen.dot ? ` · ${chosen.dot.agency.code}` : ' · non-DOT'}
              {chosen.location ? ` · ${chosen.location.name}` : ''}
            </span>
          </p>
          <Button type="button" variant="secondary" onClick={clear}>
            Choose another
          </Button>
        </div>
      ) : (
        <div className="sm:col-span-2">
          <Field
            label="Search the roster"
            htmlFor="employee-search"
            error={err('employee.id')}
            hint={companyId ? 'A name, "Last, First" or an employee id; at least 2 characters.' : 'Choose a location first: the roster is its company\'s.'}
          >
            <Input id="employee-search" autoComplete="off" disabled={!companyId} value={text} onChange={(e) => setText(e.target.value)} />
          </Field>
          {search.length >= 2 && results.data ? (
            results.data.data.length ? (
              <ul className="mt-2 flex flex-col gap-1" aria-label="Employees found" data-testid="employee-choices">
                {results.data.data.map((e) => (
                  <li key={e.id}>
                    <button
                      type="button"
                      className="w-full rounded-lg border border-slate-300 px-3 py-2 text-left text-sm hover:border-brand-500 focus-visible:ring-2 focus-visible:ring-brand-500 dark:border-slate-700"
                      onClick={() => choose(e)}
                    >
                      <span className="font-medium text-slate-900 dark:text-white">
                        {e.lastName}, {e.firstName}
                      </span>{' '}
                      <span className="text-xs text-slate-500 dark:text-slate-400">
                        {e.externalId}
                        {e.dot ? ` · ${e.dot.agency.code}` : ' · non-DOT'}
                        {e.location ? ` · ${e.location.name}` : ''}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">No active employee of this company matches.</p>
            )
          ) : null}
        </div>
      )}
    </Section>
  );
}
