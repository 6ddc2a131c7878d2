import { PageHeader } from '@/components/ui/page-header';
import { requireScope } from '@/lib/auth/page-context';

export default async function OrdersPage() {
  await requireScope('order.list');
  return <PageHeader title="Orders" description="Every order of your companies, newest first." />;
}
