'use client';
/**
 * The pools of the account (GET /api/v2/random-pools), each with its year to date
 * (GET /api/v2/random-pools/{id}/progress?year=): tests completed against the required count, per
 * kind, and whether the pool is on track.
 */
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { errorMessage } from '@/components/ui/api';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { OnTrackBadge, YearToDate } from './progress-bar';
import { fetchPools, fetchProgress } from './random-api';
import { percent, randomKeys, type RandomPool } from './types';

export function poolSummary(pool: RandomPool): string {
  const who = pool.kind === 'dot' ? pool.agencies.map((a) => a.code).join(' + ') : 'Non-DOT';
  const companies = pool.companies.length === 1 ? pool.companies[0].name : `${pool.companies.length} companies (consortium)`;
  return `${who} · ${companies} · ${pool.frequency === 'monthly' ? 'Monthly' : 'Quarterly'}`;
}

export function PoolsOverview({ year }: { year: number }) {
  const pools = useQuery({ queryKey: randomKeys.pools(), queryFn: ({ signal }) => fetchPools(signal) });
  if (pools.isPending) return <Skeleton className="h-48 w-full rounded-xl" />;
  if (pools.isError) return <EmptyState tone="error" title="The pools could not be read" description={errorMessage(pools.error)} />;
  if (pools.data.length === 0)
    return (
      <Card>
        <EmptyState title="No random pools yet" description="A pool groups the employees drawn together: the DOT-covered ones of an agency, or your non-DOT employees." />
      </Card>
    );
  return (
    <ul className="grid gap-6 lg:grid-cols-2" aria-label="Random pools">
      {pools.data.map((pool) => (
        <li key={pool.id}>
          <PoolCard pool={pool} year={year} />
        </li>
      ))}
    </ul>
  );
}

function PoolCard({ pool, year }: { pool: RandomPool; year: number }) {
  const progress = useQuery({ queryKey: randomKeys.progress(pool.id, year), queryFn: ({ signal }) => fetchProgress(pool.id, year, signal) });
  return (
    <Card aria-label={pool.name}>
      <CardHeader
        title={
          <Link href={`/random/pools/${pool.id}`} className="hover:underline">
            {pool.name}
          </Link>
        }
        description={poolSummary(pool)}
        actions={
          <>
            {pool.isActive ? null : <Badge tone="muted">Inactive</Badge>}
            {progress.data ? <OnTrackBadge onTrack={progress.data.onTrack} /> : null}
          </>
        }
      />
      <CardBody className="space-y-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Rates: {percent(pool.drugRate)} drug, {percent(pool.alcoholRate)} alcohol
          {` · ${pool.memberCount} members today`}
        </p>
        {progress.isPending ? (
          <Skeleton className="h-12" />
        ) : progress.isError ? (
          <p className="text-sm text-red-700 dark:text-red-400">{errorMessage(progress.error)}</p>
        ) : (
          <YearToDate progress={progress.data} alcohol={pool.alcoholRate !== null && pool.alcoholRate > 0} />
        )}
      </CardBody>
    </Card>
  );
}
