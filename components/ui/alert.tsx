import type { ReactNode } from 'react';
import { cn } from './cn';

const TONES = {
  info: 'border-sky-200 bg-sky-50 text-sky-900 dark:border-sky-900 dark:bg-sky-950/60 dark:text-sky-100',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100',
  warning: 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-100',
  danger: 'border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950/60 dark:text-red-100',
};

export function Alert({ tone = 'info', title, children, className, role }: { tone?: keyof typeof TONES; title?: ReactNode; children?: ReactNode; className?: string; role?: 'alert' | 'status' }) {
  return (
    <div role={role ?? (tone === 'danger' ? 'alert' : 'status')} className={cn('rounded-lg border px-4 py-3 text-sm', TONES[tone], className)}>
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? 'mt-1' : undefined}>{children}</div> : null}
    </div>
  );
}
