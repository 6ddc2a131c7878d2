import Link from 'next/link';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/field';

/**
 * The pieces of a list page's GET filter form and its pages (the results inbox, the action center):
 * the filters live in the URL, so a filtered page can be bookmarked and works without JavaScript.
 */

/** The page's link with these filters (and page), leaving out what is unset. */
export function filterHref(path: string, filters: Record<string, string | undefined>, page: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** A GET form over `path` with its fields, a Filter button and, once something is filtered, Clear filters. */
export function FilterForm({ path, label, filtered, children }: { path: string; label: string; filtered: boolean; children: ReactNode }) {
  return (
    <form method="get" action={path} role="search" aria-label={label} className="mb-4 flex flex-wrap items-end gap-3">
      {children}
      <Button type="submit" variant="secondary" size="sm">
        Filter
      </Button>
      {filtered ? (
        <Link href={path} className="text-sm text-brand-700 hover:underline dark:text-brand-300">
          Clear filters
        </Link>
      ) : null}
    </form>
  );
}

/** A labelled select of the filter form. */
export function FilterSelect({ label, name, value, width, children }: { label: string; name: string; value: string; width: string; children: ReactNode }) {
  return (
    <label className="flex flex-col gap-1 text-sm text-slate-700 dark:text-slate-200">
      {label}
      <Select name={name} defaultValue={value} className={width}>
        {children}
      </Select>
    </label>
  );
}

/** One company or all of them; shown only to a user who sees more than one. */
export function CompanyFilter({ companies, value }: { companies: ReadonlyArray<{ id: string; name: string }>; value: string | undefined }) {
  if (companies.length <= 1) return null;
  return (
    <FilterSelect label="Company" name="companyId" value={value ?? ''} width="w-56">
      <option value="">All companies</option>
      {companies.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </FilterSelect>
  );
}

/** Previous / Page n of m / Next, for a list of more than one page. */
export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center gap-3 text-sm">
      {page > 1 ? (
        <Link href={href(page - 1)} className="text-brand-700 hover:underline dark:text-brand-300">
          ← Previous
        </Link>
      ) : null}
      <span className="text-slate-600 dark:text-slate-400">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link href={href(page + 1)} className="text-brand-700 hover:underline dark:text-brand-300">
          Next →
        </Link>
      ) : null}
    </nav>
  );
}
