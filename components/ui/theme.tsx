'use client';
/**
 * Dark mode with the class strategy: `light`, `dark` or `system` (the default) is kept in
 * localStorage; THEME_SCRIPT (theme-script.ts) applies it in <head> before the first paint, so nothing flashes.
 */
import { useSyncExternalStore } from 'react';

import { THEME_STORAGE_KEY as KEY } from './theme-script';

export type ThemeChoice = 'light' | 'dark' | 'system';

const listeners = new Set<() => void>();

function readChoice(): ThemeChoice {
  try {
    const value = localStorage.getItem(KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

function apply(choice: ThemeChoice) {
  const dark = choice === 'dark' || (choice === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
}

export function setTheme(choice: ThemeChoice) {
  try {
    if (choice === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, choice);
  } catch {
    /* private mode: apply for this page only */
  }
  apply(choice);
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const media = matchMedia('(prefers-color-scheme: dark)');
  const onSystemChange = () => {
    if (readChoice() === 'system') apply('system');
    listener();
  };
  media.addEventListener('change', onSystemChange);
  return () => {
    listeners.delete(listener);
    media.removeEventListener('change', onSystemChange);
  };
}

export function useTheme(): ThemeChoice {
  return useSyncExternalStore(subscribe, readChoice, () => 'system');
}

const OPTIONS: Array<{ value: ThemeChoice; label: string; icon: React.ReactNode }> = [
  {
    value: 'light',
    label: 'Light',
    icon: (
      <path strokeLinecap="round" d="M12 3v1.5M12 19.5V21M4.2 4.2l1.1 1.1M18.7 18.7l1.1 1.1M3 12h1.5M19.5 12H21M4.2 19.8l1.1-1.1M18.7 5.3l1.1-1.1M16 12a4 4 0 11-8 0 4 4 0 018 0z" />
    ),
  },
  {
    value: 'dark',
    label: 'Dark',
    icon: <path strokeLinecap="round" strokeLinejoin="round" d="M20.4 15.4A8.5 8.5 0 018.6 3.6a8.5 8.5 0 1011.8 11.8z" />,
  },
  {
    value: 'system',
    label: 'System',
    icon: <path strokeLinecap="round" strokeLinejoin="round" d="M4 5h16v11H4zM9 20h6M12 16v4" />,
  },
];

/** A three-way segmented control: light, dark, system. */
export function ThemeToggle() {
  const theme = useTheme();
  return (
    <div role="radiogroup" aria-label="Colour theme" className="inline-flex rounded-lg border border-slate-200 bg-white p-0.5 dark:border-slate-700 dark:bg-slate-900">
      {OPTIONS.map((o) => (
        <button
          key={o.value}
          type="button"
          role="radio"
          aria-checked={theme === o.value}
          title={`${o.label} theme`}
          onClick={() => setTheme(o.value)}
          className="inline-flex h-7 w-8 items-center justify-center rounded-md text-slate-500 hover:text-slate-900 aria-checked:bg-slate-100 aria-checked:text-slate-900 dark:text-slate-400 dark:hover:text-white dark:aria-checked:bg-slate-700 dark:aria-checked:text-white"
        >
          <span className="sr-only">{o.label}</span>
          <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} className="h-4 w-4">
            {o.icon}
          </svg>
        </button>
      ))}
    </div>
  );
}
