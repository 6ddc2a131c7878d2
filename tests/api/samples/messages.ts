/** Samples of lib/api/operations/messages.ts for the isolation matrix and the fuzz run (see ../operation-samples.ts). */
import type { Fixtures, SampleOf } from '../operation-samples';
import { missing } from './ids';

export const samples = {
  listOrderMessages: (f) => ({ path: `/api/v2/orders/${f.orderId}/messages`, missingPath: `/api/v2/orders/${missing}/messages`, companyScoped: true }),
} satisfies Record<string, SampleOf>;

/** Resources the samples need, made once with the admin token `t`; merged into the fixtures. */
export async function fixtures(_t: string, _base: Fixtures): Promise<Record<string, string>> {
  return {};
}
