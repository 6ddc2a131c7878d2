/**
 * The home page's lead (DESIGN.md 7.4): the five most urgent open actions, overdue first, with a
 * link to the action center. Nothing when none is open.
 */
import Link from 'next/link';
import type { Action } from '@/lib/api/representations';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ActionList, type ActionPermissions } from './action-list';

export function UrgentActions({ actions, total, offsetMs, can }: { actions: Action[]; total: number; offsetMs: number; can: ActionPermissions }) {
  if (actions.length === 0) return null;
  return (
    <Card aria-labelledby="urgent-actions-title" className="mb-4" data-testid="urgent-actions">
      <CardHeader
        id="urgent-actions-title"
        title="Most urgent actions"
        description="What is due under a rule, overdue first."
        actions={
          <Link href="/actions" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
            All {total} open {total === 1 ? 'action' : 'actions'} →
          </Link>
        }
      />
      <CardBody>
        <ActionList actions={actions} offsetMs={offsetMs} can={can} compact />
      </CardBody>
    </Card>
  );
}
