import type { Metadata } from 'next';
import Link from 'next/link';
import { ResultsInbox, type InboxRow } from '@/components/results/results-inbox';
import { PageHeader } from '@/components/ui/page-header';
import { can, requireScope } from '@/lib/auth/page-context';
import { documentsOfOrders } from '@/lib/domain/documents/queries';
import { listResultsInbox } from '@/lib/domain/orders/results-inbox';

export const metadata: Metadata = { title: 'Results' };

const LIMIT = 20;

export default async function ResultsPage({ searchParams }: { searchParams: Promise<{ page?: string }> }) {
  const ctx = await requireScope('order.update');
  const requested = Number((await searchParams).page ?? '1');
  const page = Number.isInteger(requested) && requested >= 1 && requested <= 10000 ? requested : 1;
  const inbox = await listResultsInbox(ctx, { page, limit: LIMIT });
  const documents = can(ctx, 'document.read') ? await documentsOfOrders(ctx, inbox.data.map((e) => e.order.id)) : null;
  const rows: InboxRow[] = inbox.data.map((e) => ({ ...e, documents: documents ? (documents.get(e.order.id) ?? []) : null }));
  const pages = Math.max(1, Math.ceil(inbox.total / LIMIT));
  return (
    <>
      <PageHeader
        title="Results"
        description={`${inbox.total} final ${inbox.total === 1 ? 'result' : 'results'} nobody has acknowledged yet. Verified positives, refusals and adulterated specimens come first.`}
      />
      <ResultsInbox rows={rows} canAcknowledge={can(ctx, 'order.update')} />
      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-6 flex items-center gap-3 text-sm">
          {page > 1 ? (
            <Link href={`/results?page=${page - 1}`} className="text-brand-700 hover:underline dark:text-brand-300">
              ← Previous
            </Link>
          ) : null}
          <span className="text-slate-600 dark:text-slate-400">
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link href={`/results?page=${page + 1}`} className="text-brand-700 hover:underline dark:text-brand-300">
              Next →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
