'use client';
/**
 * A multi-select of services as a disclosure with checkboxes: keyboard-native (the summary toggles
 * with Enter/Space, Tab walks the boxes, Escape closes), readable by screen readers, and small.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { serviceTypeLabel } from '@/components/reference/format';

export interface ServiceOption {
  id: string;
  name: string;
  type: string;
}

export function ServicePicker({ services, value, onChange, id, labelledBy }: { services: ServiceOption[]; value: string[]; onChange(ids: string[]): void; id: string; labelledBy: string }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [filter, setFilter] = useState('');
  const uid = useId();
  const chosen = new Set(value);
  const summary = value.length === 0 ? 'Any service' : value.length === 1 ? (services.find((s) => s.id === value[0])?.name ?? '1 service') : `${value.length} services`;
  const shown = filter ? services.filter((s) => s.name.toLowerCase().includes(filter.toLowerCase())) : services;

  useEffect(() => {
    function outside(e: MouseEvent) {
      if (ref.current?.open && !ref.current.contains(e.target as Node)) ref.current.open = false;
    }
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, []);

  return (
    <details
      ref={ref}
      className="group relative"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && ref.current?.open) {
          ref.current.open = false;
          ref.current.querySelector('summary')?.focus();
        }
      }}
    >
      <summary
        id={id}
        aria-labelledby={`${labelledBy} ${id}-value`}
        className="flex h-9 cursor-pointer list-none items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden"
      >
        <span id={`${id}-value`} className="truncate">
          {summary}
        </span>
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4 shrink-0 text-slate-500 transition-transform group-open:rotate-180">
          <path fillRule="evenodd" d="M5.2 7.2a.75.75 0 011.06 0L10 10.94l3.74-3.74a.75.75 0 111.06 1.06l-4.27 4.27a.75.75 0 01-1.06 0L5.2 8.26a.75.75 0 010-1.06z" clipRule="evenodd" />
        </svg>
      </summary>
      <div className="absolute left-0 z-[1000] mt-1 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        <label htmlFor={`${uid}-filter`} className="sr-only">
          Find a service
        </label>
        <input
          id={`${uid}-filter`}
          type="search"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          placeholder="Find a service"
          className="mb-2 block h-8 w-full rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 placeholder:text-slate-500 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
        />
        <fieldset>
          <legend className="sr-only">Clinics must offer all of</legend>
          <ul className="max-h-64 overflow-y-auto">
            {shown.map((s) => (
              <li key={s.id}>
                <label className="flex cursor-pointer items-start gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-slate-50 dark:hover:bg-slate-800">
                  <input
                    type="checkbox"
                    checked={chosen.has(s.id)}
                    onChange={(e) => onChange(e.target.checked ? [...value, s.id] : value.filter((v) => v !== s.id))}
                    className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-brand-600"
                  />
                  <span className="min-w-0">
                    <span className="block text-slate-900 dark:text-slate-100">{s.name}</span>
                    <span className="block text-xs text-slate-500 dark:text-slate-400">{serviceTypeLabel(s.type)}</span>
                  </span>
                </label>
              </li>
            ))}
            {shown.length === 0 && <li className="px-2 py-3 text-center text-sm text-slate-500 dark:text-slate-400">No service matches</li>}
          </ul>
        </fieldset>
        {value.length > 0 && (
          <div className="mt-1 flex justify-end border-t border-slate-100 pt-2 dark:border-slate-800">
            <button type="button" onClick={() => onChange([])} className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-slate-800">
              Clear services
            </button>
          </div>
        )}
      </div>
    </details>
  );
}
