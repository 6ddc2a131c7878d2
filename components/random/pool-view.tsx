'use client';
/**
 * A pool's page: what it is, its year to date, and its periods (pool size, the draw, selected,
 * completed, excused and lost per kind), with "Draw" for the current period behind the roster
 * confirmation.
 */
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { errorMessage } from '@/components/ui/api';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Breadcrumb, DescriptionList, linkClass } from '@/components/reference/ui';
import { DrawDialog } from './draw-dialog';
import { OnTrackBadge, YearToDate } from './progress-bar';
import { PoolFormDialog, type PoolOptions } from './pool-form';
import { poolSummary } from './pools-overview';
import { fetchPool, fetchProgress } from './random-api';
import { percent, randomKeys, type PerKind, type PoolProgress, type RandomPool } from './types';

export function PoolView({ id, year, options }: { id: string; year: number; options: PoolOptions | null }) {
  const pool = useQuery({ queryKey: randomKeys.pool(id), queryFn: ({ signal }) => fetchPool(id, signal) });
  const progress = useQuery({ queryKey: randomKeys.progress(id, year), queryFn: ({ signal }) => fetchProgress(id, year, signal) });
  if (pool.isPending) return <Skeleton className="h-96 w-full rounded-xl" />;
  if (pool.isError) return <EmptyState tone="error" title="This pool could not be read" description={errorMessage(pool.error)} />;
  const p = pool.data;
  const alcohol = p.alcoholRate !== null && p.alcoholRate > 0;
  return (
    <>
      <PageHeader
        eyebrow={<Breadcrumb parent="Random testing" href="/random" />}
        title={
          <span className="inline-flex flex-wrap items-center gap-3">
            {p.name} {p.isActive ? null : <Badge tone="muted">Inactive</Badge>}
          </span>
        }
        description={poolSummary(p)}
        actions={
          options ? (
            <div className="flex shrink-0 flex-wrap items-center gap-2 sm:flex-nowrap">
              <PoolFormDialog mode="edit" pool={p} options={options} year={year} />
              {p.isActive ? <DrawDialog pool={p} /> : null}
            </div>
          ) : undefined
        }
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-1">
          <Card aria-labelledby="pool-ytd">
            <CardHeader id="pool-ytd" title={`${year} to date`} actions={progress.data ? <OnTrackBadge onTrack={progress.data.onTrack} /> : null} />
            <CardBody>
              {progress.isPending ? <Skeleton className="h-12" /> : progress.isError ? <p className="text-sm text-red-700 dark:text-red-400">{errorMessage(progress.error)}</p> : <YearToDate progress={progress.data} alcohol={alcohol} />}
            </CardBody>
          </Card>
          <Card aria-labelledby="pool-details">
            <CardHeader id="pool-details" title="Details" />
            <CardBody>
              <PoolDetails pool={p} progress={progress.data} />
            </CardBody>
          </Card>
        </div>
        <div className="lg:col-span-2">
          <Card aria-labelledby="pool-periods" className="overflow-hidden">
            <CardHeader id="pool-periods" title={`Periods of ${year}`} description="A period is drawn once; its selections count when their orders are final. A selection still open at the period's end is lost, and the next periods make up for it." />
            {progress.isPending ? <Skeleton className="m-4 h-32" /> : progress.isError ? null : <Periods progress={progress.data} alcohol={alcohol} />}
          </Card>
        </div>
      </div>
    </>
  );
}

function PoolDetails({ pool, progress }: { pool: RandomPool; progress?: PoolProgress }) {
  return (
    <DescriptionList
      items={[
        { term: 'Kind', value: pool.kind === 'dot' ? 'DOT' : 'Non-DOT' },
        { term: 'Frequency', value: pool.frequency === 'monthly' ? 'Monthly' : 'Quarterly' },
        { term: 'Drug rate', value: percent(pool.drugRate) },
        { term: 'Alcohol rate', value: percent(pool.alcoholRate) },
        { term: 'Agencies', value: pool.kind === 'dot' ? pool.agencies.map((a) => a.code).join(', ') : 'None (non-DOT employees)' },
        { term: 'Members today', value: String(pool.memberCount) },
        { term: 'Mean pool size', value: progress ? String(progress.meanPoolSize) : null },
        { term: 'Companies', value: pool.companies.map((c) => c.name).join(', '), wide: true },
        { term: 'Drug test package', value: pool.packages.drug?.name ?? null },
        { term: 'Alcohol test package', value: pool.packages.alcohol?.name ?? null },
        {
          term: 'Members',
          value: pool.selectionMethod,
          wide: true,
        },
      ]}
    />
  );
}

const perKind = (n: PerKind, alcohol: boolean) => (alcohol ? `${n.drug} · ${n.alcohol}` : String(n.drug));

function Periods({ progress, alcohol }: { progress: PoolProgress; alcohol: boolean }) {
  const heads = ['Period', 'Pool size', 'Draw', `Selected${alcohol ? ' (drug · alcohol)' : ''}`, 'Completed', 'Excused', 'Lost'];
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800">
        <caption className="sr-only">Periods of the year</caption>
        <thead className="bg-slate-50/80 dark:bg-slate-900/60">
          <tr>
            {heads.map((h) => (
              <th key={h} scope="col" className="whitespace-nowrap px-4 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {progress.periods.map((p) => (
            <tr key={p.period}>
              <th scope="row" className="whitespace-nowrap px-4 py-3 text-left font-mono font-medium text-slate-900 dark:text-white">
                {p.period}
              </th>
              <td className="px-4 py-3 tabular-nums">{p.poolSize ?? '—'}</td>
              <td className="px-4 py-3">
                {p.draw ? (
                  <Link href={`/random/draws/${p.draw.id}`} className={linkClass}>
                    View draw
                  </Link>
                ) : (
                  <span className="text-slate-500 dark:text-slate-400">Not drawn</span>
                )}
              </td>
              <td className="px-4 py-3 tabular-nums">{perKind(p.selected, alcohol)}</td>
              <td className="px-4 py-3 tabular-nums">{perKind(p.completed, alcohol)}</td>
              <td className="px-4 py-3 tabular-nums">{perKind(p.excused, alcohol)}</td>
              <td className="px-4 py-3 tabular-nums">{perKind(p.lost, alcohol)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
