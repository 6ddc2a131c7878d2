import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { ClinicMiniMap } from '@/components/orders/clinic-mini-map';
import { formatAddress } from '@/components/orders/format';
import { OrderDetail } from '@/components/orders/order-detail';
import { Skeleton } from '@/components/ui/skeleton';
import { can, requireScope } from '@/lib/auth/page-context';
import { getClinic } from '@/lib/domain/clinics';
import { DomainError } from '@/lib/domain/errors';
import { listOrderAudit } from '@/lib/domain/orders/audit-trail';
import { getOrder } from '@/lib/domain/orders/queries';
import { OrderDocuments } from '../../results/order-documents';

export const metadata: Metadata = { title: 'Order' };

const isNotFound = (error: unknown) => error instanceof DomainError && error.entries[0]?.code === 'notFound';

export default async function OrderPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const ctx = await requireScope('order.read');
  const order = await getOrder(ctx, id).catch((error) => {
    if (isNotFound(error)) notFound();
    throw error;
  });
  // The audit trail and the clinic side by side, once the order is known to be the principal's.
  const [audit, clinic] = await Promise.all([
    listOrderAudit(ctx, id),
    order.clinic && can(ctx, 'clinic.read') ? getClinic(ctx, order.clinic.id).catch(() => null) : null,
  ]);

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link href="/orders" className="text-slate-500 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white">
          ← Orders
        </Link>
      </nav>
      {can(ctx, 'order.cancel') ? null : (
        <p role="note" data-testid="read-only-notice" className="mb-4 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900 dark:border-sky-900 dark:bg-sky-950/60 dark:text-sky-100">
          You have read-only access: you can follow this order but not cancel or change it.
        </p>
      )}
      <OrderDetail
        initialOrder={order}
        audit={audit}
        user={{ email: ctx.userEmail, name: ctx.userName }}
        permissions={{
          cancel: can(ctx, 'order.cancel'),
          readIdentifiers: can(ctx, 'order.participant.read'),
          readDeliveries: can(ctx, 'webhook.read'),
          redeliver: can(ctx, 'webhook.write'),
          update: can(ctx, 'order.update'),
          create: can(ctx, 'order.create'),
        }}
        clinicMap={
          clinic?.coordinates ? (
            <ClinicMiniMap lat={clinic.coordinates.lat} long={clinic.coordinates.long} label={clinic.name} caption={formatAddress(order.clinic?.address)} />
          ) : null
        }
      />
      {/* Streamed after the order's own panels (issue 34): the page does not wait for the documents. */}
      <Suspense fallback={<Skeleton className="mt-6 h-40 w-full rounded-xl" />}>
        <OrderDocuments ctx={ctx} orderId={order.id} />
      </Suspense>
    </>
  );
}
