/**
 * The Documents panel of the order page (issue 16): the retention day (49 CFR 382.401) for anyone
 * who sees the order, its documents for those with `document.read`, an upload for `document.write`.
 * A server component the order page mounts with one line.
 */
import { DocumentLinks } from '@/components/documents/document-links';
import { UploadDocument } from '@/components/documents/upload-document';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { can, type PageCtx } from '@/lib/auth/page-context';
import { listOrderDocuments } from '@/lib/domain/documents/queries';
import { getRetentionDay } from '@/lib/domain/orders/retention';

/** A calendar day: no time zone moves it. */
const RETENTION_DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

export async function OrderDocuments({ ctx, orderId }: { ctx: PageCtx; orderId: string }) {
  const canRead = can(ctx, 'document.read');
  const [retention, documents] = await Promise.all([
    getRetentionDay(ctx, orderId),
    canRead ? listOrderDocuments(ctx, orderId, { page: 1, limit: 20 }).then((p) => p.data) : null,
  ]);
  return (
    <Card aria-labelledby="documents-title" className="mt-6" data-testid="documents-panel">
      <CardHeader
        id="documents-title"
        title="Documents"
        description={
          retention ? (
            <span data-testid="retention-day">
              Kept until <time dateTime={retention}>{RETENTION_DAY.format(new Date(`${retention}T00:00:00Z`))}</time> (49 CFR 382.401), then their contents are removed.
            </span>
          ) : (
            'A retention day is set when the order reaches its end.'
          )
        }
      />
      <CardBody>
        {documents ? (
          <DocumentLinks documents={documents} />
        ) : (
          <p className="text-sm text-slate-500 dark:text-slate-400">Your role does not include reading result documents.</p>
        )}
        {can(ctx, 'document.write') ? <UploadDocument orderId={orderId} /> : null}
      </CardBody>
    </Card>
  );
}
