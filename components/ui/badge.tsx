import type { ReactNode } from 'react';
import { cn } from './cn';

export type Tone = 'neutral' | 'info' | 'success' | 'warning' | 'danger' | 'brand' | 'muted';

const TONES: Record<Tone, string> = {
  neutral: 'bg-slate-100 text-slate-700 ring-slate-300/60 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600/60',
  muted: 'bg-slate-50 text-slate-500 ring-slate-200 dark:bg-slate-900 dark:text-slate-400 dark:ring-slate-700',
  info: 'bg-sky-50 text-sky-800 ring-sky-600/20 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-400/30',
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-400/30',
  warning: 'bg-amber-50 text-amber-800 ring-amber-600/25 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-400/30',
  danger: 'bg-red-50 text-red-800 ring-red-600/20 dark:bg-red-950 dark:text-red-200 dark:ring-red-400/30',
  brand: 'bg-brand-50 text-brand-800 ring-brand-600/20 dark:bg-brand-900/60 dark:text-brand-100 dark:ring-brand-400/30',
};

const DOTS: Record<Tone, string> = {
  neutral: 'bg-slate-400',
  muted: 'bg-slate-300 dark:bg-slate-600',
  info: 'bg-sky-500',
  success: 'bg-emerald-500',
  warning: 'bg-amber-500',
  danger: 'bg-red-500',
  brand: 'bg-brand-500',
};

export function Badge({ tone = 'neutral', dot = false, children, className, title }: { tone?: Tone; dot?: boolean; children: ReactNode; className?: string; title?: string }) {
  return (
    <span
      title={title}
      className={cn('inline-flex items-center gap-1.5 whitespace-nowrap rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset', TONES[tone], className)}
    >
      {dot ? <span aria-hidden="true" className={cn('h-1.5 w-1.5 rounded-full', DOTS[tone])} /> : null}
      {children}
    </span>
  );
}
