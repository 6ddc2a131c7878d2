import type { Metadata } from 'next';
import { PoolView } from '@/components/random/pool-view';
import { requireScope } from '@/lib/auth/page-context';
import { poolOptions, programYear } from '../../options';

export const metadata: Metadata = { title: 'Random pool' };

/** A pool: its periods of the year (pool size, draw, selections and what became of them), and "Draw". */
export default async function PoolPage({ params }: { params: Promise<{ id: string }> }) {
  const ctx = await requireScope('random.read');
  const { id } = await params;
  const year = await programYear(ctx);
  const canWrite = ctx.scopes.has('random.write');
  const options = canWrite ? await poolOptions(ctx) : null;
  return <PoolView id={id} year={year} options={options} />;
}
