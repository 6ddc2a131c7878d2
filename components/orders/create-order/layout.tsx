/** The form's building blocks: a titled section card, and a choice among a few options shown as cards. */
import type { ReactNode } from 'react';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';

export function Section({ title, description, children, id }: { title: string; description?: ReactNode; children: ReactNode; id: string }) {
  return (
    <Card aria-labelledby={id}>
      <CardHeader id={id} title={title} description={description} />
      <CardBody className="grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</CardBody>
    </Card>
  );
}

export function RadioCards<T extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  error,
}: {
  name: string;
  legend: string;
  options: Array<{ value: T; label: string; hint: string }>;
  value: T | undefined;
  onChange: (value: T) => void;
  error?: string;
}) {
  return (
    <fieldset className="sm:col-span-2" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">{legend}</legend>
      <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-3">
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'flex cursor-pointer flex-col rounded-lg border px-3 py-2.5 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
              value === o.value
                ? 'border-brand-500 bg-brand-50 dark:border-brand-400 dark:bg-brand-500/10'
                : 'border-slate-300 hover:border-slate-400 dark:border-slate-700 dark:hover:border-slate-500',
            )}
          >
            <span className="flex items-center gap-2 font-medium text-slate-900 dark:text-white">
              <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} className="accent-brand-600" />
              {o.label}
            </span>
            <span className="mt-0.5 pl-5 text-xs text-slate-600 dark:text-slate-300">{o.hint}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${name}-error`} role="alert" className="mt-1.5 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
