'use client';
import { useRouter } from 'next/navigation';
import { useId, useTransition } from 'react';
import { hrefWith, type Params } from './search-params';

/** The API's limits: at most 20 items per page (spec section 8). */
const SIZES = [10, 20];

export function PageSizeSelect({ path, params, limit }: { path: string; params: Params; limit: number }) {
  const router = useRouter();
  const id = useId();
  const [pending, startTransition] = useTransition();
  return (
    <div className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
      <label htmlFor={id}>Rows per page</label>
      <select
        id={id}
        value={limit}
        disabled={pending}
        onChange={(e) => startTransition(() => router.push(hrefWith(path, params, { limit: e.target.value === '10' ? undefined : e.target.value, page: undefined })))}
        className="h-8 rounded-md border border-slate-300 bg-white pl-2 pr-7 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        {(SIZES.includes(limit) ? SIZES : [...SIZES, limit].sort((a, b) => a - b)).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </div>
  );
}
