import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { PageHeader } from '@/components/ui/page-header';
import { EndpointDetail } from '@/components/webhooks/endpoint-detail';
import { requireScope } from '@/lib/auth/page-context';
import { tenantNow } from '@/lib/domain/clock';
import { DomainError } from '@/lib/domain/errors';
import { getWebhookEndpoint } from '@/lib/domain/webhook-endpoints';
import { canWriteEndpoints, endpointChoices } from '../../choices';

export const metadata: Metadata = { title: 'Webhook endpoint' };

const isNotFound = (error: unknown) => error instanceof DomainError && error.entries[0]?.code === 'notFound';

export default async function WebhookEndpointPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const ctx = await requireScope('webhook.read');
  const [endpoint, { eventTypes, companies }, now] = await Promise.all([
    getWebhookEndpoint(ctx, id).catch((error) => {
      if (isNotFound(error)) notFound();
      throw error;
    }),
    endpointChoices(ctx),
    tenantNow(ctx),
  ]);
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link href="/webhooks" className="text-slate-500 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white">
          ← Webhooks
        </Link>
      </nav>
      <PageHeader title="Webhook endpoint" description="What it receives, its secret, test sends, recovery and every delivery sent to it." />
      <EndpointDetail initial={endpoint} eventTypes={eventTypes} companies={companies} canWrite={canWriteEndpoints(ctx)} now={now.toISOString()} />
    </>
  );
}
