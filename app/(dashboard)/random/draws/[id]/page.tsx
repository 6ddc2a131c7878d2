import type { Metadata } from 'next';
import { DrawView } from '@/components/random/draw-view';
import { requireScope } from '@/lib/auth/page-context';
import { companyAndLocationOptions } from '../../../orders/filter-options';

export const metadata: Metadata = { title: 'Random draw' };

/** A draw: its commitment and pool hash, the selections with their notification day, orders and excuses, and how to verify it. */
export default async function DrawPage({ params }: { params: Promise<{ id: string }> }) {
  const ctx = await requireScope('random.read');
  const { id } = await params;
  const canWrite = ctx.scopes.has('random.write');
  const locations = canWrite ? (await companyAndLocationOptions(ctx)).locations.map((l) => ({ id: l.id, name: l.name })) : [];
  return <DrawView id={id} canWrite={canWrite} locations={locations} canReadEmployees={ctx.scopes.has('employee.read')} requester={{ email: ctx.userEmail, name: ctx.userName ?? undefined }} />;
}
