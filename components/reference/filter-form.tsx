'use client';
/**
 * The filters of a reference list. The state lives in the URL: applying filters navigates to
 * `?name=...&companyId=...` (page reset to 1, rows-per-page kept). Text fields apply on Enter, on
 * "Apply" and after a short pause in typing; selects apply when changed. Without JavaScript it is a
 * plain GET form and works the same way.
 */
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { hrefWith, type Params } from './search-params';

export type FilterField =
  | { type: 'text'; name: string; label: string; placeholder?: string; maxLength?: number }
  | { type: 'select'; name: string; label: string; anyLabel: string; options: Array<{ value: string; label: string }> };

const TYPING_PAUSE_MS = 400;

export function FilterForm({ path, fields, values, label }: { path: string; fields: FilterField[]; values: Params; label: string }) {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [pending, startTransition] = useTransition();
  const uid = useId();
  const names = fields.map((f) => f.name);
  const active = names.filter((n) => values[n]).length;

  // Back/forward or a link changed the URL: show its filters (but never fight the user's typing).
  // On the first run, a field changed before the page became interactive is applied instead.
  const hydrated = useRef(false);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
    if (!hydrated.current) {
      hydrated.current = true;
      if (names.some((name) => (field(name)?.value.trim() ?? '') !== (values[name] ?? ''))) {
        apply();
        return;
      }
    }
    for (const name of names) {
      const el = field(name);
      if (el && el !== document.activeElement) el.value = values[name] ?? '';
    }
  });

  useEffect(() => () => clearTimeout(timer.current), []);

  function apply() {
    clearTimeout(timer.current);
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    const changes: Record<string, string | undefined> = { page: undefined };
    for (const name of names) changes[name] = String(data.get(name) ?? '').trim() || undefined;
    const href = hrefWith(path, values, changes);
    if (href === hrefWith(path, values)) return;
    startTransition(() => router.replace(href, { scroll: false }));
  }

  function clear() {
    clearTimeout(timer.current);
    const form = formRef.current;
    const changes: Record<string, undefined> = { page: undefined };
    for (const name of names) {
      changes[name] = undefined;
      const el = form?.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
      if (el) el.value = '';
    }
    startTransition(() => router.replace(hrefWith(path, values, changes), { scroll: false }));
  }

  return (
    <form
      ref={formRef}
      role="search"
      aria-label={label}
      method="get"
      action={path}
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
      className="flex flex-wrap items-end gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800"
    >
      {values.limit && <input type="hidden" name="limit" value={values.limit} />}
      {fields.map((f) => {
        const id = `${uid}-${f.name}`;
        return (
          <div key={f.name} className={f.type === 'text' ? 'w-full min-w-40 flex-1 sm:w-auto sm:max-w-64' : 'w-full min-w-40 sm:w-auto sm:max-w-60'}>
            <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600 dark:text-slate-400">
              {f.label}
            </label>
            {f.type === 'text' ? (
              <Input
                id={id}
                name={f.name}
                type="search"
                defaultValue={values[f.name] ?? ''}
                placeholder={f.placeholder}
                maxLength={f.maxLength ?? 255}
                autoComplete="off"
                onChange={() => {
                  clearTimeout(timer.current);
                  timer.current = setTimeout(apply, TYPING_PAUSE_MS);
                }}
              />
            ) : (
              <Select id={id} name={f.name} defaultValue={values[f.name] ?? ''} onChange={apply}>
                <option value="">{f.anyLabel}</option>
                {f.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </Select>
            )}
          </div>
        );
      })}
      <div className="flex items-center gap-2">
        <Button type="submit">Apply</Button>
        {active > 0 && (
          <Button variant="ghost" onClick={clear}>
            Clear filters
            <span className="rounded-full bg-slate-200 px-1.5 text-xs text-slate-700 dark:bg-slate-700 dark:text-slate-200">{active}</span>
          </Button>
        )}
        <span role="status" aria-live="polite" className="ml-1 inline-flex h-5 w-5 items-center">
          {pending && (
            <>
              <span className="sr-only">Loading results</span>
              <Spinner className="h-4 w-4 text-brand-600 dark:text-brand-400" />
            </>
          )}
        </span>
      </div>
    </form>
  );
}
