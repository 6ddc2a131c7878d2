/** Samples of lib/api/operations/pass.ts for the isolation matrix and the fuzz run (see ../operation-samples.ts). */
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/db/client';
import { db } from '../harness';
import type { Fixtures, SampleOf } from '../operation-samples';
import { missing } from './ids';

/** Each extension sample asks for a later expiry than the one before (the rule is "later than the current one"). */
let extensions = 0;

export const samples = {
  getOrderPass: (f) => ({ path: `/api/v2/orders/${f.orderId}/pass`, missingPath: `/api/v2/orders/${missing}/pass`, companyScoped: true }),
  reissueOrderPass: (f) => ({ path: `/api/v2/orders/${f.orderId}/pass`, missingPath: `/api/v2/orders/${missing}/pass`, body: {}, companyScoped: true }),
  extendOrderExpiration: (f) => ({
    path: `/api/v2/orders/${f.orderId}/expiration`,
    missingPath: `/api/v2/orders/${missing}/expiration`,
    body: { expiresAt: new Date(Date.parse(f.orderCreatedAt) + 30 * 86_400_000 + ++extensions * 1000).toISOString() },
    companyScoped: true,
  }),
} satisfies Record<string, SampleOf>;

/** Resources the samples need, made once with the admin token `t`; merged into the fixtures. */
export async function fixtures(_t: string, base: Fixtures): Promise<Record<string, string>> {
  const [row] = rowsOf<{ created_at: string }>(await db().execute(sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at from orders where id = ${base.orderId}`));
  return { orderCreatedAt: row.created_at };
}
