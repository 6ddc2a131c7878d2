/** Samples of lib/api/operations/actions.ts for the isolation matrix and the fuzz run (see ../operation-samples.ts). */
import { raiseAction } from '@/lib/domain/actions';
import { newId } from '@/lib/ids';
import { DEMO } from '@/lib/seed';
import { db } from '../harness';
import type { Fixtures, SampleOf } from '../operation-samples';
import { missing } from './ids';

const byId = (id: string, tail = '') => ({ path: `/api/v2/actions/${id}${tail}`, missingPath: `/api/v2/actions/${missing}${tail}`, companyScoped: true });

export const samples = {
  listActions: () => ({ path: '/api/v2/actions', companyScoped: true }),
  getAction: (f) => byId(f.actionId),
  resolveAction: (f) => ({ ...byId(f.resolvableActionId, '/resolution'), body: { note: 'Called the lab: the specimen arrived.' } }),
  dismissAction: (f) => ({ ...byId(f.dismissableActionId, '/dismissal'), body: { note: 'Handled on the phone.' } }),
} satisfies Record<string, SampleOf>;

/**
 * Three open actions of Acme's primary company (one per operation that changes one), of types no
 * sweep resolves by itself (a sweep of Acme may run beside the samples): an expired order to review
 * and a disabled endpoint stay open until a person closes them.
 */
export async function fixtures(_t: string, base: Fixtures): Promise<Record<string, string>> {
  const raise = async (type: string, subject: { object: 'order' | 'webhookEndpoint'; id: string } = { object: 'order', id: base.orderId }) => {
    const made = await raiseAction(db(), {
      tenantId: DEMO.tenants.acme.id,
      companyId: DEMO.acme.companies.primary,
      type,
      severity: 'high',
      title: `Sample ${type}`,
      subject,
      dueAt: new Date(Date.now() + 3_600_000),
      citation: null,
    });
    if (!made) throw new Error(`${type}: already open`);
    return made.id;
  };
  return {
    actionId: await raise('mroCannotReachDonor'),
    resolvableActionId: await raise('orderExpiredUncollected'),
    dismissableActionId: await raise('webhookEndpointDisabled', { object: 'webhookEndpoint', id: newId() }),
  };
}
