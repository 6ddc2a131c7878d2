import type { ReactNode } from 'react';
import { cn } from './cn';

export function EmptyState({ title, description, action, tone = 'neutral', className }: { title: ReactNode; description?: ReactNode; action?: ReactNode; tone?: 'neutral' | 'error'; className?: string }) {
  return (
    <div className={cn('flex flex-col items-center justify-center gap-2 px-6 py-12 text-center', className)} role={tone === 'error' ? 'alert' : undefined}>
      <div
        aria-hidden="true"
        className={cn(
          'mb-1 flex h-10 w-10 items-center justify-center rounded-full',
          tone === 'error' ? 'bg-red-50 text-red-600 dark:bg-red-950 dark:text-red-300' : 'bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400',
        )}
      >
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} className="h-5 w-5">
          {tone === 'error' ? (
            <path strokeLinecap="round" strokeLinejoin="round" d="M12 9v4m0 4h.01M10.3 3.9L2.4 17.6A2 2 0 004.1 20.6h15.8a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0z" />
          ) : (
            <path strokeLinecap="round" strokeLinejoin="round" d="M21 21l-4.3-4.3M10.5 18a7.5 7.5 0 110-15 7.5 7.5 0 010 15z" />
          )}
        </svg>
      </div>
      <p className="text-sm font-semibold text-slate-900 dark:text-white">{title}</p>
      {description ? <p className="max-w-md text-sm text-slate-500 dark:text-slate-400">{description}</p> : null}
      {action ? <div className="mt-3">{action}</div> : null}
    </div>
  );
}
