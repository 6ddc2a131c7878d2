'use client';
/**
 * Toasts for the results of actions: a polite live region (assertive for errors), stacked at the
 * bottom right, dismissed after a few seconds or by their close button. `useToast().show(...)`.
 */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { cn } from './cn';

export type ToastTone = 'success' | 'error' | 'info';
interface Toast {
  id: number;
  tone: ToastTone;
  title: string;
  description?: string;
}

interface ToastApi {
  show(toast: { tone?: ToastTone; title: string; description?: string }): void;
  success(title: string, description?: string): void;
  error(title: string, description?: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs <ToastProvider>');
  return api;
}

const TONE_CLASS: Record<ToastTone, string> = {
  success: 'border-emerald-200 dark:border-emerald-800',
  error: 'border-red-200 dark:border-red-800',
  info: 'border-slate-200 dark:border-slate-700',
};
const ICON_CLASS: Record<ToastTone, string> = {
  success: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-900 dark:text-emerald-200',
  error: 'bg-red-100 text-red-700 dark:bg-red-900 dark:text-red-200',
  info: 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300',
};

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback<ToastApi['show']>(
    ({ tone = 'info', title, description }) => {
      const id = next.current++;
      setToasts((all) => [...all.slice(-3), { id, tone, title, description }]);
      setTimeout(() => dismiss(id), tone === 'error' ? 8000 : 5000);
    },
    [dismiss],
  );
  const api = useMemo<ToastApi>(
    () => ({ show, success: (title, description) => show({ tone: 'success', title, description }), error: (title, description) => show({ tone: 'error', title, description }) }),
    [show],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end">
        {(['polite', 'assertive'] as const).map((live) => (
          <div key={live} aria-live={live} aria-relevant="additions" className="flex w-full flex-col items-center gap-2 sm:items-end">
            {toasts
              .filter((t) => (t.tone === 'error') === (live === 'assertive'))
              .map((t) => (
                <div
                  key={t.id}
                  data-testid="toast"
                  className={cn(
                    'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border bg-white px-4 py-3 shadow-lg dark:bg-slate-900',
                    TONE_CLASS[t.tone],
                  )}
                >
                  <span aria-hidden="true" className={cn('mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full text-xs font-bold', ICON_CLASS[t.tone])}>
                    {t.tone === 'success' ? '✓' : t.tone === 'error' ? '!' : 'i'}
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="text-sm font-medium text-slate-900 dark:text-white">{t.title}</p>
                    {t.description ? <p className="mt-0.5 text-sm break-words text-slate-600 dark:text-slate-300">{t.description}</p> : null}
                  </div>
                  <button
                    type="button"
                    onClick={() => dismiss(t.id)}
                    className="-m-1 rounded p-1 text-slate-400 hover:text-slate-700 dark:hover:text-slate-200"
                    aria-label="Dismiss notification"
                  >
                    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4">
                      <path d="M6.3 5.3a1 1 0 00-1.4 1.4L8.6 10l-3.7 3.3a1 1 0 101.4 1.4L10 11.4l3.7 3.3a1 1 0 001.4-1.4L11.4 10l3.7-3.3a1 1 0 00-1.4-1.4L10 8.6 6.3 5.3z" />
                    </svg>
                  </button>
                </div>
              ))}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
