/**
 * The first-run checklist of a tenant (DESIGN.md 6.4): what a new customer still has to set up
 * before its first real order, from real counts of the tenant's own rows in one statement.
 * "A user" means a colleague who has signed in: two people of the tenant with a session (the first
 * admin and one more), not an invitation, which may never have reached anyone (issue 29); "a webhook"
 * means an order with a callback URL, or a delivery to an account webhook endpoint that its receiver
 * acknowledged with a 2xx (issue 30): the signs that an integration receives events. A delivery
 * merely queued (to an endpoint nobody listens at) does not count.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';

export const SETUP_STEPS = ['company', 'location', 'package', 'clinics', 'user', 'apiToken', 'webhook'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/**
 * `complete`: every step done; the home page shows the checklist to admins until then, orders or
 * not (a first order does not make the webhook step done). `firstRun`: the tenant has placed no order yet.
 */
export type SetupProgress = Record<SetupStep, boolean> & { complete: boolean; firstRun: boolean };

interface Row extends Record<string, unknown> {
  company: boolean;
  location: boolean;
  package: boolean;
  clinics: boolean;
  user: boolean;
  api_token: boolean;
  webhook: boolean;
  has_orders: boolean;
}

export async function setupProgress(db: Db, tenantId: string): Promise<SetupProgress> {
  const result = await db.execute<Row>(sql`
    select
      exists (select 1 from companies where tenant_id = ${tenantId} and deleted_at is null) as company,
      exists (select 1 from locations where tenant_id = ${tenantId}) as location,
      exists (select 1 from packages where tenant_id = ${tenantId}) as package,
      exists (select 1 from clinics where tenant_id = ${tenantId}) as clinics,
      (select count(*) from (select 1 from users u where u.tenant_id = ${tenantId}
        and exists (select 1 from user_sessions s where s.user_id = u.id) limit 2) two) >= 2 as user,
      exists (select 1 from api_tokens where tenant_id = ${tenantId}) as api_token,
      (exists (select 1 from orders where tenant_id = ${tenantId} and callback_url is not null)
        or exists (select 1 from webhook_deliveries where tenant_id = ${tenantId} and endpoint_id is not null and status = 'delivered')) as webhook,
      exists (select 1 from orders where tenant_id = ${tenantId}) as has_orders
  `);
  const rows = (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
  const row = rows[0];
  const progress = {
    company: Boolean(row.company),
    location: Boolean(row.location),
    package: Boolean(row.package),
    clinics: Boolean(row.clinics),
    user: Boolean(row.user),
    apiToken: Boolean(row.api_token),
    webhook: Boolean(row.webhook),
  };
  return { ...progress, complete: SETUP_STEPS.every((step) => progress[step]), firstRun: !row.has_orders };
}
