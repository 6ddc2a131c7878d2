'use client';
/**
 * A multi-select: a button that opens a panel of checkboxes. Escape or a click outside closes it;
 * the checkboxes are ordinary form controls, so Tab and Space work as everywhere.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from './cn';

export interface MultiSelectOption {
  value: string;
  label: string;
}

export function MultiSelect({
  label,
  options,
  value,
  onChange,
  placeholder = 'Any',
  id,
  className,
}: {
  label: string;
  options: readonly MultiSelectOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
  id?: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const buttonId = id ?? panelId + '-button';

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const selected = options.filter((o) => value.includes(o.value));
  const summary = selected.length === 0 ? placeholder : selected.length <= 2 ? selected.map((o) => o.label).join(', ') : `${selected.length} selected`;

  return (
    <div ref={root} className={cn('relative', className)}>
      <button
        ref={button}
        id={buttonId}
        type="button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="flex h-9 w-full items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 text-left text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-900"
      >
        <span className="sr-only">{label}: </span>
        <span className={cn('truncate', selected.length === 0 && 'text-slate-500 dark:text-slate-400')}>{summary}</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4 shrink-0 text-slate-400">
          <path d="M5.2 7.2a.75.75 0 011.06 0L10 10.94l3.74-3.74a.75.75 0 111.06 1.06l-4.27 4.27a.75.75 0 01-1.06 0L5.2 8.26a.75.75 0 010-1.06z" />
        </svg>
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute left-0 z-30 mt-1 max-h-80 w-64 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        <fieldset>
          <legend className="sr-only">{label}</legend>
          {options.map((o) => {
            const checked = value.includes(o.value);
            return (
              <label key={o.value} className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
                <input
                  type="checkbox"
                  className="h-4 w-4 rounded border-slate-300 accent-brand-600"
                  checked={checked}
                  onChange={() => onChange(checked ? value.filter((v) => v !== o.value) : [...value, o.value])}
                />
                {o.label}
              </label>
            );
          })}
        </fieldset>
        {value.length ? (
          <div className="border-t border-slate-200 p-1 dark:border-slate-700">
            <button type="button" onClick={() => onChange([])} className="w-full rounded-md px-2 py-1.5 text-left text-sm text-brand-700 hover:bg-slate-100 dark:text-brand-300 dark:hover:bg-slate-800">
              Clear selection
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
