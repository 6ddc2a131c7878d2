import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/page-header';
import { PoolFormDialog } from '@/components/random/pool-form';
import { PoolsOverview } from '@/components/random/pools-overview';
import { requireScope } from '@/lib/auth/page-context';
import { poolOptions, programYear } from './options';

export const metadata: Metadata = { title: 'Random testing' };

/** Random testing (DESIGN.md 7.2): the pools, each with its year to date against the required count. */
export default async function RandomPage() {
  const ctx = await requireScope('random.read');
  const year = await programYear(ctx);
  const options = ctx.scopes.has('random.write') ? await poolOptions(ctx) : null;
  return (
    <>
      <PageHeader
        title="Random testing"
        description={`Your random pools and where each stands in ${year}: tests completed against the count its rates require. Every draw can be re-checked by anyone from its certificate.`}
        actions={options ? <PoolFormDialog mode="create" options={options} year={year} /> : undefined}
      />
      <PoolsOverview year={year} />
    </>
  );
}
