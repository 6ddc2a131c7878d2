import type { Metadata } from 'next';
import { Suspense } from 'react';
import { UrgentActions } from '@/components/actions/urgent-actions';
import { SetupChecklist } from '@/components/onboarding/checklist';
import { OrdersTable } from '@/components/orders/orders-table';
import { DeadlinesClosingSoon } from '@/components/orders/deadline-closing';
import { ButtonLink } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { scopeInWords } from '@/components/orders/scope-words';
import { can, requireScope } from '@/lib/auth/page-context';
import { mostUrgentActions } from '@/lib/domain/actions';
import { tenantClockOffset } from '@/lib/domain/clock';
import { setupProgress } from '@/lib/domain/tenants/setup-progress';
import { openActionCount } from '../page-reads';
import { companyAndLocationOptions } from './filter-options';

export const metadata: Metadata = { title: 'Orders' };

export default async function OrdersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const ctx = await requireScope('order.list');
  const { denied } = await searchParams;
  // Side by side: the filter options (kept briefly, lib/domain/companies/options.ts), the setup
  // checklist, for admins (who can do its steps), until every step is done: a first order does not
  // make the webhook or the colleague step done (issue 29); and the five most urgent open actions
  // the home page leads with (DESIGN.md 7.4), their total shared with the layout's badge.
  const [{ companies, locations }, progress, urgent] = await Promise.all([
    companyAndLocationOptions(ctx),
    ctx.role === 'admin' ? setupProgress(ctx.db, ctx.tenantId) : null,
    can(ctx, 'action.read') ? Promise.all([mostUrgentActions(ctx, 5), openActionCount(ctx), tenantClockOffset(ctx.db, ctx.tenantId)]) : null,
  ]);
  const setup = progress && !progress.complete ? progress : null;
  const readOnly = !can(ctx, 'order.create') && !can(ctx, 'order.cancel');
  return (
    <>
      <PageHeader
        title="Orders"
        description="Every order of your companies. Filters are kept in the address, so a view can be shared as a link."
        actions={
          can(ctx, 'order.create') ? (
            <ButtonLink href="/orders/new">
              <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4">
                <path d="M10.75 4.75a.75.75 0 00-1.5 0v4.5h-4.5a.75.75 0 000 1.5h4.5v4.5a.75.75 0 001.5 0v-4.5h4.5a.75.75 0 000-1.5h-4.5v-4.5z" />
              </svg>
              New order
            </ButtonLink>
          ) : null
        }
      />
      {denied ? (
        <p role="alert" className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-100">
          Your role does not allow that page: {String(denied) === 'admin' ? 'it is for administrators' : `it needs the permission “${scopeInWords(String(denied))}”`}. Ask an
          administrator of your company if you need it.
        </p>
      ) : null}
      {readOnly ? (
        <p role="note" data-testid="read-only-notice" className="mb-4 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900 dark:border-sky-900 dark:bg-sky-950/60 dark:text-sky-100">
          You have read-only access: you can find, open and export orders, but not place or cancel them.
        </p>
      ) : null}
      {setup ? <SetupChecklist progress={setup} /> : null}
      {urgent ? (
        <UrgentActions actions={urgent[0]} total={urgent[1]} offsetMs={urgent[2]} can={{ write: can(ctx, 'action.write'), acknowledge: can(ctx, 'order.update') }} />
      ) : null}
      <DeadlinesClosingSoon />
      <Suspense fallback={<Skeleton className="h-[720px] w-full rounded-xl" />}>
        <OrdersTable companies={companies} locations={locations} />
      </Suspense>
    </>
  );
}
