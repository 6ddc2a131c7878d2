/**
 * Server-side pagination as links: the page number is part of the URL, so every page of a list is
 * shareable and the browser's back button walks through them.
 */
import Link from 'next/link';
import { formatNumber } from './format';
import { PageSizeSelect } from './page-size-select';
import { hrefWith, type Params } from './search-params';

/** Page numbers to show: first, last, and a window around the current one, with gaps. */
export function pageWindow(current: number, last: number): Array<number | 'gap'> {
  const pages = new Set([1, last, current - 1, current, current + 1].filter((p) => p >= 1 && p <= last));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: Array<number | 'gap'> = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push(p - sorted[i - 1] === 2 ? p - 1 : 'gap');
    out.push(p);
  });
  return out;
}

const base = 'inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-sm font-medium';
const idle = `${base} text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800`;
const disabled = `${base} cursor-default text-slate-400 dark:text-slate-600`;

export function Pagination({ path, params, page, limit, total, noun }: { path: string; params: Params; page: number; limit: number; total: number; noun: string }) {
  const last = Math.max(1, Math.ceil(total / limit));
  const from = total === 0 ? 0 : Math.min(total, (page - 1) * limit + 1);
  const to = Math.min(total, page * limit);
  const href = (p: number) => hrefWith(path, params, { page: p === 1 ? undefined : p });
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 dark:border-slate-800">
      <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {total === 0 ? (
          <>No {noun}</>
        ) : from > total || page > last ? (
          <>Page {formatNumber(page)} is past the end ({formatNumber(total)} {noun})</>
        ) : (
          <>
            Showing <span className="font-medium text-slate-900 dark:text-white">{formatNumber(from)}</span>–<span className="font-medium text-slate-900 dark:text-white">{formatNumber(to)}</span> of{' '}
            <span className="font-medium text-slate-900 dark:text-white" data-testid="total">
              {formatNumber(total)}
            </span>{' '}
            {noun}
          </>
        )}
      </p>
      <div className="flex flex-wrap items-center gap-4">
        <PageSizeSelect path={path} params={params} limit={limit} />
        {last > 1 || page > 1 ? (
          <nav aria-label="Pagination" className="flex items-center gap-1">
            {page > 1 ? (
              <Link href={href(Math.min(page - 1, last))} className={idle} rel="prev">
                <span aria-hidden="true">‹</span>&nbsp;Previous
              </Link>
            ) : (
              <span className={disabled} aria-disabled="true">
                <span aria-hidden="true">‹</span>&nbsp;Previous
              </span>
            )}
            <ul className="hidden items-center gap-1 sm:flex">
              {pageWindow(Math.min(page, last), last).map((p, i) =>
                p === 'gap' ? (
                  <li key={`gap-${i}`} className="px-1 text-slate-400" aria-hidden="true">
                    …
                  </li>
                ) : (
                  <li key={p}>
                    {p === page ? (
                      <span aria-current="page" className={`${base} bg-brand-600 text-white dark:bg-brand-500`}>
                        <span className="sr-only">Page </span>
                        {p}
                      </span>
                    ) : (
                      <Link href={href(p)} className={idle}>
                        <span className="sr-only">Page </span>
                        {p}
                      </Link>
                    )}
                  </li>
                ),
              )}
            </ul>
            {page < last ? (
              <Link href={href(page + 1)} className={idle} rel="next">
                Next&nbsp;<span aria-hidden="true">›</span>
              </Link>
            ) : (
              <span className={disabled} aria-disabled="true">
                Next&nbsp;<span aria-hidden="true">›</span>
              </span>
            )}
          </nav>
        ) : null}
      </div>
    </div>
  );
}
