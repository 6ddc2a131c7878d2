import type { Metadata } from 'next';
import { DrawView } from '@/components/random/draw-view';
import { requireScope } from '@/lib/auth/page-context';

export const metadata: Metadata = { title: 'Random draw' };

/** A draw: its commitment and pool hash, the selections with their notification day, orders and excuses, and how to verify it. */
export default async function DrawPage({ params }: { params: Promise<{ id: string }> }) {
  const ctx = await requireScope('random.read');
  const { id } = await params;
  return <DrawView id={id} canWrite={ctx.scopes.has('random.write')} canReadEmployees={ctx.scopes.has('employee.read')} requester={{ email: ctx.userEmail, name: ctx.userName ?? undefined }} />;
}
