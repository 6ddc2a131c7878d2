'use client';
/**
 * Location and package, and what the package calls for: the agency for a DOT service, the job
 * category under an agency that names one. The packages of each location and what their services
 * decide come from the server with the page.
 */
import { useMemo } from 'react';
import { useFormContext } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Field, Select } from '@/components/ui/field';
import { humanize } from '../status';
import { reference, useFieldError } from './controls';
import { Section } from './layout';
import type { AgencyChoice, FormInput, LocationChoice, PackageChoice } from './types';

export function PackageFields({
  locations,
  locationId,
  available,
  pkg,
  agencies,
  agency,
}: {
  locations: LocationChoice[];
  locationId: string | undefined;
  /** The packages of the chosen location. */
  available: PackageChoice[];
  pkg: PackageChoice | undefined;
  agencies: AgencyChoice[];
  agency: AgencyChoice | undefined;
}) {
  const { register, resetField, getValues } = useFormContext<FormInput>();
  const err = useFieldError();
  const locationControl = register('location', { ...reference, onChange: () => resetField('package') });
  // The form's value is a reference (`{ id }`); a preset one (the employee's location) shows as its option.
  const locationRef = (el: HTMLSelectElement | null) => {
    locationControl.ref(el);
    const preset = getValues('location')?.id;
    if (el && preset) el.value = preset;
  };

  const groupedLocations = useMemo(() => {
    const groups = new Map<string, { name: string; items: LocationChoice[] }>();
    for (const l of locations) {
      const group = groups.get(l.companyId) ?? { name: l.companyName, items: [] };
      group.items.push(l);
      groups.set(l.companyId, group);
    }
    return [...groups.values()];
  }, [locations]);

  const rules = pkg?.rules;
  return (
    <Section id="what-title" title="Location and package" description="Where the order is placed, and which tests it orders.">
      <Field label="Location" htmlFor="location" required error={err('location')} className="sm:col-span-2">
        <Select id="location" invalid={Boolean(err('location'))} {...locationControl} ref={locationRef} aria-describedby={err('location') ? 'location-error' : undefined}>
          <option value="">Choose a location…</option>
          {groupedLocations.map((g) => (
            <optgroup key={g.name} label={g.name}>
              {g.items.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                  {l.city ? ` — ${l.city}, ${l.state ?? ''}` : ''}
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
      </Field>
      <Field
        label="Package"
        htmlFor="package"
        required
        error={err('package')}
        hint={!locationId ? 'Choose a location first: it decides the packages available.' : undefined}
        className="sm:col-span-2"
      >
        <Select id="package" disabled={!locationId} invalid={Boolean(err('package'))} {...register('package', reference)}>
          <option value="">{locationId ? (available.length === 0 ? 'No package is available here' : 'Choose a package…') : '—'}</option>
          {available.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
              {p.isDot ? ' (DOT)' : ''}
            </option>
          ))}
        </Select>
      </Field>
      {pkg ? (
        <div className="sm:col-span-2">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">Services in this package</p>
          <ul className="mt-2 flex flex-wrap gap-2" data-testid="package-services">
            {pkg.services.map((s) => (
              <li key={s.id} className="flex items-center gap-1.5 rounded-lg border border-slate-200 px-2.5 py-1.5 text-sm dark:border-slate-700">
                {s.name}
                {s.isDot ? <Badge tone="brand">DOT</Badge> : null}
                {s.specimenType ? <Badge tone="neutral">{humanize(s.specimenType)}</Badge> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {rules?.needsAgency ? (
        <Field label="Agency" htmlFor="agency" required error={err('agency')} hint="The package includes a DOT-regulated test.">
          <Select id="agency" invalid={Boolean(err('agency'))} {...register('agency', reference)}>
            <option value="">Choose the agency…</option>
            {agencies.map((a) => (
              <option key={a.id} value={a.id}>
                {a.code} — {a.name}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      {rules?.needsAgency && agency?.namesJobCategories ? (
        <Field
          label="Job category"
          htmlFor="job-category"
          required={rules.dotUrine}
          error={err('jobCategory')}
          hint={rules.dotUrine ? `Required for a DOT urine test under ${agency.code}.` : `Optional under ${agency.code} for this package.`}
        >
          <Select id="job-category" invalid={Boolean(err('jobCategory'))} {...register('jobCategory', reference)}>
            <option value="">Choose the job category…</option>
            {agency.jobCategories.map((j) => (
              <option key={j.id} value={j.id}>
                {j.name}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
    </Section>
  );
}
